from pathlib import Path

from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.schafer.tables.datasets import statistics_table

setup_logging(snakemake.log[0])


def stem(path):
    return str(Path(path).with_suffix(""))


call_with(
    statistics_table,
    snakemake.input.stats,
    stem(snakemake.output.csv),
    options=snakemake.params.options,
)
