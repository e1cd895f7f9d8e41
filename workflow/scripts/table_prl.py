from textsim.io import setup_logging
from textsim.stages.tables import comparison_table

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
