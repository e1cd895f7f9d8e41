from textsim.core.io import setup_logging
from textsim.stages.schafer.data import reference

setup_logging(snakemake.log[0])
reference(
    snakemake.input.dataset,
    snakemake.input.vectors,
    {"valid": snakemake.output.valid, "test": snakemake.output.test},
    options=snakemake.params.options,
)
