from textsim.io import setup_logging
from textsim.stages.tables import comparison_table

setup_logging(snakemake.log[0])
comparison_table(
    dict(zip(snakemake.params.lengths, snakemake.input.baseline, strict=True)),
    snakemake.params.learned,
    snakemake.output.csv.removesuffix(".csv"),
    table="prl-1",
    vectors=snakemake.params.vectors,
    title=(
        "PRL 2016 Table 1: Wikipedia couples, 20 words and variable length "
        "(Euclidean distance; tf-idf cosine)."
    ),
    note=snakemake.params.note,
)
