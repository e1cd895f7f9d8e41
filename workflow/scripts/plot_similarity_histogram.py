from textsim.deboom.figures.histograms import plot_similarity_histogram
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
plot_similarity_histogram(
    snakemake.input.scores,
    snakemake.output.pdf.removesuffix(".pdf"),
    method=snakemake.params.method,
    xlabel=snakemake.params.xlabel,
    bins=snakemake.params.bins,
    dpi=snakemake.params.dpi,
)
