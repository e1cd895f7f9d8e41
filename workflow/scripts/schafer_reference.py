from textsim.io import setup_logging
from textsim.stages import schafer as s

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
s.reference(
    snakemake.input.dataset,
    snakemake.input.vectors,
    {"valid": snakemake.output.valid, "test": snakemake.output.test},
    **p,
)
