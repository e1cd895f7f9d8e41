from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.deboom.tables.icdmw_1 import table_icdmw_1

setup_logging(snakemake.log[0])
call_with(
    table_icdmw_1,
    list(snakemake.input.metrics),
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
