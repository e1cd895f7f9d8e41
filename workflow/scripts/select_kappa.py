from textsim.deboom.stages.kappa import select_kappa
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
select_kappa(
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.output.json,
    snakemake.output.csv,
    length=snakemake.params.length,
    n_max=snakemake.params.n_max,
    grid=snakemake.params.grid,
    folds=snakemake.params.folds,
    max_couples=snakemake.params.max_couples,
    seed=snakemake.params.seed,
    deterministic=snakemake.params.deterministic,
    normalize=snakemake.params.normalize,
    backend=snakemake.params.backend,
)
