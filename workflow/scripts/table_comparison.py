from textsim.deboom.tables.comparison import comparison_table
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
comparison_table(
    dict(zip(snakemake.params.lengths, snakemake.input.baseline, strict=True)),
    snakemake.params.learned,
    snakemake.output.csv.removesuffix(".csv"),
    table=snakemake.params.table,
    vectors=snakemake.params.vectors,
    title=snakemake.params.title,
    note=snakemake.params.note,
)
