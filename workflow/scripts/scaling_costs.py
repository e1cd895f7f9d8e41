from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.scaling import scaling_costs

setup_logging(snakemake.log[0])
call_with(
    scaling_costs,
    list(snakemake.input.slices),
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
