from textsim.core.io import setup_logging
from textsim.stages.deboom.training import train_learned_weights

setup_logging(snakemake.log[0])
train_learned_weights(
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.output[0],
    length=snakemake.wildcards.length,
    procedure=snakemake.wildcards.procedure,
    options=snakemake.params.options,
    kappa_search=(snakemake.input.kappa or [None])[0],
)
