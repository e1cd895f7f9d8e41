from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.corpus import extract_wiki_dump

setup_logging(snakemake.log[0])
call_with(
    extract_wiki_dump,
    snakemake.input.dump,
    list(snakemake.output),
    processes=snakemake.threads,
    options=snakemake.params.options,
)
