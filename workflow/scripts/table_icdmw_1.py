from textsim.io import setup_logging
from textsim.stages.tables import table_icdmw_1

setup_logging(snakemake.log[0])
table_icdmw_1(
    list(snakemake.input.metrics),
    snakemake.output.csv.removesuffix(".csv"),
    lengths=snakemake.params.lengths,
    vectors=snakemake.params.vectors,
    note=snakemake.params.note,
)
