from textsim.io import setup_logging
from textsim.stages.schafer.swarm import swarm_step

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
swarm_step(snakemake.input.state, snakemake.input.evaluations, snakemake.output[0], **p)
