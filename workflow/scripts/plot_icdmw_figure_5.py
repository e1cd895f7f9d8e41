from textsim.deboom.figures.normalised import plot_mean_vs_learned
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
plot_mean_vs_learned(
    snakemake.input.baseline,
    snakemake.input.learned,
    snakemake.output.pdf.removesuffix(".pdf"),
    learned="learned_icdmw",
    bins=snakemake.params.bins,
    dpi=snakemake.params.dpi,
)
