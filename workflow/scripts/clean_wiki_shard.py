from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.corpus import clean_wiki_shard

setup_logging(snakemake.log[0])
call_with(
    clean_wiki_shard,
    list(snakemake.input.raw),
    snakemake.output.corpus,
    snakemake.output.stats,
    options=snakemake.params.options,
)
