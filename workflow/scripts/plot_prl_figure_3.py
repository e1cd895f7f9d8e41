from textsim.deboom.figures.weights import plot_learned_weights
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
plot_learned_weights(
    {"contrastive": snakemake.input.contrastive, "median": snakemake.input.median},
    snakemake.output.pdf.removesuffix(".pdf"),
    ylabel="learned weight",
    dpi=snakemake.params.dpi,
)
