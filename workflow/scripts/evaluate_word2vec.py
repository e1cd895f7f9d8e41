from textsim.core.io import setup_logging
from textsim.stages.word2vec import evaluate_word2vec

setup_logging(snakemake.log[0])
evaluate_word2vec(
    snakemake.input.vectors, snakemake.input.analogies, snakemake.input.wordsim, snakemake.output[0]
)
