from textsim.io import setup_logging
from textsim.stages.scaling import plot_scaling_deboom

setup_logging(snakemake.log[0])
plot_scaling_deboom(
    snakemake.input.long,
    snakemake.output.pdf.removesuffix(".pdf"),
    primary=snakemake.params.primary,
    paper_tokens=snakemake.params.paper_tokens,
    dpi=snakemake.params.dpi,
)
