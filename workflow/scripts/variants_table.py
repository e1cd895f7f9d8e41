from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.variants import variants_table

setup_logging(snakemake.log[0])
call_with(
    variants_table,
    snakemake.output.long,
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
