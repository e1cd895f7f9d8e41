from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.extra.deboom import score_extra

setup_logging(snakemake.log[0])
call_with(
    score_extra,
    list(snakemake.input.couples),
    snakemake.input.texts,
    snakemake.input.vectors,
    snakemake.output.scores,
    snakemake.output.metrics,
    options=snakemake.params.options,
)
