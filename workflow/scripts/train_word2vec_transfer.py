from textsim.io import setup_logging
from textsim.stages.word2vec import train_word2vec

setup_logging(snakemake.log[0])
train_word2vec(
    list(snakemake.input.corpus),
    snakemake.output[0],
    params=snakemake.params.settings,
    seed=snakemake.params.seed,
    workers=snakemake.threads,
)
