from textsim.io import setup_logging
from textsim.stages.figures import plot_learned_weights

setup_logging(snakemake.log[0])
plot_learned_weights(
    {"importance factors": snakemake.input.weights},
    snakemake.output.pdf.removesuffix(".pdf"),
    ylabel="importance factor",
    dpi=snakemake.params.dpi,
)
