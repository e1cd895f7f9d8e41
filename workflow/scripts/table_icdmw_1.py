from textsim.deboom.tables.icdmw_1 import table_icdmw_1
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
table_icdmw_1(
    list(snakemake.input.metrics),
    snakemake.output.csv.removesuffix(".csv"),
    lengths=snakemake.params.lengths,
    vectors=snakemake.params.vectors,
    note=snakemake.params.note,
)
