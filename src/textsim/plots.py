"""Figures: journal-style, grey-scale like the papers, saved as PDF and PNG."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, cast

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import numpy.typing as npt
from matplotlib.figure import Figure

from textsim.io import atomic_path

__all__ = ["plot_similarity_histogram", "save_figure"]

STYLE: dict[str, Any] = {
    "font.size": 9,
    "axes.labelsize": 9,
    "axes.titlesize": 9,
    "legend.fontsize": 8,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "pdf.fonttype": 42,
}


def save_figure(fig: Figure, stem: str | os.PathLike[str], dpi: int = 300) -> None:
    """Save ``fig`` as ``<stem>.pdf`` and ``<stem>.png`` atomically."""
    stem = Path(stem)
    for ext in (".pdf", ".png"):
        with atomic_path(stem.with_suffix(ext)) as tmp:
            fig.savefig(tmp, format=ext[1:], dpi=dpi, bbox_inches="tight")
    plt.close(fig)


def plot_similarity_histogram(
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
