from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.scaling import plot_scaling_deboom

setup_logging(snakemake.log[0])
call_with(
    plot_scaling_deboom,
    snakemake.input.long,
    snakemake.output.pdf.removesuffix(".pdf"),
    options=snakemake.params.options,
)
