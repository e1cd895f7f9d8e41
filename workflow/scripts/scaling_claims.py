from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.scaling import scaling_claims

setup_logging(snakemake.log[0])
call_with(
    scaling_claims,
    list(snakemake.input.verdicts),
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
