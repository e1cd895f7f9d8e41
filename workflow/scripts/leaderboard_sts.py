from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.leaderboard import leaderboard_sts

setup_logging(snakemake.log[0])
call_with(
    leaderboard_sts,
    list(snakemake.input.pairs),
    snakemake.output.csv.removesuffix(".csv"),
    snakemake.output.comparisons[0].removesuffix(".csv"),
    snakemake.output.numbers,
    options=snakemake.params.options,
)
