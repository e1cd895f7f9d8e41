from textsim.core.io import setup_logging
from textsim.stages.schafer.runs import final_run

setup_logging(snakemake.log[0])
i, o = snakemake.input, snakemake.output
final_run(
    i.best or None,
    i.dataset,
    i.words,
    i.reference,
    i.valid,
    o.record,
    o.vectors,
    options=snakemake.params.options,
)
