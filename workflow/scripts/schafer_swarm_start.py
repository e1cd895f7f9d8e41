from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.schafer.swarm import swarm_start

setup_logging(snakemake.log[0])
call_with(swarm_start, snakemake.output[0], options=snakemake.params.options)
