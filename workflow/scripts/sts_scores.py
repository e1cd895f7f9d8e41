from textsim.gem.stages.sts import sts_scores
from textsim.io import setup_logging

setup_logging(snakemake.log[0])
sts_scores(
    snakemake.input.vectors,
    snakemake.input.docfreq,
    {s: snakemake.input[s] for s in ("train", "dev", "test")},
    dict(zip(snakemake.params.learned_runs, snakemake.input.weights, strict=True)),
    snakemake.output.scores,
    vectors_out=snakemake.output.vectors,
    modes=snakemake.params.modes,
    usif_normalizations=snakemake.params.usif_normalizations,
    gem_variants=snakemake.params.gem_variants,
    max_pairs=snakemake.params.max_pairs,
)
