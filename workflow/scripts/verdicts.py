from textsim.core.io import setup_logging
from textsim.stages.verdicts import verdicts

setup_logging(snakemake.log[0])
verdicts(
    list(snakemake.input.baselines),
    list(snakemake.input.learned),
    list(snakemake.input.sts),
    list(snakemake.input.schafer),
    list(snakemake.input.couples),
    list(snakemake.input.weights),
    list(snakemake.input.paragraphs),
    snakemake.output.comparisons_csv.removesuffix(".csv"),
    snakemake.output.claims_csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
