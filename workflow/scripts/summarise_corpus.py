from textsim.core.io import setup_logging
from textsim.stages.corpus import corpus_statistics

setup_logging(snakemake.log[0])
corpus_statistics(list(snakemake.input.stats), snakemake.output[0])
