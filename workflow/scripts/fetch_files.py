from textsim.core.io import InputFileError, one_line_errors, setup_logging
from textsim.core.options import call_with
from textsim.sources.fetching import ResourceError
from textsim.stages.download import fetch_resource

setup_logging(snakemake.log[0])
with one_line_errors(ResourceError, InputFileError):  # no network, a bad mirror copy: one line
    call_with(fetch_resource, list(snakemake.output), options=snakemake.params.options)
