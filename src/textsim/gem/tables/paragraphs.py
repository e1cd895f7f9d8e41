"""The paragraph-embedding table on OHSUMED (rule table_gem_paragraphs)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from textsim.core.io import PathLike


def paragraph_table(scores: pd.DataFrame) -> pd.DataFrame:
    """Topic accuracy per paragraph embedding, with the slides' IMDb accuracies beside GEM."""
    from textsim.gem.published import GEM_PARAGRAPHS

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


def table_paragraphs(scores: PathLike, stem: str, *, title: str, note: str) -> None:
    from textsim.report.tables import write_plain_table

    write_plain_table(paragraph_table(pd.read_csv(scores)), stem, title=title, note=note)
