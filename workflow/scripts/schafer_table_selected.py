from pathlib import Path

from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.verdicts.selection import selected_table

setup_logging(snakemake.log[0])
call_with(
    selected_table,
    list(snakemake.input.picks),
    list(snakemake.input.runs),
    str(Path(snakemake.output.csv).with_suffix("")),
    options=snakemake.params.options,
)
