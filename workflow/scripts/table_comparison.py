from textsim.deboom.tables.comparison import comparison_table
from textsim.io import setup_logging
from textsim.options import call_with

setup_logging(snakemake.log[0])
call_with(
    comparison_table,
    list(snakemake.input.baseline),
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
