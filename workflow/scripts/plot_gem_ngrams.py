from textsim.gem.figures.ngrams import plot_ngrams
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
plot_ngrams(
    snakemake.input.ngrams,
    snakemake.output.performance[0].removesuffix(".pdf"),
    snakemake.output.speed[0].removesuffix(".pdf"),
    dpi=snakemake.params.dpi,
)
