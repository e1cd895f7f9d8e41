from textsim.io import setup_logging
from textsim.stages.schafer.swarm import swarm_start

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
swarm_start(snakemake.output[0], **p)
