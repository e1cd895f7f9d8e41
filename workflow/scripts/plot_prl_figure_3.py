from textsim.io import setup_logging
from textsim.stages.figures import plot_learned_weights

setup_logging(snakemake.log[0])
plot_learned_weights(
    {"contrastive": snakemake.input.contrastive, "median": snakemake.input.median},
    snakemake.output.pdf.removesuffix(".pdf"),
    ylabel="learned weight",
    dpi=snakemake.params.dpi,
)
