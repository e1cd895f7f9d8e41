from textsim.io import setup_logging
from textsim.stages.scaling import scaling_slice

setup_logging(snakemake.log[0])
scaling_slice(
    list(snakemake.input.shards),
    snakemake.output.corpus,
    snakemake.output.stats,
    tokens=snakemake.params.tokens,
)
