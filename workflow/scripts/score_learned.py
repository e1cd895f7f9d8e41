from textsim.io import setup_logging
from textsim.stages.deboom.learned import score_learned

setup_logging(snakemake.log[0])
score_learned(
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.input.weights,
    snakemake.output[0],
    name=snakemake.params.name,
    normalize=snakemake.params.normalize,
)
