from textsim.io import setup_logging
from textsim.options import call_with
from textsim.stages.gem.sts_minilm import sts_minilm

setup_logging(snakemake.log[0])
call_with(
    sts_minilm,
    {s: snakemake.input[s] for s in ("train", "dev", "test")},
    snakemake.output[0],
    options=snakemake.params.options,
)
