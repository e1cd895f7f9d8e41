from pathlib import Path

from textsim.io import setup_logging
from textsim.schafer.tables.lda import lda_table

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())


def stem(path):
    return str(Path(path).with_suffix(""))


lda_table(snakemake.input.dataset, stem(snakemake.output.csv), **p)
