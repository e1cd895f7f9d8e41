"""Workflow glue of the tables stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

import pandas as pd

from textsim.io import PathLike

log = logging.getLogger(__name__)


def table_icdmw_1(
    metrics: Sequence[PathLike],
    stem: PathLike,
    *,
    lengths: Sequence[str],
    vectors: Sequence[str],
    note: str,
) -> None:
    """``metrics`` in length-major, vectors-minor order (as ``expand`` lists them)."""
    from textsim.tables import icdmw_table_1, write_table

    if len(metrics) != len(lengths) * len(vectors):
        raise ValueError("expected one metrics file per (length, vectors)")
    it = iter(metrics)
    paths: dict[str, dict[str, PathLike]] = {v: {} for v in vectors}
    for length in lengths:
        for v in vectors:
            paths[v][length] = next(it)
    frames = {v: {k: pd.read_csv(p) for k, p in by_len.items()} for v, by_len in paths.items()}
    long = icdmw_table_1(frames, lengths)
    write_table(
        long,
        stem,
        title="ICDMW 2015 Table I: word-vector aggregation techniques, cosine similarity "
        "(test split error and JS divergence).",
        note=note,
    )


def table_icdmw_2(
    metrics: Sequence[PathLike], stem: PathLike, *, vectors: Sequence[str], note: str
) -> None:
    from textsim.tables import icdmw_table_2, write_table

    long = icdmw_table_2({v: pd.read_csv(p) for v, p in zip(vectors, metrics, strict=True)})
    write_table(
        long,
        stem,
        title="ICDMW 2015 Table II: distance metrics for the mean embedding, texts of 20 words.",
        note=note,
        by_length=False,
    )


def comparison_table(
    baseline_metrics: Mapping[str, PathLike],
    learned_metrics: Mapping[str, Sequence[PathLike]],
    stem: PathLike,
    *,
    table: str,
    vectors: str,
    title: str,
    note: str,
) -> None:
    """ICDMW Table III, PRL Table 1 or 2 (per block: baselines + learned weights)."""
    from textsim.published import ICDMW_TABLE_III, LEARNED_LABELS, PRL_TABLE_1, PRL_TABLE_2
    from textsim.tables import comparison_table as build
    from textsim.tables import write_table

    if table == "icdmw-3":
        published = {"20": {k: (v, float("nan")) for k, v in ICDMW_TABLE_III.items()}}
    elif table == "prl-2":
        # the paper gives one Twitter block; shown beside both of our non-pair variants
        published = {k: PRL_TABLE_2 for k in baseline_metrics}
    else:
        published = {k: v for k, v in PRL_TABLE_1.items() if k in baseline_metrics}
    blocks = {
        block: pd.concat(
            [
                pd.read_csv(baseline_metrics[block]),
                *(pd.read_csv(p) for p in learned_metrics[block]),
            ]
        )
        for block in published
    }
    labels = {**LEARNED_LABELS, "mean_euclidean": "Mean"}
    long = build(blocks, published, vectors=vectors, labels=labels)
    write_table(long, stem, title=title, note=note, by_length=table != "icdmw-3")
