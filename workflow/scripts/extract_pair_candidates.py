from textsim.io import setup_logging
from textsim.stages.deboom.pairs import extract_pair_candidates

setup_logging(snakemake.log[0])
extract_pair_candidates(
    snakemake.input.corpus,
    snakemake.input.vectors,
    snakemake.output[0],
    shard_index=snakemake.params.shard_index,
    lengths=snakemake.params.lengths,
    variable_range=snakemake.params.variable_range,
    seed=snakemake.params.seed,
    min_tokens_factor=snakemake.params.min_tokens_factor,
    skip=snakemake.params.skip,
)
