from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.scaling import scaling_slice

setup_logging(snakemake.log[0])
call_with(
    scaling_slice,
    list(snakemake.input.shards),
    snakemake.output.corpus,
    snakemake.output.stats,
    options=snakemake.params.options,
)
