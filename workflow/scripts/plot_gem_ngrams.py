from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.gem.figures.ngrams import plot_ngrams

setup_logging(snakemake.log[0])
call_with(
    plot_ngrams,
    snakemake.input.ngrams,
    snakemake.output.performance[0].removesuffix(".pdf"),
    snakemake.output.speed[0].removesuffix(".pdf"),
    options=snakemake.params.options,
)
