from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.schafer.swarm import swarm_step

setup_logging(snakemake.log[0])
call_with(
    swarm_step,
    snakemake.input.state,
    snakemake.input.evaluations,
    snakemake.output[0],
    options=snakemake.params.options,
)
