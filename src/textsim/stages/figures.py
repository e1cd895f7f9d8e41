"""Workflow glue of the figures stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path

import pandas as pd

from textsim.io import PathLike

log = logging.getLogger(__name__)


def plot_similarity_histogram(
    scores: PathLike, stem: PathLike, *, method: str, xlabel: str, bins: int, dpi: int
) -> None:
    from textsim.plots import plot_similarity_histogram as plot

    frame = pd.read_parquet(scores, columns=["related", method])
    plot(
        frame[method].to_numpy(),
        frame["related"].to_numpy(),
        stem,
        xlabel=xlabel,
        bins=bins,
        dpi=dpi,
    )


def plot_learned_weights(
    weights: Mapping[str, PathLike], stem: PathLike, *, ylabel: str, dpi: int
) -> None:
    from textsim.plots import plot_weights

    plot_weights(
        {label: json.loads(Path(p).read_text())["weights"] for label, p in weights.items()},
        stem,
        ylabel=ylabel,
        dpi=dpi,
    )


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
    from textsim.metrics import minmax_normalise
    from textsim.plots import plot_histogram_panels

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
