from textsim.deboom.stages.pairs import curate_pairs
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
curate_pairs(
    list(snakemake.input.candidates),
    snakemake.output.couples,
    snakemake.output.summary,
    length=snakemake.wildcards.length,
    seed=snakemake.params.seed,
    proportions=snakemake.params.proportions,
    nonpair_source=snakemake.params.nonpair_source,
    max_couples=snakemake.params.max_couples,
    construction=snakemake.params.construction,
    article_range=snakemake.params.article_tokens,
    selection=snakemake.params.selection,
)
