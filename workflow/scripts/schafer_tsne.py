from pathlib import Path

from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.schafer.figures.tsne import tsne_figure

setup_logging(snakemake.log[0])


def stem(path):
    return str(Path(path).with_suffix(""))


call_with(
    tsne_figure,
    snakemake.input.vectors,
    stem(snakemake.output[0]),
    options=snakemake.params.options,
)
