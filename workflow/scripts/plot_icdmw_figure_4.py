from textsim.deboom.figures.weights import plot_learned_weights
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
plot_learned_weights(
    {"importance factors": snakemake.input.weights},
    snakemake.output.pdf.removesuffix(".pdf"),
    ylabel="importance factor",
    dpi=snakemake.params.dpi,
)
