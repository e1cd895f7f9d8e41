"""Table writers shared by every paper: one flat table as CSV, Markdown, HTML and LaTeX."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from textsim.io import atomic_path


def format_pct(v: float) -> str:
    return "—" if np.isnan(v) else f"{v:.2f}%"


def format_js(v: float) -> str:
    return "—" if np.isnan(v) else f"{v:.4f}"


def format_p(p: float) -> str:
    return "—" if p >= 1.0 else ("<0.001" if p < 0.001 else f"{p:.3f}")


def _latex_escape(s: str) -> str:
    return s.replace("%", r"\%").replace("&", r"\&").replace("_", r"\_")


def latex_table(
    columns: Sequence[str], rows: Sequence[Sequence[object]], caption: str, note: str
) -> list[str]:
    """A booktabs table: first column left-aligned, the rest right-aligned."""
    line = " & ".join(_latex_escape(str(c)) for c in columns) + r" \\"
    body = [" & ".join(_latex_escape(str(v)) for v in row) + r" \\" for row in rows]
    return [
        r"\begin{table}[t]",
        r"\centering\small",
        rf"\caption{{{_latex_escape(caption)}}}",
        r"\resizebox{\textwidth}{!}{%",
        r"\begin{tabular}{l" + "r" * (len(columns) - 1) + "}",
        r"\toprule",
        line,
        r"\midrule",
        *body,
        r"\bottomrule",
        r"\end{tabular}}",
        rf"\par\smallskip\footnotesize {_latex_escape(note)}",
        r"\end{table}",
        "",
    ]


def write_plain_table(
    frame: pd.DataFrame, stem: str | os.PathLike[str], *, title: str, note: str
) -> None:
    """Write one flat table as ``<stem>.csv`` and ``<stem>.{md,html,tex}``."""
    stem = Path(stem)
    with atomic_path(stem.with_suffix(".csv")) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.6g")
    shown = frame.fillna("—").astype(str)
    md = [f"**{title}**", "", shown.to_markdown(index=False), "", note, ""]
    html = [f"<p><b>{title}</b></p>", shown.to_html(index=False, border=0), f"<p>{note}</p>"]
    tex = latex_table(list(shown.columns), shown.to_numpy().tolist(), title, note)
    for ext, lines in ((".md", md), (".html", html), (".tex", tex)):
        with atomic_path(stem.with_suffix(ext)) as tmp:
            tmp.write_text("\n".join(lines), encoding="utf-8")
