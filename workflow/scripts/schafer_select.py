from textsim.core.io import setup_logging
from textsim.stages.schafer.selection import select

setup_logging(snakemake.log[0])
select(list(snakemake.input.trials), snakemake.output[0])
