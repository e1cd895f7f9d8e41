from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.deboom.figures.weights import plot_learned_weights

setup_logging(snakemake.log[0])
call_with(
    plot_learned_weights,
    list(snakemake.input.weights),
    snakemake.output.pdf.removesuffix(".pdf"),
    options=snakemake.params.options,
)
