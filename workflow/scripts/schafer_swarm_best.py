from textsim.core.io import setup_logging
from textsim.stages.schafer.swarm import swarm_best

setup_logging(snakemake.log[0])
swarm_best(snakemake.input.evaluations, snakemake.output[0])
