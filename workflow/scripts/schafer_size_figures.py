from pathlib import Path

from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.schafer.figures.sizes import size_figures

setup_logging(snakemake.log[0])


def stem(path):
    return str(Path(path).with_suffix(""))


o = snakemake.output
stems = {k: stem(o[k][0]) for k in ("topic", "triplets", "ranks_accuracy")}
call_with(size_figures, snakemake.input.runs, stems, options=snakemake.params.options)
