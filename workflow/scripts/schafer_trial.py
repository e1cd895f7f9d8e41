from textsim.core.io import setup_logging
from textsim.stages.schafer.selection import trial

setup_logging(snakemake.log[0])
i, o = snakemake.input, snakemake.output
trial(
    i.dataset, i.words, i.reference, i.valid, o.record, o.vectors, options=snakemake.params.options
)
