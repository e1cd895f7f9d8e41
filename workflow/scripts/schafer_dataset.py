from textsim.core.io import setup_logging
from textsim.stages.schafer.data import prepare

setup_logging(snakemake.log[0])
prepare(
    snakemake.input.source,
    snakemake.output.dataset,
    snakemake.output.stats,
    options=snakemake.params.options,
)
