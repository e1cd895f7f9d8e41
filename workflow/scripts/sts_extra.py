from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.extra.sts import sts_extra

setup_logging(snakemake.log[0])
call_with(
    sts_extra,
    list(snakemake.input.sts),
    snakemake.input.texts,
    snakemake.input.vectors,
    snakemake.output.scores,
    snakemake.output.pairs,
    options=snakemake.params.options,
)
