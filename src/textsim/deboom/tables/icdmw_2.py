"""ICDMW 2015 Table II: distance metrics for the mean embedding (rule table_icdmw_2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from textsim.core.io import PathLike
from textsim.deboom.baselines import BASELINES
from textsim.deboom.published import ICDMW_TABLE_II
from textsim.deboom.tables.common import add_p_values, table_row


def icdmw_table_2(metrics: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """ICDMW Table II (mean embedding, five distances, 20 words) in long form."""
    rows = []
    for vectors, frame in metrics.items():
        f = frame.set_index("method")
        for method, paper in ICDMW_TABLE_II.items():
            rows.append(table_row(BASELINES[method].label, method, f, paper, vectors=vectors))
    return add_p_values(pd.DataFrame(rows), ["vectors"], reference="mean_cosine")


def table_icdmw_2(
    metrics: Sequence[PathLike], stem: PathLike, *, vectors: Sequence[str], note: str
) -> None:
    from textsim.deboom.tables.common import write_table

    long = icdmw_table_2({v: pd.read_csv(p) for v, p in zip(vectors, metrics, strict=True)})
    write_table(
        long,
        stem,
        title="ICDMW 2015 Table II: distance metrics for the mean embedding, texts of 20 words.",
        note=note,
        by_length=False,
    )
