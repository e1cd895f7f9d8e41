from textsim.io import setup_logging
from textsim.stages.scaling import scaling_claims

setup_logging(snakemake.log[0])
scaling_claims(
    snakemake.input.long,
    snakemake.output.csv.removesuffix(".csv"),
    primary=snakemake.params.primary,
    sts_mode=snakemake.params.sts_mode,
    title=snakemake.params.title,
    note=snakemake.params.note,
)
