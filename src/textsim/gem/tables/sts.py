"""The STS table: GEM, SIF, uSIF and baselines beside the published numbers (rule table_gem_sts)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from textsim.io import PathLike


def format_r(v: object) -> str:
    return "—" if v is None or (isinstance(v, float) and np.isnan(v)) else f"{float(v):.1f}"  # type: ignore[arg-type]


def sts_table(scores: pd.DataFrame) -> pd.DataFrame:
    """One row per (method, mode): Pearson and Spearman x 100 on dev and test,
    sentences/s, and the published numbers for the same method (other vectors)."""
    from textsim.gem.published import GEM_STS

    rows = []
    for (method, mode), g in scores.groupby(["method", "mode"], sort=False):
        by = g.set_index("split")
        seconds = float(g["seconds"].sum())  # embedding the sentences (fit on train excluded)
        published = GEM_STS.get(str(method), [])
        rows.append(
            {
                "method": method,
                "fit": {"none": "-", "inductive": "train split"}.get(str(mode), "evaluated split"),
                "dev r": format_r(by["pearson"].get("dev")),
                "test r": format_r(by["pearson"].get("test")),
                "dev ρ": format_r(by["spearman"].get("dev")),
                "test ρ": format_r(by["spearman"].get("test")),
                "sentences/s": f"{float(g['n_sentences'].sum()) / seconds:,.0f}"
                if seconds > 0
                else "—",
                "published dev / test (vectors, source)": "; ".join(
                    f"{format_r(d)} / {format_r(t)} ({vec}, {src})" for vec, src, d, t in published
                )
                or "—",
            }
        )
    return pd.DataFrame(rows)


def table_sts(scores: PathLike, minilm: PathLike, stem: str, *, title: str, note: str) -> None:
    from textsim.report.tables import write_plain_table

    frame = pd.read_csv(scores)
    extra = pd.read_csv(minilm)
    if (extra["status"] == "ok").all():
        frame = pd.concat([frame, extra.drop(columns="status")], ignore_index=True)
        note += " all-MiniLM-L6-v2: a supervised sentence transformer (raw sentences, CPU)."
    else:
        note += " " + str(extra["status"].iloc[0])
    write_plain_table(sts_table(frame), stem, title=title, note=note)
