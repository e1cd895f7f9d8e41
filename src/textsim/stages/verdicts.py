"""Workflow glue of rule verdicts: the run's evidence files → the verdict tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from textsim.core.io import PathLike
from textsim.core.options import settings_of
from textsim.report.tables import write_plain_table


@dataclass(frozen=True)
class VerdictOptions:
    """Rule verdicts' settings: ``baselines`` / ``learned`` / ``schafer``, the
    ``set/variant``, ``set/procedure`` and ``table/model`` key of each input file in
    order (a trained method's key once per seed; where the word vectors were trained
    several times, a De Boom key once per word2vec seed, seed by seed, the learned
    ones' training seeds within each); ``couples``: the couple set of each
    couples file (the bootstrap's clusters); ``weights``: the ``set/procedure`` key of
    each learned weights file (one per seed); ``primary``: the learned weights' vector
    variant; ``n_thresholds``: the split-error threshold grid; ``js``: the JS
    divergence's bins, low, high and pseudocount; ``n_boot`` replicates, bootstrap
    ``seed``; ``run``: the run's words for the titles; ``sources``: the papers whose
    claims are judged."""

    baselines: Sequence[str]
    learned: Sequence[str]
    schafer: Sequence[str]
    couples: Sequence[str]
    weights: Sequence[str]
    primary: str
    n_thresholds: int
    js: Sequence[float]
    n_boot: int
    seed: int
    run: str
    sources: Sequence[str]


def _pairs(keys: Sequence[str], paths: Sequence[PathLike], what: str) -> list[tuple[str, str]]:
    if len(keys) != len(paths):
        raise ValueError(f"{what}: {len(keys)} keys for {len(paths)} files")
    return [(key.partition("/")[0], key.partition("/")[2]) for key in keys]


def verdicts(
    baselines: Sequence[PathLike],
    learned: Sequence[PathLike],
    sts: Sequence[PathLike],
    schafer: Sequence[PathLike],
    couples: Sequence[PathLike],
    weights: Sequence[PathLike],
    paragraphs: Sequence[PathLike],
    comparisons_stem: PathLike,
    claims_stem: PathLike,
    *,
    options: Mapping[str, Any],
) -> None:
    """Judge every claim of the registry on this run's evidence; write the comparison
    table and the one-line-per-claim table (CSV, Markdown, LaTeX, HTML)."""
    from textsim.verdicts.evidence import (
        Evidence,
        deboom_evidence,
        paragraph_evidence,
        schafer_evidence,
        sts_evidence,
    )
    from textsim.verdicts.lines import claim_table
    from textsim.verdicts.registry import claims
    from textsim.verdicts.table import NOTE, comparison_table

    opts = settings_of(VerdictOptions, options, "verdicts")
    judged = [c for c in claims() if c.source in opts.sources]
    evidence = Evidence()
    baseline_files: dict[tuple[str, str], list[PathLike]] = {}
    for key, path in zip(_pairs(opts.baselines, baselines, "baselines"), baselines, strict=True):
        baseline_files.setdefault(key, []).append(path)
    learned_files: dict[tuple[str, str], list[PathLike]] = {}
    weight_files: dict[tuple[str, str], list[PathLike]] = {}
    for key, path in zip(_pairs(opts.weights, weights, "weights"), weights, strict=True):
        weight_files.setdefault(key, []).append(path)
    for key, path in zip(_pairs(opts.learned, learned, "learned"), learned, strict=True):
        learned_files.setdefault(key, []).append(path)
    deboom_evidence(
        baseline_files,
        learned_files,
        couples=dict(zip(opts.couples, couples, strict=True)),
        weights=weight_files,
        primary=opts.primary,
        n_thresholds=opts.n_thresholds,
        js=(int(opts.js[0]), float(opts.js[1]), float(opts.js[2]), float(opts.js[3])),
        evidence=evidence,
    )
    for path in sts:
        sts_evidence(path, evidence=evidence)
    for path in paragraphs:
        paragraph_evidence(path, evidence=evidence)
    schafer_runs: dict[tuple[str, str], list[PathLike]] = {}
    for key, path in zip(_pairs(opts.schafer, schafer, "schafer"), schafer, strict=True):
        schafer_runs.setdefault(key, []).append(path)
    schafer_evidence(schafer_runs, evidence=evidence)
    table = comparison_table(evidence, n_boot=opts.n_boot, seed=opts.seed, registry=judged)
    lines = claim_table(table, registry=judged)
    write_plain_table(
        _rounded(table),
        comparisons_stem,
        title=f"Verdicts, every comparison: {opts.run}",
        note=NOTE,
    )
    write_plain_table(
        lines, claims_stem, title=f"Verdicts, one line per claim: {opts.run}", note=NOTE
    )


def _rounded(frame: pd.DataFrame) -> pd.DataFrame:
    out = frame.copy()
    for column in ("published better", "published worse", "ours better", "ours worse"):
        out[column] = out[column].round(2)
    for column in ("difference", "low", "high", "low adjusted", "high adjusted", "se"):
        if column in out:
            out[column] = out[column].round(3 if column == "se" else 2)
    return out
