"""ICDMW Figure 5: normalised Euclidean similarity, mean vs importance factors
(rule plot_icdmw_figure_5)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, cast

import matplotlib.pyplot as plt
import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.core.io import PathLike
from textsim.report.figures import STYLE, save_figure


def plot_histogram_panels(
    panels: Mapping[str, tuple[npt.ArrayLike, npt.ArrayLike]],
    stem: str | os.PathLike[str],
    *,
    xlabel: str,
    bins: int = 100,
    dpi: int = 300,
) -> None:
    """Side-by-side pair / non-pair histograms (e.g. mean vs learned weights)."""
    with plt.rc_context(cast(Any, STYLE)):
        fig, axes = plt.subplots(1, len(panels), figsize=(3.4 * len(panels), 2.4), sharey=True)
        for ax, (title, (sim, related)) in zip(np.atleast_1d(axes), panels.items(), strict=True):
            s = np.asarray(sim, dtype=np.float64)
            y = np.asarray(related, dtype=bool)
            edges = np.linspace(float(s.min()), float(s.max()), bins + 1).tolist()
            ax.hist(s[y], bins=edges, color="0.25", alpha=0.85, label="pairs")
            ax.hist(s[~y], bins=edges, color="0.7", alpha=0.75, label="non-pairs")
            ax.set_title(title)
            ax.set_xlabel(xlabel)
        np.atleast_1d(axes)[0].set_ylabel("number of couples")
        np.atleast_1d(axes)[0].legend(frameon=False, loc="best")
        fig.tight_layout()
        save_figure(fig, stem, dpi)


def plot_mean_vs_learned(
    baseline_scores: PathLike,
    learned_scores: PathLike,
    stem: PathLike,
    *,
    learned: str,
    bins: int,
    dpi: int,
) -> None:
    """ICDMW Figure 5: normalised Euclidean similarity, mean embedding vs importance factors."""
    from textsim.deboom.metrics import minmax_normalise

    panels = {}
    for title, path, col in (
        ("mean", baseline_scores, "mean_euclidean"),
        ("importance factors", learned_scores, learned),
    ):
        frame = pd.read_parquet(path, columns=["split", "related", col])
        val = frame.loc[frame["split"] == "validation", col]
        sim = minmax_normalise(frame[col].to_numpy(), float(val.min()), float(val.max()))
        panels[title] = (sim, frame["related"].to_numpy())
    plot_histogram_panels(
        panels, stem, xlabel="normalised Euclidean similarity", bins=bins, dpi=dpi
    )
