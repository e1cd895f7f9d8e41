from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.variants import plot_variants

setup_logging(snakemake.log[0])
call_with(
    plot_variants,
    snakemake.input.long,
    snakemake.output.pdf.removesuffix(".pdf"),
    options=snakemake.params.options,
)
