from textsim.io import setup_logging
from textsim.stages.scaling import plot_scaling_words

setup_logging(snakemake.log[0])
plot_scaling_words(
    snakemake.input.long, snakemake.output.pdf.removesuffix(".pdf"), dpi=snakemake.params.dpi
)
