from textsim.gem.tables.sts import table_sts
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
table_sts(
    snakemake.input.scores,
    snakemake.input.minilm,
    snakemake.output.csv.removesuffix(".csv"),
    title=snakemake.params.title,
    note=snakemake.params.note,
)
