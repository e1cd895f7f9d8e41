from textsim.io import setup_logging
from textsim.stages.scaling import scaling_results

setup_logging(snakemake.log[0])
scaling_results(
    snakemake.params.sizes,
    list(snakemake.input.slices),
    snakemake.params.baselines,
    snakemake.params.learned,
    list(snakemake.input.sts),
    list(snakemake.input.quality),
    snakemake.output.long,
    snakemake.output.csv.removesuffix(".csv"),
    title=snakemake.params.title,
    note=snakemake.params.note,
)
