"""Markdown pieces the views share: numbers, "paper → runs" chains, tables, and the
rows of a table in every snapshot."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

from textsim.pages.snapshots import Snapshot


def md_num(value: object, digits: int = 2) -> str:
    try:
        v = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(value)
    return "—" if math.isnan(v) else f"{v:.{digits}f}"


def md_chain(paper: object, ours: Sequence[object], digits: int = 2) -> str:
    """``paper → run 1 → … → **last run**`` (paper left out when NaN or None)."""
    cells = [md_num(v, digits) for v in ours]
    if cells:
        cells[-1] = f"**{cells[-1]}**"
    head = [] if paper is None or md_num(paper) == "—" else [md_num(paper, digits)]
    return " → ".join(head + cells)


def md_names(snaps: Sequence[Snapshot]) -> str:
    return (
        " → ".join(s.name for s in snaps[:-1])
        + (" → " if len(snaps) > 1 else "")
        + (f"**{snaps[-1].name}**")
    )


def md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def md_rows(
    snaps: Sequence[Snapshot], table: str, keys: Sequence[str], **where: str
) -> list[dict[tuple[str, ...], pd.Series]]:
    """Per snapshot, its rows of ``table`` matching ``where``, keyed by ``keys``."""
    out = []
    for s in snaps:
        frame = s.table(table)
        for column, value in where.items():
            frame = frame[frame[column].astype(str) == value]
        out.append({tuple(str(r[k]) for k in keys): r for _, r in frame.iterrows()})
    return out


def md_found(
    per: Sequence[dict[tuple[str, ...], pd.Series]], key: tuple[str, ...]
) -> list[pd.Series]:
    """The row of ``key`` in every run, or an empty list when a run lacks it."""
    rows = [p.get(key) for p in per]
    return [r for r in rows if r is not None] if all(r is not None for r in rows) else []
