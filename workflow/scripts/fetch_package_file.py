from textsim.io import setup_logging
from textsim.stages.download import fetch_resource

setup_logging(snakemake.log[0])
fetch_resource(
    snakemake.params.resource,
    list(snakemake.output),
    files=snakemake.params.get("files"),
    mirror=snakemake.params.get("mirror"),
    date=snakemake.params.get("date"),
)
