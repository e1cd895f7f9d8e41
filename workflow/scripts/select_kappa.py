from textsim.io import setup_logging
from textsim.stages.deboom.kappa import select_kappa

setup_logging(snakemake.log[0])
select_kappa(
    snakemake.input.couples,
    snakemake.input.vectors,
    snakemake.input.docfreq,
    snakemake.output.json,
    snakemake.output.csv,
    length=snakemake.params.length,
    search=snakemake.params.search,
    normalize=snakemake.params.normalize,
    backend=snakemake.params.backend,
)
