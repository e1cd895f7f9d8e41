from textsim.io import setup_logging
from textsim.stages.gem.sts_minilm import sts_minilm

setup_logging(snakemake.log[0])
sts_minilm(
    {s: snakemake.input[s] for s in ("train", "dev", "test")},
    snakemake.output[0],
    max_pairs=snakemake.params.max_pairs,
)
