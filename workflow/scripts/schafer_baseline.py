from textsim.io import setup_logging
from textsim.stages.schafer.baselines import baseline_run

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
i, o = snakemake.input, snakemake.output
baseline_run(i.dataset, i.vectors, i.docfreq, i.reference, o.record, o.vectors, **p)
