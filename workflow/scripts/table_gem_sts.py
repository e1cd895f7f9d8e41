from textsim.io import setup_logging
from textsim.stages.gem import table_sts

setup_logging(snakemake.log[0])
table_sts(
    snakemake.input.scores,
    snakemake.input.minilm,
    snakemake.output.csv.removesuffix(".csv"),
    title=snakemake.params.title,
    note=snakemake.params.note,
)
