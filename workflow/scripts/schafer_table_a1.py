from pathlib import Path

from textsim.io import setup_logging
from textsim.schafer.tables.results import results_table

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())


def stem(path):
    return str(Path(path).with_suffix(""))


results_table(snakemake.input.runs, snakemake.input.stats, stem(snakemake.output.csv), **p)
