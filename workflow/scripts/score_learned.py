from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.deboom.learned import score_learned

setup_logging(snakemake.log[0])
call_with(
    score_learned,
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.input.weights,
    snakemake.output[0],
    options=snakemake.params.options,
)
