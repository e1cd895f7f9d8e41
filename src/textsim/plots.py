"""Figures: journal-style, grey-scale like the papers, saved as PDF and PNG."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import numpy.typing as npt
from matplotlib.figure import Figure

from textsim.io import atomic_path

__all__ = ["plot_ngram_curves", "plot_similarity_histogram", "save_figure"]

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


def plot_ngram_curves(
    frame: Any,
    stem: str | os.PathLike[str],
    *,
    value: str,
    ylabel: str,
    from_zero: bool = False,
    dpi: int = 300,
) -> None:
    """GEM's n-gram variant: ``value`` against n, one line per (split, fit mode).

    ``frame`` has columns ``n``, ``split``, ``mode`` and ``value``."""
    styles = {"dev": ("-", "o"), "test": ("--", "s"), "all": ("-", "o")}
    greys = {"transductive": "0.15", "inductive": "0.55"}
    with plt.rc_context(cast(Any, STYLE)):
        fig, ax = plt.subplots(figsize=(3.4, 2.4))
        for (split, mode), g in frame.groupby(["split", "mode"], sort=False):
            g = g.sort_values("n")
            line, marker = styles.get(str(split), ("-", "o"))
            ax.plot(
                g["n"],
                g[value],
                linestyle=line,
                marker=marker,
                markersize=3,
                color=greys.get(str(mode), "0.3"),
                label=f"{split}, {mode}" if split != "all" else str(mode),
            )
        ax.set_xlabel("n (words averaged per position)")
        ax.set_xticks(sorted(frame["n"].unique()))
        ax.set_ylabel(ylabel)
        if from_zero:
            ax.set_ylim(bottom=0)
        ax.legend(frameon=False, fontsize=7)
        fig.tight_layout()
        save_figure(fig, stem, dpi)
