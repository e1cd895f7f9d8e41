from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.leaderboard import leaderboard_deboom

setup_logging(snakemake.log[0])
call_with(
    leaderboard_deboom,
    list(snakemake.input.couples),
    list(snakemake.input.baselines),
    list(snakemake.input.learned),
    list(snakemake.input.extras),
    snakemake.output.csv.removesuffix(".csv"),
    snakemake.output.comparisons[0].removesuffix(".csv"),
    snakemake.output.numbers,
    options=snakemake.params.options,
)
