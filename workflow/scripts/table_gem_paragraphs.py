from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.gem.tables.paragraphs import table_paragraphs

setup_logging(snakemake.log[0])
call_with(
    table_paragraphs,
    snakemake.input.scores,
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
