from pathlib import Path

from textsim.io import setup_logging
from textsim.schafer.tables.datasets import statistics_table

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())


def stem(path):
    return str(Path(path).with_suffix(""))


statistics_table(snakemake.input.stats, stem(snakemake.output.csv), **p)
