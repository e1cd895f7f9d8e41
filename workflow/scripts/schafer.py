"""Thin glue for every rule of workflow/rules/schafer.smk (textsim.stages.schafer)."""

from pathlib import Path

from textsim.io import setup_logging
from textsim.stages import schafer as s

setup_logging(snakemake.log[0])
i, o, p, rule = snakemake.input, snakemake.output, dict(snakemake.params.items()), snakemake.rule


def stem(path):
    return str(Path(path).with_suffix(""))


if rule == "schafer_dataset":
    s.prepare(i.source, o.dataset, o.stats, **p)
elif rule == "schafer_reference":
    s.reference(i.dataset, i.vectors, {"valid": o.valid, "test": o.test}, **p)
elif rule == "schafer_words":
    s.words(i.dataset, i.vectors, o[0], **p)
elif rule == "schafer_swarm_start":
    s.swarm_start(o[0], **p)
elif rule == "schafer_swarm_evaluate":
    s.swarm_evaluate(i.state, i.dataset, i.words, i.reference, o[0], **p)
elif rule == "schafer_swarm_step":
    s.swarm_step(i.state, i.evaluations, o[0], **p)
elif rule == "schafer_swarm_best":
    s.swarm_best(i.evaluations, o[0])
elif rule == "schafer_run":
    s.final_run(i.best, i.dataset, i.words, i.reference, o.record, o.vectors, **p)
elif rule == "schafer_baseline":
    s.baseline_run(i.dataset, i.vectors, i.docfreq, i.reference, o.record, o.vectors, **p)
elif rule in ("schafer_table_a1", "schafer_table_a2"):
    s.results_table(i.runs, i.stats, stem(o.csv), **p)
elif rule == "schafer_table_datasets":
    s.statistics_table(i.stats, stem(o.csv), **p)
elif rule == "schafer_table_lda":
    s.lda_table(i.dataset, stem(o.csv), **p)
elif rule == "schafer_search_figures":
    stems = {k: stem(o[k][0]) for k in ("epochs", "curves", "parameters", "scores")}
    s.search_figures(i.evaluations, stems, **p)
elif rule == "schafer_size_figures":
    stems = {k: stem(o[k][0]) for k in ("topic", "triplets", "ranks_accuracy")}
    s.size_figures(i.runs, stems, **p)
elif rule == "schafer_tsne":
    s.tsne_figure(i.vectors, stem(o[0]), **p)
else:
    raise ValueError(f"no glue for rule {rule}")
