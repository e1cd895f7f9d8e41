from textsim.core.io import setup_logging
from textsim.stages.docfreq import count_docfreq

setup_logging(snakemake.log[0])
count_docfreq(snakemake.input.corpus, snakemake.output[0])
