from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.deboom.scoring import evaluate_baselines

setup_logging(snakemake.log[0])
call_with(
    evaluate_baselines,
    snakemake.input.scores,
    snakemake.output[0],
    options=snakemake.params.options,
)
