from textsim.core.io import setup_logging
from textsim.stages.deboom.scoring import score_baselines

setup_logging(snakemake.log[0])
score_baselines(
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.output[0],
    options=snakemake.params.options,
    n_jobs=snakemake.threads,
)
