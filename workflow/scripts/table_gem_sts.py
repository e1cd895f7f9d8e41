from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.gem.tables.sts import table_sts

setup_logging(snakemake.log[0])
call_with(
    table_sts,
    snakemake.input.scores,
    list(snakemake.input.extras),
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
