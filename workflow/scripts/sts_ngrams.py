from textsim.core.io import setup_logging
from textsim.stages.gem.ngrams import sts_ngrams

setup_logging(snakemake.log[0])
sts_ngrams(
    snakemake.input.vectors,
    snakemake.input.docfreq,
    {s: snakemake.input[s] for s in ("train", "dev", "test")},
    snakemake.output.scores,
    vectors_out=snakemake.output.vectors,
    options=snakemake.params.options,
)
