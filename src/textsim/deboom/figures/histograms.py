"""Similarity histograms of related and non-related couples: ICDMW Figures 1 and 2,
PRL Figure 2 (rules plot_icdmw_figure_1, plot_icdmw_figure_2, plot_prl_figure_2)."""

from __future__ import annotations

import os
from typing import Any, cast

import matplotlib.pyplot as plt
import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.core.io import PathLike
from textsim.report.figures import STYLE, save_figure


def draw_similarity_histogram(
    similarity: npt.ArrayLike,
    related: npt.ArrayLike,
    stem: str | os.PathLike[str],
    *,
    xlabel: str,
    title: str | None = None,
    bins: int = 100,
    dpi: int = 300,
) -> None:
    """Histogram of the number of couples per similarity, pairs vs non-pairs.

    Pairs are dark grey, non-pairs light grey, as in De Boom et al.'s figures.
    """
    s = np.asarray(similarity, dtype=np.float64)
    y = np.asarray(related, dtype=bool)
    edges = np.linspace(float(np.nanmin(s)), float(np.nanmax(s)), bins + 1).tolist()
    with plt.rc_context(cast(Any, STYLE)):
        fig, ax = plt.subplots(figsize=(3.4, 2.4))
        ax.hist(s[y], bins=edges, color="0.25", alpha=0.85, label=f"pairs (n = {int(y.sum()):,})")
        ax.hist(
            s[~y], bins=edges, color="0.7", alpha=0.75, label=f"non-pairs (n = {int((~y).sum()):,})"
        )
        ax.set_xlabel(xlabel)
        ax.set_ylabel("number of couples")
        if title:
            ax.set_title(title)
        ax.legend(frameon=False, loc="best")
        fig.tight_layout()
        save_figure(fig, stem, dpi)


def plot_similarity_histogram(
    scores: PathLike, stem: PathLike, *, method: str, xlabel: str, bins: int, dpi: int
) -> None:

    frame = pd.read_parquet(scores, columns=["related", method])
    draw_similarity_histogram(
        frame[method].to_numpy(),
        frame["related"].to_numpy(),
        stem,
        xlabel=xlabel,
        bins=bins,
        dpi=dpi,
    )
