from textsim.core.io import setup_logging
from textsim.stages.gem.sts import sts_scores

setup_logging(snakemake.log[0])
sts_scores(
    snakemake.input.vectors,
    snakemake.input.docfreq,
    {s: snakemake.input[s] for s in ("train", "dev", "test")},
    list(snakemake.input.weights),
    snakemake.output.scores,
    vectors_out=snakemake.output.vectors,
    pairs_out=snakemake.output.pairs,
    options=snakemake.params.options,
)
