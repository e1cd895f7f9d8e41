from pathlib import Path

from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.schafer.tables.lda import lda_table

setup_logging(snakemake.log[0])


def stem(path):
    return str(Path(path).with_suffix(""))


call_with(
    lda_table, snakemake.input.dataset, stem(snakemake.output.csv), options=snakemake.params.options
)
