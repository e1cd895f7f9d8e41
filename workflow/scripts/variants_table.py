from textsim.io import setup_logging
from textsim.stages.variants import variants_table

setup_logging(snakemake.log[0])
variants_table(
    snakemake.params.runs,
    snakemake.output.long,
    snakemake.output.csv.removesuffix(".csv"),
    question=snakemake.wildcards.question,
    reference=snakemake.params.reference,
    methods=snakemake.params.methods,
    rare_count=snakemake.params.rare_count,
    title=snakemake.params.title,
    note=snakemake.params.note,
)
