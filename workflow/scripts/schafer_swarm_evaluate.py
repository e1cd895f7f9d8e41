from textsim.io import setup_logging
from textsim.stages import schafer as s

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
i = snakemake.input
s.swarm_evaluate(i.state, i.dataset, i.words, i.reference, snakemake.output[0], **p)
