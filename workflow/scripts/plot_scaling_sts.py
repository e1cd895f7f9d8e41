from textsim.io import setup_logging
from textsim.stages.scaling import plot_scaling_sts

setup_logging(snakemake.log[0])
plot_scaling_sts(
    snakemake.input.long,
    snakemake.output.pdf.removesuffix(".pdf"),
    mode=snakemake.params.mode,
    dpi=snakemake.params.dpi,
)
