from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.deboom.tables.icdmw_2 import table_icdmw_2

setup_logging(snakemake.log[0])
call_with(
    table_icdmw_2,
    list(snakemake.input.metrics),
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
