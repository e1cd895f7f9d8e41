"""What the De Boom tables share: ours beside the paper, p-values, wide blocks, the writer."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd

from textsim.core.io import atomic_path, write_csv
from textsim.deboom.metrics import binomial_test
from textsim.report.tables import format_js, format_p, format_pct, html_document, latex_table

VECTOR_LABELS = {"unit": "unit-normalised", "raw": "raw (not normalised)"}


def add_p_values(long: pd.DataFrame, groups: list[str], reference: str | None) -> pd.DataFrame:
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


def table_row(
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


def wide_table(long: pd.DataFrame, by_length: bool) -> pd.DataFrame:
    """One row per technique; per length: error and JS, paper beside ours (one vectors variant)."""
    cols = []
    lens = list(long["length"].unique()) if by_length else [None]
    for length in lens:
        sub = long if length is None else long[long["length"] == length]
        sub = sub.set_index("technique")
        prefix = f"{block_name(length)}: " if length is not None else ""
        cols.append(sub["paper_split_error_pct"].map(format_pct).rename(f"{prefix}error (paper)"))
        cols.append(sub["split_error_pct"].map("{:.2f}%".format).rename(f"{prefix}error (ours)"))
        cols.append(sub["paper_js"].map(format_js).rename(f"{prefix}JS (paper)"))
        cols.append(sub["js"].map("{:.5f}".format).rename(f"{prefix}JS (ours)"))
        cols.append(sub["js_robust"].map("{:.4f}".format).rename(f"{prefix}JS robust (ours)"))
        compared = str(sub["compared_with"].iloc[0])
        ref = str(sub.index[sub["method"] == compared][0])
        cols.append(sub["p_value"].map(format_p).rename(f"{prefix}p vs {ref}"))
    return pd.DataFrame(pd.concat(cols, axis=1))


#: column-block names of couple sets that are not a fixed length
BLOCK_NAMES = {
    "var": "variable length",
    "transfer": "other embeddings, variable length",
    "twitter": "Twitter",
    "twitter-slot": "Twitter, same-slot non-pairs",
    "twitter-code": "Twitter, the code's non-pairs (same slot, no hashtag needed)",
    "twitter-authors": "Twitter as the authors' code (its non-pairs, hashtag list and texts)",
}


def block_name(length: str) -> str:
    return BLOCK_NAMES.get(str(length), f"{length} words")


def length_label(length: str) -> str:
    if str(length) in BLOCK_NAMES:
        return f"; {BLOCK_NAMES[str(length)]}"
    return f"; texts of {length} words"


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
    write_csv(long, stem.with_suffix(".csv"))
    variants = list(dict.fromkeys(long["vectors"]))
    md = [f"**{title}**", ""]
    html = [f"<p><b>{title}</b></p>"]
    tex = []
    for vectors in variants:
        sub = long[long["vectors"] == vectors]
        wide = wide_table(sub, by_length)
        label = VECTOR_LABELS.get(vectors, vectors)
        caption = f"{title} Word vectors: {label}."
        # Markdown and HTML: one block per length, readable on a screen
        for length in list(dict.fromkeys(sub["length"])) if by_length else [None]:
            block = sub if length is None else sub[sub["length"] == length]
            heading = f"Word vectors: {label}" + (length_label(length) if length else "")
            narrow = wide_table(block, False)
            md += [f"*{heading}*", "", narrow.to_markdown(), ""]
            html += [f"<p><i>{heading}</i></p>", narrow.to_html(border=0)]
        tex += latex_table(
            ["Technique", *wide.columns],
            [[idx, *row] for idx, row in zip(wide.index, wide.to_numpy(), strict=True)],
            caption,
            note,
        )
    md += [note, ""]
    html += [f"<p>{note}</p>"]
    with atomic_path(stem.with_suffix(".html")) as tmp:
        tmp.write_text(html_document(html), encoding="utf-8")
    with atomic_path(stem.with_suffix(".md")) as tmp:
        tmp.write_text("\n".join(md), encoding="utf-8")
    with atomic_path(stem.with_suffix(".tex")) as tmp:
        tmp.write_text("\n".join(tex), encoding="utf-8")
