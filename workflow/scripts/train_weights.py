from textsim.deboom.stages.training import read_kappa, train_learned_weights
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
train_learned_weights(
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.output[0],
    length=snakemake.wildcards.length,
    procedure=snakemake.wildcards.procedure,
    n_max=snakemake.params.n_max,
    kappa=read_kappa(
        snakemake.params.kappa,
        (snakemake.input.kappa or [None])[0],
        snakemake.wildcards.procedure,
    ),
    seed=snakemake.params.seed,
    deterministic=snakemake.params.deterministic,
    normalize=snakemake.params.normalize,
    backend=snakemake.params.backend,
    stopping=snakemake.params.stopping,
)
