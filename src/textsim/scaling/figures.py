"""Figures of the scaling study: each measure against the training corpus size (log x),
one line per method, the published value as a marked reference."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes

from textsim.core.io import PathLike
from textsim.report.figures import STYLE, save_figure

#: the ICDMW Table I methods drawn (labels from textsim.deboom.baselines.BASELINES)
TABLE_I = ["tfidf", "mean", "max", "minmax", "mean_top", "mean_idf"]
PRL = {"mean_euclidean": "Mean (Euclidean)", "learned_median": "Learned weights, median"}
ERR = "split error %"
STS = ["mean", "idf-weighted mean", "SIF", "uSIF", "GEM"]
COLORS = [plt.get_cmap("tab10")(i) for i in range(10)]


def _series(long: pd.DataFrame, **where: str) -> pd.DataFrame:
    """The rows matching every ``column=value``, by corpus size."""
    sel = long
    for key, value in where.items():
        sel = sel[sel[key] == value]
    return sel.sort_values("tokens")


def _axes(ax: Axes, ylabel: str, title: str) -> None:
    ax.set_xscale("log")
    ax.set_xlabel("training corpus (tokens)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, which="major", alpha=0.3, linewidth=0.5)


def _line(ax: Axes, frame: pd.DataFrame, label: str, color: object) -> None:
    ax.plot(frame["tokens"], frame["value"], "o-", color=color, label=label, ms=3, lw=1.2)


def plot_deboom(
    long: pd.DataFrame, stem: PathLike, *, primary: str, paper_tokens: float, dpi: int
) -> None:
    """(a) ICDMW Table I methods at 20 words, (b) the PRL median-loss weights against
    the mean at 20 words and variable length; published values as stars at the paper's
    corpus size."""
    from textsim.deboom.baselines import BASELINES
    from textsim.deboom.published import ICDMW_TABLE_I, PRL_TABLE_1

    deboom = long[(long["family"] == "deboom") & (long["measure"] == ERR)]
    with plt.rc_context(cast(Any, STYLE)):
        fig, axes = plt.subplots(1, 2, figsize=(7.0, 3.8), sharey=True)
        for i, method in enumerate(TABLE_I):
            frame = _series(deboom, set="20", variant=primary, method=method)
            _line(axes[0], frame, BASELINES[method].label, COLORS[i])
            axes[0].plot(paper_tokens, ICDMW_TABLE_I[method]["20"][0], "*", color=COLORS[i], ms=7)
        _axes(axes[0], "test split error (%)", "(a) ICDMW Table I, 20 words, cosine")
        styles = {"20": "-", "var": "--"}
        for i, (method, label) in enumerate(PRL.items()):
            variant = "learned" if method.startswith("learned") else primary
            for length, ls in styles.items():
                frame = _series(deboom, set=length, variant=variant, method=method)
                axes[1].plot(
                    frame["tokens"], frame["value"], "o" + ls, color=COLORS[i], ms=3, lw=1.2,
                    label=f"{label}, {'20 words' if length == '20' else 'variable'}",
                )  # fmt: skip
                published = PRL_TABLE_1.get(length, {}).get(method)
                if published:  # filled star: 20 words; hollow: variable length
                    fill = COLORS[i] if length == "20" else "none"
                    axes[1].plot(paper_tokens, published[0], "*", color=COLORS[i], mfc=fill, ms=7)
        _axes(axes[1], "", "(b) PRL Table 1, Euclidean")
        axes[0].plot([], [], "*", color="0.3", ms=7, label="published (full Wikipedia)")
        axes[1].plot([], [], "*", color="0.3", ms=7, label="published, 20 words")
        axes[1].plot([], [], "*", color="0.3", mfc="none", ms=7, label="published, variable")
        for ax in axes:
            # below the panel: the lines and the stars fill the whole plotting area
            ax.legend(
                frameon=False, fontsize=6.5, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2
            )
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)


def plot_sts(
    long: pd.DataFrame, stem: PathLike, *, mode: str, dpi: int, methods: Sequence[str] = STS
) -> None:
    """STS-B test Pearson r against corpus size; the published r (other, much larger
    word vectors) as dotted lines."""
    from textsim.verdicts.published import published_value

    with plt.rc_context(cast(Any, STYLE)):
        fig, ax = plt.subplots(figsize=(3.6, 2.9))
        for i, method in enumerate(methods):
            frame = _series(long, family="sts", set="test", method=method)
            frame = frame[frame["variant"].isin([mode, "none"])]
            if frame.empty:
                continue
            _line(ax, frame, method, COLORS[i])
            published = published_value("sts", "test", method)
            if not np.isnan(published):
                ax.axhline(published, color=COLORS[i], ls=":", lw=1)
        ax.plot([], [], ":", color="0.3", label="published (LexVec/GloVe)")
        _axes(ax, "STS-B test Pearson r x 100", f"STS benchmark ({mode})")
        ax.legend(frameon=False, fontsize=6.5, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)


def plot_words(long: pd.DataFrame, stem: PathLike, *, dpi: int) -> None:
    """Word-vector quality against corpus size: analogy accuracy, WordSim-353 ρ, and the
    share of each benchmark the vocabulary covers."""
    words = long[long["family"] == "words"]
    with plt.rc_context(cast(Any, STYLE)):
        fig, axes = plt.subplots(1, 2, figsize=(7.0, 2.6))
        for i, benchmark in enumerate(dict.fromkeys(words["set"])):
            for ax, measure in zip(axes, ["score", "coverage"], strict=True):
                frame = _series(words, set=benchmark, measure=measure)
                _line(ax, frame, str(benchmark), COLORS[i])
        _axes(axes[0], "score", "(a) word-vector quality")
        _axes(axes[1], "share covered", "(b) benchmark coverage of the vocabulary")
        for ax in axes:
            ax.set_ylim(bottom=min(0.0, float(np.nanmin(words["value"]))))
        axes[0].legend(frameon=False, fontsize=6.5, loc="upper left")
        axes[1].legend(frameon=False, fontsize=6.5, loc="lower right")
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)
