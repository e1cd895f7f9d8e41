from textsim.core.io import setup_logging
from textsim.stages.docfreq import merge_docfreq

setup_logging(snakemake.log[0])
merge_docfreq(list(snakemake.input.shards), snakemake.output[0])
