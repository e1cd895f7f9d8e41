from pathlib import Path

from textsim.io import setup_logging
from textsim.schafer.figures.sizes import size_figures

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())


def stem(path):
    return str(Path(path).with_suffix(""))


o = snakemake.output
stems = {k: stem(o[k][0]) for k in ("topic", "triplets", "ranks_accuracy")}
size_figures(snakemake.input.runs, stems, **p)
