from pathlib import Path

from textsim.io import setup_logging
from textsim.schafer.tables.sizes import sizes_table

setup_logging(snakemake.log[0])
p = dict(snakemake.params.items())
datasets = p.pop("datasets")
i = snakemake.input
runs = {d: [r for r in i.runs if Path(r).parts[-3] == d] for d in datasets}
stats = {d: next(s for s in i.stats if Path(s).parts[-2] == d) for d in datasets}
sizes_table(runs, stats, str(Path(snakemake.output.csv).with_suffix("")), **p)
