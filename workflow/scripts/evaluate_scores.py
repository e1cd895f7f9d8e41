from textsim.io import setup_logging
from textsim.stages.deboom.scoring import evaluate_baselines

setup_logging(snakemake.log[0])
evaluate_baselines(
    snakemake.input.scores,
    snakemake.output[0],
    methods=snakemake.params.methods,
    metric_params=snakemake.params.metric_params,
)
