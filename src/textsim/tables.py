"""Paper tables: ours beside the published values, as CSV, Markdown and LaTeX."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from textsim.evaluate import METHODS
from textsim.io import atomic_path
from textsim.metrics import binomial_test
from textsim.published import ICDMW_TABLE_I, ICDMW_TABLE_II

__all__ = [
    "icdmw_table_1",
    "icdmw_table_2",
    "paragraph_table",
    "sts_table",
    "write_plain_table",
    "write_table",
]

VECTOR_LABELS = {"unit": "unit-normalised", "raw": "raw (not normalised)"}


def _add_p_values(long: pd.DataFrame, groups: list[str], reference: str | None) -> pd.DataFrame:
    """Two-tailed binomial test of each row's test errors against a reference error rate.

    The reference is the best (lowest-error) technique of the group, or the
    named method. Its own row gets p = 1.
    """
    out = long.reset_index(drop=True)
    keys = out[groups].astype(str).agg("|".join, axis=1).to_numpy()
    method = out["method"].to_numpy()
    errors = out["test_errors"].to_numpy()
    n_test = out["n_test"].to_numpy()
    pct = out["split_error_pct"].to_numpy()
    compared = np.empty(len(out), dtype=object)
    p_value = np.ones(len(out))
    for key in dict.fromkeys(keys):
        rows = np.flatnonzero(keys == key)
        ref = (
            rows[np.argmin(pct[rows])] if reference is None else rows[method[rows] == reference][0]
        )
        rate = float(errors[ref]) / float(n_test[ref])
        for r in rows:
            compared[r] = method[ref]
            if r != ref:
                p_value[r] = binomial_test(int(errors[r]), int(n_test[r]), rate)
    return out.assign(compared_with=compared, p_value=p_value)


def _row(
    technique: str, method: str, frame: pd.DataFrame, paper: tuple[float, float], **keys: str
) -> dict[str, object]:
    """One long-form table row: our evaluation of ``method`` beside the published (error %, JS)."""
    r = frame.loc[method].to_dict()
    return {
        "technique": technique,
        "method": method,
        **keys,
        "paper_split_error_pct": paper[0],
        "split_error_pct": 100 * float(r["test_error"]),
        "paper_js": paper[1],
        "js": float(r["js"]),
        "js_robust": float(r["js_robust"]),
        "n_test": int(r["n_test"]),
        "test_errors": int(r["test_errors"]),
        "threshold": float(r["threshold"]),
    }


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
                label = METHODS[method].label
                rows.append(_row(label, method, frame, paper, length=length, vectors=vectors))
    return _add_p_values(pd.DataFrame(rows), ["vectors", "length"], reference=None)


def icdmw_table_2(metrics: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """ICDMW Table II (mean embedding, five distances, 20 words) in long form."""
    rows = []
    for vectors, frame in metrics.items():
        f = frame.set_index("method")
        for method, paper in ICDMW_TABLE_II.items():
            rows.append(_row(METHODS[method].label, method, f, paper, vectors=vectors))
    return _add_p_values(pd.DataFrame(rows), ["vectors"], reference="mean_cosine")


def _wide(long: pd.DataFrame, by_length: bool) -> pd.DataFrame:
    """One row per technique; per length: error and JS, paper beside ours (one vectors variant)."""
    cols = []
    lens = list(long["length"].unique()) if by_length else [None]
    for length in lens:
        sub = long if length is None else long[long["length"] == length]
        sub = sub.set_index("technique")
        prefix = f"{_block_name(length)}: " if length is not None else ""
        cols.append(sub["paper_split_error_pct"].map(_pct).rename(f"{prefix}error (paper)"))
        cols.append(sub["split_error_pct"].map("{:.2f}%".format).rename(f"{prefix}error (ours)"))
        cols.append(sub["paper_js"].map(_js).rename(f"{prefix}JS (paper)"))
        cols.append(sub["js"].map("{:.5f}".format).rename(f"{prefix}JS (ours)"))
        cols.append(sub["js_robust"].map("{:.4f}".format).rename(f"{prefix}JS robust (ours)"))
        compared = str(sub["compared_with"].iloc[0])
        ref = str(sub.index[sub["method"] == compared][0])
        cols.append(sub["p_value"].map(_format_p).rename(f"{prefix}p vs {ref}"))
    return pd.DataFrame(pd.concat(cols, axis=1))


#: column-block names of couple sets that are not a fixed length
BLOCK_NAMES = {
    "var": "variable length",
    "transfer": "other embeddings, variable length",
    "twitter": "Twitter",
    "twitter-slot": "Twitter, same-slot non-pairs",
}


def _block_name(length: str) -> str:
    return BLOCK_NAMES.get(str(length), f"{length} words")


def _length_label(length: str) -> str:
    if str(length) in BLOCK_NAMES:
        return f"; {BLOCK_NAMES[str(length)]}"
    return f"; texts of {length} words"


def _pct(v: float) -> str:
    return "—" if np.isnan(v) else f"{v:.2f}%"


def _js(v: float) -> str:
    return "—" if np.isnan(v) else f"{v:.4f}"


def _format_p(p: float) -> str:
    return "—" if p >= 1.0 else ("<0.001" if p < 0.001 else f"{p:.3f}")


def _latex_escape(s: str) -> str:
    return s.replace("%", r"\%").replace("&", r"\&").replace("_", r"\_")


def _latex_table(
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
        sub = long[long["vectors"] == vectors]
        wide = _wide(sub, by_length)
        label = VECTOR_LABELS.get(vectors, vectors)
        caption = f"{title} Word vectors: {label}."
        # Markdown and HTML: one block per length, readable on a screen
        for length in list(dict.fromkeys(sub["length"])) if by_length else [None]:
            block = sub if length is None else sub[sub["length"] == length]
            heading = f"Word vectors: {label}" + (_length_label(length) if length else "")
            narrow = _wide(block, False)
            md += [f"*{heading}*", "", narrow.to_markdown(), ""]
            html += [f"<p><i>{heading}</i></p>", narrow.to_html(border=0)]
        tex += _latex_table(
            ["Technique", *wide.columns],
            [[idx, *row] for idx, row in zip(wide.index, wide.to_numpy(), strict=True)],
            caption,
            note,
        )
    md += [note, ""]
    html += [f"<p>{note}</p>"]
    with atomic_path(stem.with_suffix(".html")) as tmp:
        tmp.write_text("\n".join(html), encoding="utf-8")
    with atomic_path(stem.with_suffix(".md")) as tmp:
        tmp.write_text("\n".join(md), encoding="utf-8")
    with atomic_path(stem.with_suffix(".tex")) as tmp:
        tmp.write_text("\n".join(tex), encoding="utf-8")


def comparison_table(
    blocks: Mapping[str, pd.DataFrame],
    published: Mapping[str, Mapping[str, tuple[float, float]]],
    *,
    vectors: str,
    labels: Mapping[str, str],
) -> pd.DataFrame:
    """Ours beside the published values for several blocks (lengths) of one table.

    ``blocks[name]`` holds evaluation rows (``method``, ``test_error``, ...) of
    every technique of that block; ``published[name][method]`` is (error %, JS)
    with NaN for values the paper does not give. p-values compare each row with
    the block's best technique (two-tailed binomial test).
    """
    rows = []
    for block, frame in blocks.items():
        f = frame.set_index("method")
        for method, paper in published[block].items():
            if method not in f.index:
                continue
            label = labels.get(method, METHODS[method].label if method in METHODS else method)
            rows.append(_row(label, method, f, paper, length=block, vectors=vectors))
    return _add_p_values(pd.DataFrame(rows), ["vectors", "length"], reference=None)


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
    tex = _latex_table(list(shown.columns), shown.to_numpy().tolist(), title, note)
    for ext, lines in ((".md", md), (".html", html), (".tex", tex)):
        with atomic_path(stem.with_suffix(ext)) as tmp:
            tmp.write_text("\n".join(lines), encoding="utf-8")


def _r(v: object) -> str:
    return "—" if v is None or (isinstance(v, float) and np.isnan(v)) else f"{float(v):.1f}"  # type: ignore[arg-type]


def sts_table(scores: pd.DataFrame) -> pd.DataFrame:
    """One row per (method, mode): Pearson and Spearman x 100 on dev and test,
    sentences/s, and the published numbers for the same method (other vectors)."""
    from textsim.published import GEM_STS

    rows = []
    for (method, mode), g in scores.groupby(["method", "mode"], sort=False):
        by = g.set_index("split")
        seconds = float(g["seconds"].sum())  # embedding the sentences (fit on train excluded)
        published = GEM_STS.get(str(method), [])
        rows.append(
            {
                "method": method,
                "fit": {"none": "-", "inductive": "train split"}.get(str(mode), "evaluated split"),
                "dev r": _r(by["pearson"].get("dev")),
                "test r": _r(by["pearson"].get("test")),
                "dev ρ": _r(by["spearman"].get("dev")),
                "test ρ": _r(by["spearman"].get("test")),
                "sentences/s": f"{float(g['n_sentences'].sum()) / seconds:,.0f}"
                if seconds > 0
                else "—",
                "published dev / test (vectors, source)": "; ".join(
                    f"{_r(d)} / {_r(t)} ({vec}, {src})" for vec, src, d, t in published
                )
                or "—",
            }
        )
    return pd.DataFrame(rows)


def paragraph_table(scores: pd.DataFrame) -> pd.DataFrame:
    """Topic accuracy per paragraph embedding, with the slides' IMDb accuracies beside GEM."""
    from textsim.published import GEM_PARAGRAPHS

    rows = []
    for r in scores.itertuples(index=False):
        slides = GEM_PARAGRAPHS.get(str(r.technique)) if r.method == "GEM" else None
        rows.append(
            {
                "method": r.method,
                "technique": r.technique,
                "test accuracy %": f"{100 * float(r.accuracy):.2f}",  # type: ignore[arg-type]
                "C": "—" if np.isnan(float(r.C)) else f"{float(r.C):g}",  # type: ignore[arg-type]
                "documents/s": "—"
                if np.isnan(float(r.documents_per_s))  # type: ignore[arg-type]
                else f"{float(r.documents_per_s):,.0f}",  # type: ignore[arg-type]
                "slides (IMDb) %": "—" if slides is None else f"{slides:.2f}",
            }
        )
    return pd.DataFrame(rows)
