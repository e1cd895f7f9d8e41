from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.deboom.figures.histograms import plot_similarity_histogram

setup_logging(snakemake.log[0])
call_with(
    plot_similarity_histogram,
    snakemake.input.scores,
    snakemake.output.pdf.removesuffix(".pdf"),
    options=snakemake.params.options,
)
