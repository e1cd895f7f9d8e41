from textsim.deboom.tables.icdmw_2 import table_icdmw_2
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
table_icdmw_2(
    list(snakemake.input.metrics),
    snakemake.output.csv.removesuffix(".csv"),
    vectors=snakemake.params.vectors,
    note=snakemake.params.note,
)
