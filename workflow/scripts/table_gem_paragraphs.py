from textsim.io import setup_logging
from textsim.stages.gem import table_paragraphs

setup_logging(snakemake.log[0])
table_paragraphs(
    snakemake.input.scores,
    snakemake.output.csv.removesuffix(".csv"),
    title=snakemake.params.title,
    note=snakemake.params.note,
)
