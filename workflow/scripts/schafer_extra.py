from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.extra.schafer import schafer_extra

setup_logging(snakemake.log[0])
call_with(
    schafer_extra,
    snakemake.input.dataset,
    snakemake.input.reference,
    snakemake.input.texts,
    snakemake.input.vectors,
    snakemake.output.record,
    snakemake.output.vectors,
    options=snakemake.params.options,
)
