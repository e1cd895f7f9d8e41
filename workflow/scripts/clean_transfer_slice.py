from textsim.core.io import setup_logging
from textsim.stages.corpus import clean_wiki_shard

setup_logging(snakemake.log[0])
clean_wiki_shard(list(snakemake.input.raw), snakemake.output.corpus, snakemake.output.stats)
