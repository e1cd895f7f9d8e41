from textsim.core.io import setup_logging
from textsim.stages.deboom.pairs import curate_pairs

setup_logging(snakemake.log[0])
curate_pairs(
    list(snakemake.input.candidates),
    snakemake.output.couples,
    snakemake.output.summary,
    length=snakemake.wildcards.length,
    options=snakemake.params.options,
)
