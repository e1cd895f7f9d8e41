from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.extra.embedding import embed_extra

setup_logging(snakemake.log[0])
call_with(embed_extra, snakemake.input.texts, snakemake.output[0], options=snakemake.params.options)
