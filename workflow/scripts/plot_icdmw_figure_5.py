from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.deboom.figures.normalised import plot_mean_vs_learned

setup_logging(snakemake.log[0])
call_with(
    plot_mean_vs_learned,
    snakemake.input.baseline,
    snakemake.input.learned,
    snakemake.output.pdf.removesuffix(".pdf"),
    options=snakemake.params.options,
)
