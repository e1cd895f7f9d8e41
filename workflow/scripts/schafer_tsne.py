from pathlib import Path

from textsim.io import setup_logging
from textsim.schafer.figures.tsne import tsne_figure

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())


def stem(path):
    return str(Path(path).with_suffix(""))


tsne_figure(snakemake.input.vectors, stem(snakemake.output[0]), **p)
