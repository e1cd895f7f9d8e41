from textsim.io import setup_logging
from textsim.stages.deboom.twitter import curate_twitter_pairs

setup_logging(snakemake.log[0])
curate_twitter_pairs(
    list(snakemake.input.tweets),
    snakemake.input.vectors,
    snakemake.output.couples,
    snakemake.output.summary,
    variant=snakemake.params.variant,
    stop_hashtags=snakemake.params.stop_hashtags,
    window_minutes=snakemake.params.window_minutes,
    proportions=snakemake.params.proportions,
    max_couples=snakemake.params.max_couples,
    seed=snakemake.params.seed,
)
