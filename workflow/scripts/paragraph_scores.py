from textsim.core.io import setup_logging
from textsim.stages.gem.paragraphs import paragraph_scores

setup_logging(snakemake.log[0])
paragraph_scores(
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.input.documents,
    snakemake.output.scores,
    snakemake.output.predictions,
    options=snakemake.params.options,
    threads=snakemake.threads,
)
