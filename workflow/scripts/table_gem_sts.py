from textsim.gem.tables.sts import table_sts
from textsim.io import setup_logging
from textsim.options import call_with

setup_logging(snakemake.log[0])
call_with(
    table_sts,
    snakemake.input.scores,
    list(snakemake.input.extras),
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
