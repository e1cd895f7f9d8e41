"""Paper tables: ours beside the published values, as CSV, Markdown and LaTeX."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import pandas as pd

from textsim.evaluate import METHODS
from textsim.io import atomic_path
from textsim.published import ICDMW_TABLE_I, ICDMW_TABLE_II

__all__ = ["icdmw_table_1", "icdmw_table_2", "write_table"]

VECTOR_LABELS = {"unit": "unit-normalised", "raw": "raw (not normalised)"}


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
                r = frame.loc[method].to_dict()
                paper_err, paper_js = published.get(length, (float("nan"), float("nan")))
                rows.append(
                    {
                        "technique": METHODS[method].label,
                        "method": method,
                        "length": length,
                        "vectors": vectors,
                        "paper_split_error_pct": paper_err,
                        "split_error_pct": 100 * float(r["test_error"]),
                        "paper_js": paper_js,
                        "js": float(r["js"]),
                        "js_robust": float(r["js_robust"]),
                        "n_test": int(r["n_test"]),
                        "threshold": float(r["threshold"]),
                    }
                )
    return pd.DataFrame(rows)


def icdmw_table_2(metrics: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """ICDMW Table II (mean embedding, five distances, 20 words) in long form."""
    rows = []
    for vectors, frame in metrics.items():
        f = frame.set_index("method")
        for method, (paper_err, paper_js) in ICDMW_TABLE_II.items():
            r = f.loc[method].to_dict()
            rows.append(
                {
                    "technique": METHODS[method].label,
                    "method": method,
                    "vectors": vectors,
                    "paper_split_error_pct": paper_err,
                    "split_error_pct": 100 * float(r["test_error"]),
                    "paper_js": paper_js,
                    "js": float(r["js"]),
                    "js_robust": float(r["js_robust"]),
                    "n_test": int(r["n_test"]),
                    "threshold": float(r["threshold"]),
                }
            )
    return pd.DataFrame(rows)


def _wide(long: pd.DataFrame, by_length: bool) -> pd.DataFrame:
    """One row per technique; per length: error and JS, paper beside ours (one vectors variant)."""
    cols = []
    lens = list(long["length"].unique()) if by_length else [None]
    for length in lens:
        sub = long if length is None else long[long["length"] == length]
        sub = sub.set_index("technique")
        prefix = f"{length} words: " if length is not None else ""
        cols.append(
            sub["paper_split_error_pct"].map("{:.2f}%".format).rename(f"{prefix}error (paper)")
        )
        cols.append(sub["split_error_pct"].map("{:.2f}%".format).rename(f"{prefix}error (ours)"))
        cols.append(sub["paper_js"].map("{:.5f}".format).rename(f"{prefix}JS (paper)"))
        cols.append(sub["js"].map("{:.5f}".format).rename(f"{prefix}JS (ours)"))
        cols.append(sub["js_robust"].map("{:.4f}".format).rename(f"{prefix}JS robust (ours)"))
    return pd.DataFrame(pd.concat(cols, axis=1))


def _latex_escape(s: str) -> str:
    return s.replace("%", r"\%").replace("&", r"\&").replace("_", r"\_")


def write_table(
    long: pd.DataFrame,
    stem: str | os.PathLike[str],
    *,
    title: str,
    note: str,
    by_length: bool = True,
) -> None:
    """Write ``<stem>.csv`` (long form) and ``<stem>.{md,html,tex}``.

    The wide forms hold one block per word-vector variant.
    """
    stem = Path(stem)
    with atomic_path(stem.with_suffix(".csv")) as tmp:
        long.to_csv(tmp, index=False, float_format="%.6g")
    variants = list(dict.fromkeys(long["vectors"]))
    md = [f"**{title}**", ""]
    html = [f"<p><b>{title}</b></p>"]
    tex = []
    for vectors in variants:
        wide = _wide(long[long["vectors"] == vectors], by_length)
        caption = f"{title} Word vectors: {VECTOR_LABELS.get(vectors, vectors)}."
        md += [f"*Word vectors: {VECTOR_LABELS.get(vectors, vectors)}*", "", wide.to_markdown(), ""]
        html += [
            f"<p><i>Word vectors: {VECTOR_LABELS.get(vectors, vectors)}</i></p>",
            wide.to_html(border=0),
        ]
        header = " & ".join(["Technique", *(_latex_escape(c) for c in wide.columns)]) + r" \\"
        body = [
            " & ".join([_latex_escape(str(idx)), *(_latex_escape(str(v)) for v in row)]) + r" \\"
            for idx, row in wide.iterrows()
        ]
        tex += [
            r"\begin{table}[t]",
            r"\centering\small",
            rf"\caption{{{_latex_escape(caption)}}}",
            r"\resizebox{\textwidth}{!}{%",
            r"\begin{tabular}{l" + "r" * len(wide.columns) + "}",
            r"\toprule",
            header,
            r"\midrule",
            *body,
            r"\bottomrule",
            r"\end{tabular}}",
            rf"\par\smallskip\footnotesize {_latex_escape(note)}",
            r"\end{table}",
            "",
        ]
    md += [note, ""]
    html += [f"<p>{note}</p>"]
    with atomic_path(stem.with_suffix(".html")) as tmp:
        tmp.write_text("\n".join(html), encoding="utf-8")
    with atomic_path(stem.with_suffix(".md")) as tmp:
        tmp.write_text("\n".join(md), encoding="utf-8")
    with atomic_path(stem.with_suffix(".tex")) as tmp:
        tmp.write_text("\n".join(tex), encoding="utf-8")
