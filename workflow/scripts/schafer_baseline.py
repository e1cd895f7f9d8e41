from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.schafer.baselines import baseline_run

setup_logging(snakemake.log[0])
i, o = snakemake.input, snakemake.output
call_with(
    baseline_run,
    i.dataset,
    i.vectors,
    i.docfreq,
    i.reference,
    o.record,
    o.vectors,
    options=snakemake.params.options,
)
