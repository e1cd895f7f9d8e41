"""ICDMW 2015 Table I: aggregation techniques at 10, 20 and 30 words (rule table_icdmw_1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from textsim.core.io import PathLike
from textsim.deboom.baselines import BASELINES
from textsim.deboom.published import ICDMW_TABLE_I
from textsim.deboom.tables.common import add_p_values, table_row


def icdmw_table_1(
    metrics: Mapping[str, Mapping[str, pd.DataFrame]], lengths: Sequence[str]
) -> pd.DataFrame:
    """ICDMW Table I in long form.

    ``metrics[vectors][length]`` is the evaluation frame of one length for one
    word-vector variant (``unit`` or ``raw``).
    """
    rows = []
    for vectors, by_length in metrics.items():
        for length in lengths:
            frame = by_length[length].set_index("method")
            for method, published in ICDMW_TABLE_I.items():
                paper = published.get(length, (float("nan"), float("nan")))
                label = BASELINES[method].label
                rows.append(table_row(label, method, frame, paper, length=length, vectors=vectors))
    return add_p_values(pd.DataFrame(rows), ["vectors", "length"], reference=None)


def table_icdmw_1(
    metrics: Sequence[PathLike],
    stem: PathLike,
    *,
    lengths: Sequence[str],
    vectors: Sequence[str],
    note: str,
) -> None:
    """``metrics`` in length-major, vectors-minor order (as ``expand`` lists them)."""
    from textsim.deboom.tables.common import write_table

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
