from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.extra.texts import extra_texts

setup_logging(snakemake.log[0])
call_with(
    extra_texts,
    list(snakemake.input.couples),
    list(snakemake.input.sts),
    list(snakemake.input.documents),
    snakemake.output[0],
    options=snakemake.params.options,
)
