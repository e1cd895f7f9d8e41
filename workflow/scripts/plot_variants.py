from textsim.io import setup_logging
from textsim.stages.variants import plot_variants

setup_logging(snakemake.log[0])
plot_variants(
    snakemake.input.long,
    snakemake.output.pdf.removesuffix(".pdf"),
    title=snakemake.params.title,
    dpi=snakemake.params.dpi,
)
