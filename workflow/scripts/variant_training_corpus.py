from textsim.core.io import setup_logging
from textsim.stages.variants import variant_training_corpus

setup_logging(snakemake.log[0])
variant_training_corpus(
    list(snakemake.input.shards), list(snakemake.input.couples), snakemake.output[0]
)
