from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.word2vec import train_word2vec

setup_logging(snakemake.log[0])
call_with(
    train_word2vec,
    list(snakemake.input.corpus),
    snakemake.output[0],
    workers=snakemake.threads,
    options=snakemake.params.options,
)
