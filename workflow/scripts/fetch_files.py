from textsim.io import setup_logging
from textsim.options import call_with
from textsim.stages.download import fetch_resource

setup_logging(snakemake.log[0])
call_with(fetch_resource, list(snakemake.output), options=snakemake.params.options)
