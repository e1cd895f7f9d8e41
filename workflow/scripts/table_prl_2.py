from textsim.io import setup_logging
from textsim.stages.tables import comparison_table

setup_logging(snakemake.log[0])
comparison_table(
    dict(zip(snakemake.params.lengths, snakemake.input.baseline, strict=True)),
    snakemake.params.learned,
    snakemake.output.csv.removesuffix(".csv"),
    table="prl-2",
    vectors=snakemake.params.vectors,
    title=(
        "PRL 2016 Table 2: Twitter couples with Wikipedia embeddings "
        "(Euclidean distance; tf-idf cosine)."
    ),
    note=snakemake.params.note,
)
