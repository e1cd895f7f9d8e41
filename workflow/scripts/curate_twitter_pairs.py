from textsim.core.io import setup_logging
from textsim.stages.deboom.twitter import curate_twitter_pairs

setup_logging(snakemake.log[0])
curate_twitter_pairs(
    list(snakemake.input.tweets),
    snakemake.input.vectors,
    snakemake.output.couples,
    snakemake.output.summary,
    options=snakemake.params.options,
)
