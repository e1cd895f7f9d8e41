from textsim.gem.tables.paragraphs import table_paragraphs
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
table_paragraphs(
    snakemake.input.scores,
    snakemake.output.csv.removesuffix(".csv"),
    title=snakemake.params.title,
    note=snakemake.params.note,
)
