from textsim.io import setup_logging
from textsim.stages import schafer as s

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
s.words(snakemake.input.dataset, snakemake.input.vectors, snakemake.output[0], **p)
