from textsim.core.io import setup_logging
from textsim.stages.schafer.swarm import swarm_evaluate

setup_logging(snakemake.log[0])
i = snakemake.input
swarm_evaluate(
    i.state, i.dataset, i.words, i.reference, snakemake.output[0], options=snakemake.params.options
)
