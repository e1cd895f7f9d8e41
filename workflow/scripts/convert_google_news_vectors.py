from textsim.core.io import setup_logging
from textsim.stages.word2vec import convert_vectors

setup_logging(snakemake.log[0])
convert_vectors(snakemake.input.vectors, snakemake.output[0])
