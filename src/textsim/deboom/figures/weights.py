"""Learned weights against idf rank: ICDMW Figure 4, PRL Figure 3
(rules plot_icdmw_figure_4, plot_prl_figure_3, script plot_learned_weights)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, cast

import matplotlib.pyplot as plt
import numpy as np
import numpy.typing as npt

from textsim.core.io import PathLike, read_json
from textsim.report.figures import STYLE, save_figure


def plot_weights(
    weights: Mapping[str, npt.ArrayLike],
    stem: str | os.PathLike[str],
    *,
    ylabel: str,
    dpi: int = 300,
) -> None:
    """Learned weight magnitude per idf rank (rarest word first), one line per model."""
    styles = ["-o", "--s", ":^", "-.d"]
    with plt.rc_context(cast(Any, STYLE)):
        fig, ax = plt.subplots(figsize=(3.4, 2.4))
        for (label, w), style in zip(weights.items(), styles, strict=False):
            values = np.asarray(w, dtype=np.float64)
            ax.plot(
                np.arange(1, values.size + 1), values, style, color="0.2", markersize=3, label=label
            )
        ax.axhline(0.0, color="0.6", linewidth=0.6)
        ax.set_xlabel("word rank by idf (1 = rarest)")
        ax.set_ylabel(ylabel)
        if len(weights) > 1:
            ax.legend(frameon=False)
        fig.tight_layout()
        save_figure(fig, stem, dpi)


def plot_learned_weights(
    weights: Sequence[PathLike],
    stem: PathLike,
    *,
    labels: Sequence[str],
    ylabel: str,
    dpi: int,
) -> None:
    """One curve per learned-weights file (``weights``), labelled by ``labels``."""
    if len(labels) != len(weights):
        raise ValueError(f"{len(weights)} weights files but {len(labels)} labels")
    plot_weights(
        {label: read_json(p)["weights"] for label, p in zip(labels, weights, strict=True)},
        stem,
        ylabel=ylabel,
        dpi=dpi,
    )
