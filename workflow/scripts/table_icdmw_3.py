from textsim.deboom.tables.comparison import comparison_table
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
comparison_table(
    {"20": snakemake.input.baseline},
    {"20": list(snakemake.input.learned)},
    snakemake.output.csv.removesuffix(".csv"),
    table="icdmw-3",
    vectors=snakemake.params.vectors,
    title="ICDMW 2015 Table III: test error rates, 20 words (Euclidean distance; tf-idf cosine).",
    note=snakemake.params.note,
)
