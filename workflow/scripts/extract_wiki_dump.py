from textsim.io import setup_logging
from textsim.stages.corpus import extract_wiki_dump

setup_logging(snakemake.log[0])
extract_wiki_dump(
    snakemake.input.dump,
    list(snakemake.output),
    processes=snakemake.threads,
    max_articles=snakemake.params.max_articles,
    cleaning=snakemake.params.cleaning,
)
