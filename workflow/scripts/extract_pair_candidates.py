from textsim.core.io import setup_logging
from textsim.stages.deboom.pairs import extract_pair_candidates

setup_logging(snakemake.log[0])
extract_pair_candidates(
    snakemake.input.corpus,
    snakemake.input.vectors,
    snakemake.output[0],
    options=snakemake.params.options,
)
