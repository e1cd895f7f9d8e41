from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.schafer.data import words

setup_logging(snakemake.log[0])
call_with(
    words,
    snakemake.input.dataset,
    snakemake.input.vectors,
    snakemake.output[0],
    options=snakemake.params.options,
)
