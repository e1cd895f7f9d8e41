from textsim.io import setup_logging
from textsim.stages.schafer.data import reference

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
reference(
    snakemake.input.dataset,
    snakemake.input.vectors,
    {"valid": snakemake.output.valid, "test": snakemake.output.test},
    **p,
)
