"""The STS table: GEM, SIF, uSIF and baselines beside the published numbers (rule table_gem_sts)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from textsim.core.io import PathLike


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


def table_sts(
    scores: PathLike, extras: Sequence[PathLike], stem: str, *, title: str, note: str
) -> None:
    """The STS table: the run's methods (``scores``), then the rows of each extra method
    (config ``methods.extra``; their ``sts.csv`` files, ``extras``)."""
    from textsim.report.tables import write_plain_table

    frame = pd.concat([pd.read_csv(p) for p in [scores, *extras]], ignore_index=True)
    if extras:
        note += (
            " Extra methods (config methods.extra) embed the raw sentences; their sentences/s"
            " is their share of the run's embedding time."
        )
    write_plain_table(sts_table(frame), stem, title=title, note=note)
