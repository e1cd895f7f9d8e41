from textsim.io import setup_logging
from textsim.stages.scaling import scaling_costs

setup_logging(snakemake.log[0])
scaling_costs(
    dict(zip(snakemake.params.sizes, snakemake.input.slices, strict=True)),
    snakemake.params.records,
    snakemake.output.csv.removesuffix(".csv"),
    target_tokens=snakemake.params.target_tokens,
    title=snakemake.params.title,
    note=snakemake.params.note,
)
