from textsim.io import setup_logging
from textsim.stages.schafer.data import words

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
words(snakemake.input.dataset, snakemake.input.vectors, snakemake.output[0], **p)
