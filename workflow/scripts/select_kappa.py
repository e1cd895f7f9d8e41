from textsim.core.io import setup_logging
from textsim.stages.deboom.kappa import select_kappa

setup_logging(snakemake.log[0])
select_kappa(
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.output.json,
    snakemake.output.csv,
    options=snakemake.params.options,
)
