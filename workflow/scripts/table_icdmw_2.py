from textsim.io import setup_logging
from textsim.stages.tables import table_icdmw_2

setup_logging(snakemake.log[0])
table_icdmw_2(
    list(snakemake.input.metrics),
    snakemake.output.csv.removesuffix(".csv"),
    vectors=snakemake.params.vectors,
    note=snakemake.params.note,
)
