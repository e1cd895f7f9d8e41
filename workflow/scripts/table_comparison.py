from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.deboom.tables.comparison import comparison_table

setup_logging(snakemake.log[0])
call_with(
    comparison_table,
    list(snakemake.input.baseline),
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
