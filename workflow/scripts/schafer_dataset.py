from textsim.io import setup_logging
from textsim.stages import schafer as s

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
s.prepare(snakemake.input.source, snakemake.output.dataset, snakemake.output.stats, **p)
