from textsim.io import setup_logging
from textsim.stages.deboom.scoring import score_baselines

setup_logging(snakemake.log[0])
score_baselines(
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.output[0],
    methods=snakemake.params.methods,
    normalize=snakemake.params.normalize,
    top_fraction=snakemake.params.top_fraction,
    idf=snakemake.params.idf,
    n_jobs=snakemake.threads,
)
