from textsim.core.io import setup_logging
from textsim.stages.gem.models import sts_models

setup_logging(snakemake.log[0])
sts_models(
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.input.train,
    list(snakemake.input.weights),
    models_dir=snakemake.output.models,
    ngram_models_dir=snakemake.output.ngram_models,
    options=snakemake.params.options,
)
