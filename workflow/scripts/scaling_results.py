from textsim.core.io import setup_logging
from textsim.core.options import call_with
from textsim.stages.scaling import scaling_results

setup_logging(snakemake.log[0])
call_with(
    scaling_results,
    list(snakemake.input.slices),
    list(snakemake.input.sts),
    list(snakemake.input.quality),
    snakemake.output.long,
    snakemake.output.csv.removesuffix(".csv"),
    options=snakemake.params.options,
)
