from pathlib import Path

from textsim.io import setup_logging
from textsim.stages import schafer as s

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())


def stem(path):
    return str(Path(path).with_suffix(""))


o = snakemake.output
stems = {k: stem(o[k][0]) for k in ("topic", "triplets", "ranks_accuracy")}
s.size_figures(snakemake.input.runs, stems, **p)
