"""GEM's n-gram variant: STS performance and speed against n (rule plot_gem_ngrams)."""

from __future__ import annotations

import os
from typing import Any, cast

import matplotlib.pyplot as plt
import pandas as pd

from textsim.core.io import PathLike
from textsim.report.figures import STYLE, save_figure


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


def plot_ngrams(ngrams: PathLike, performance: str, speed: str, *, dpi: int) -> None:

    frame = pd.read_csv(ngrams)
    plot_ngram_curves(frame, performance, value="pearson", ylabel="STS Pearson r x 100", dpi=dpi)
    rate = (
        frame.groupby(["n", "mode"], sort=False)[["n_sentences", "seconds", "fit_seconds"]]
        .sum()
        .reset_index()
    )
    rate["sentences_per_s"] = rate["n_sentences"] / rate["seconds"]
    rate["split"] = "all"
    plot_ngram_curves(
        rate, speed, value="sentences_per_s", ylabel="sentences per second", from_zero=True, dpi=dpi
    )
