from pathlib import Path

from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.schafer.tables.sizes import sizes_table

setup_logging(snakemake.log[0])


def stem(path):
    return str(Path(path).with_suffix(""))


call_with(
    sizes_table,
    list(snakemake.input.runs),
    list(snakemake.input.stats),
    stem(snakemake.output.csv),
    options=snakemake.params.options,
)
