from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.leaderboard import plot_leaderboard

setup_logging(snakemake.log[0])
call_with(
    plot_leaderboard,
    snakemake.input.numbers,
    snakemake.output.pdf.removesuffix(".pdf"),
    options=snakemake.params.options,
)
