"""Table writers shared by every paper: one flat table as CSV, Markdown, HTML and LaTeX."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from textsim.core.io import atomic_path, write_csv


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


#: the look of every HTML table (the report shows them as they are): a journal's rules
#: above and below the header and the body, numbers right-aligned in a tabular font
HTML_STYLE = """<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 14px;
       margin: 1em; color: #222; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; }
th, td { padding: 0.3em 0.8em; }
thead th { border-top: 2px solid #222; border-bottom: 1px solid #222; text-align: right; }
thead th:first-child, tbody th, td:first-child { text-align: left; }
tbody tr:last-child td, tbody tr:last-child th { border-bottom: 2px solid #222; }
td { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:nth-child(even) { background: #f6f6f6; }
p { max-width: 60em; }
</style>"""


def html_document(parts: list[str]) -> str:
    """A standalone HTML page of a table's parts, with :data:`HTML_STYLE`."""
    body = "\n".join(parts)
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">\n'
        f"{HTML_STYLE}\n</head><body>\n{body}\n</body></html>\n"
    )


def write_plain_table(
    frame: pd.DataFrame, stem: str | os.PathLike[str], *, title: str, note: str
) -> None:
    """Write one flat table as ``<stem>.csv`` and ``<stem>.{md,html,tex}``."""
    stem = Path(stem)
    write_csv(frame, stem.with_suffix(".csv"))
    shown = frame.fillna("—").astype(str)
    md = [f"**{title}**", "", shown.to_markdown(index=False), "", note, ""]
    html = [f"<p><b>{title}</b></p>", shown.to_html(index=False, border=0), f"<p>{note}</p>"]
    tex = latex_table(list(shown.columns), shown.to_numpy().tolist(), title, note)
    for ext, lines in ((".md", md), (".tex", tex)):
        with atomic_path(stem.with_suffix(ext)) as tmp:
            tmp.write_text("\n".join(lines), encoding="utf-8")
    with atomic_path(stem.with_suffix(".html")) as tmp:
        tmp.write_text(html_document(html), encoding="utf-8")
