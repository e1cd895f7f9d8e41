"""Rows of ``textsim bench`` (one implementation timed against its reference in one run)
and their one table: the command prints it, the docs render it from a recorded CSV
(:mod:`textsim.pages`), so the two cannot drift apart."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import pandas as pd

from textsim.core.io import PathLike, atomic_path

__all__ = ["BenchRow", "format_report", "read_rows", "write_rows"]


@dataclass(frozen=True)
class BenchRow:
    """One benchmark: ``n_ours`` items in ``ours_s`` seconds against ``n_reference`` in
    ``reference_s`` (``unit`` names the items), the ratio it should reach (``target``),
    how far the outputs are apart (``agreement``), or why it did not run (``skipped``)."""

    name: str
    unit: str  # what the rates count
    ours_s: float = float("nan")
    reference_s: float = float("nan")
    n_ours: int = 0
    n_reference: int = 0
    target: float | None = None
    agreement: str = ""
    skipped: str = ""

    @property
    def ratio(self) -> float:
        """Throughput ratio (ours / reference), each rate on its own item count."""
        return (self.n_ours / self.ours_s) / (self.n_reference / self.reference_s)


def format_report(rows: Sequence[BenchRow]) -> str:
    """A Markdown table: rates, ratio, target and agreement of every row."""
    lines = [
        "| benchmark | ours /s | reference /s | ratio | target | outputs |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        if r.skipped:
            lines.append(f"| {r.name} | — | — | — | — | skipped: {r.skipped} |")
            continue
        target = f"≥ {r.target:g}x" if r.target else "—"
        agreement = r.agreement.replace("|", "\\|")  # a Markdown table cell
        lines.append(
            f"| {r.name} | {r.n_ours / r.ours_s:,.0f} {r.unit} | "
            f"{r.n_reference / r.reference_s:,.0f} {r.unit} | **{r.ratio:.1f}x** | {target} | "
            f"{agreement} |"
        )
    return "\n".join(lines)


_COLUMNS = [f.name for f in fields(BenchRow)]


def write_rows(rows: Sequence[BenchRow], path: PathLike) -> None:
    """The rows as a CSV of their measured fields (seconds and counts, not rates), written
    whole or not at all."""
    frame = pd.DataFrame([asdict(r) for r in rows], columns=_COLUMNS)
    with atomic_path(path) as tmp:
        frame.to_csv(tmp, index=False)


def _rows_from_frame(frame: pd.DataFrame, where: str = "table") -> list[BenchRow]:
    """The rows of a frame :func:`write_rows` wrote (``where`` names it in errors)."""
    missing = set(_COLUMNS) - set(frame.columns)
    if missing:
        raise ValueError(f"{where}: not a bench table (no column {', '.join(sorted(missing))})")

    def text(value: object) -> str:
        return "" if isinstance(value, float) and math.isnan(value) else str(value)

    def number(value: object) -> float | None:
        v = float(value)  # type: ignore[arg-type]
        return None if math.isnan(v) else v

    return [
        BenchRow(
            name=text(r["name"]),
            unit=text(r["unit"]),
            ours_s=float(r["ours_s"]),
            reference_s=float(r["reference_s"]),
            n_ours=int(r["n_ours"]),
            n_reference=int(r["n_reference"]),
            target=number(r["target"]),
            agreement=text(r["agreement"]),
            skipped=text(r["skipped"]),
        )
        for _, r in frame.iterrows()
    ]


def read_rows(path: PathLike) -> list[BenchRow]:
    """The rows :func:`write_rows` wrote to ``path``."""
    return _rows_from_frame(
        pd.read_csv(Path(path), keep_default_na=False, na_values=[""]), str(path)
    )
