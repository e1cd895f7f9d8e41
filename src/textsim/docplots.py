"""Figures of the Schäfer (2018) framework (thesis Figures 4.1–4.8 analogs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from textsim.plots import STYLE, save_figure

__all__ = [
    "plot_curves",
    "plot_epochs",
    "plot_parameters",
    "plot_scores",
    "plot_sizes",
    "plot_tsne",
]

LABELS = {
    "doc2vec": "Doc2Vec",
    "doc2sent2vec": "Doc2Sent2Vec",
    "topic_lstm": "Topic-LSTM",
    "topic_cnn": "Topic-CNN",
    "autoencoder": "Naive AE",
    "rae": "Recurrent AE",
    "mean": "mean",
    "idf": "idf mean",
    "sif": "SIF",
    "gem": "GEM",
}
MARKERS = "osD^v<>ph*"
_RC = cast(Any, STYLE)


def _label(name: str) -> str:
    return LABELS.get(name, name)


def _grid(n: int, width: float = 7.0, height: float = 2.0) -> tuple[Any, list[Any]]:
    cols = min(n, 3)
    rows = -(-n // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(width, height * rows), squeeze=False)
    flat = list(axes.ravel())
    for ax in flat[n:]:
        ax.set_visible(False)
    return fig, flat[:n]


def _generation_axis(ax: Any) -> None:
    """Generations are whole numbers: integer ticks only."""
    from matplotlib.ticker import MaxNLocator

    ax.set_xlabel("generation")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def plot_epochs(frames: Mapping[str, pd.DataFrame], stem: str, *, dpi: int) -> None:
    """Fig. 4.1: epochs trained (early stopping) per evaluation, by generation."""
    with plt.rc_context(_RC):
        fig, ax = plt.subplots(figsize=(7, 2.6))
        for i, (model, f) in enumerate(frames.items()):
            x = f["generation"] + (i - len(frames) / 2) * 0.08
            ax.plot(x, f["epochs"], MARKERS[i % len(MARKERS)], ms=4, label=_label(model), alpha=0.8)
        _generation_axis(ax)
        ax.set_ylabel("epochs trained")
        ax.legend(ncol=3, frameon=False, loc="upper left", bbox_to_anchor=(0, 1.25))
        save_figure(fig, stem, dpi=dpi)


def plot_curves(frames: Mapping[str, pd.DataFrame], stem: str, *, dpi: int) -> None:
    """Fig. 4.2: final training (red) and validation (blue) loss or accuracy of
    each evaluation, by generation, with a least-squares trend line."""
    with plt.rc_context(_RC):
        fig, axes = _grid(len(frames))
        for ax, (model, f) in zip(axes, frames.items(), strict=True):
            hist = f["history"]
            monitored = "accuracy" if any("val_accuracy" in h for h in hist) else "loss"
            drawn = False
            for key, colour, name in (
                (monitored, "tab:red", "train"),
                (f"val_{monitored}", "tab:blue", "validation"),
            ):
                y = np.asarray([h[key][-1] if h.get(key) else np.nan for h in hist], dtype=float)
                g = f["generation"].to_numpy(dtype=float)
                ok = np.isfinite(y)
                if not ok.any():
                    continue
                drawn = True
                ax.plot(g[ok], y[ok], ".", color=colour, label=name)
                if len(np.unique(g[ok])) > 1:
                    a, b = np.polyfit(g[ok], y[ok], 1)
                    xs = np.array([g.min(), g.max()])
                    ax.plot(xs, a * xs + b, "-", color=colour, lw=0.8)
            ax.set_title(f"{_label(model)} ({monitored})")
            _generation_axis(ax)
            if not drawn:
                ax.set_title(_label(model))
                ax.text(0.5, 0.5, "no per-epoch history", ha="center", transform=ax.transAxes)
                ax.set_yticks([])
        fullest = max(axes, key=lambda ax: len(ax.get_legend_handles_labels()[0]))
        if fullest.get_legend_handles_labels()[0]:
            fullest.legend(frameon=False)
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)


def plot_parameters(frames: Mapping[str, pd.DataFrame], stem: str, *, dpi: int) -> None:
    """Fig. 4.3: mean hyperparameter value per generation and model (optimizer:
    0 = SGD, 1 = Adam, 2 = Adagrad); the legend in the sixth panel. Models with
    the same search space start from the same particles (one seed), so their
    lines coincide until their scores steer them apart."""
    params = ["doc_size", "batch_size", "learning_rate", "dropout", "optimizer"]
    codes = {"sgd": 0, "adam": 1, "adagrad": 2}
    with plt.rc_context(_RC):
        fig, axes = _grid(len(params) + 1)
        legend_ax = axes.pop()
        for ax, p in zip(axes, params, strict=True):
            for i, (model, f) in enumerate(frames.items()):
                col = f"param_{p}"
                if col not in f:
                    continue
                v = f[col].map(codes) if p == "optimizer" else f[col].astype(float)
                mean = v.groupby(f["generation"]).mean()
                ax.plot(
                    mean.index,
                    mean.to_numpy(),
                    marker=MARKERS[i % len(MARKERS)],
                    ms=3,
                    label=_label(model),
                )
            ax.set_title(p.replace("_", " "))
            _generation_axis(ax)
            if p == "learning_rate":
                ax.set_yscale("log")
            if p == "optimizer":
                ax.set_yticks([0, 1, 2], ["SGD", "Adam", "Adagrad"])
                ax.set_ylim(-0.2, 2.2)
        legend_ax.axis("off")
        legend_ax.legend(*axes[0].get_legend_handles_labels(), frameon=False, loc="center")
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)


def plot_scores(
    frames: Mapping[str, pd.DataFrame], stem: str, *, baseline: float, dpi: int
) -> None:
    """Fig. 4.4: weighted score (eq. 3.1, validation) of every evaluation by
    generation, the random baseline of eq. 3.2 dashed."""
    with plt.rc_context(_RC):
        fig, axes = _grid(len(frames))
        for ax, (model, f) in zip(axes, frames.items(), strict=True):
            ax.plot(f["generation"], f["total"], "o", ms=3, color="0.2")
            ax.axhline(baseline, ls="--", color="0.5", lw=0.8, label="random (eq. 3.2)")
            ax.set_title(_label(model))
            _generation_axis(ax)
            ax.set_ylim(0, max(0.7, float(f["total"].max()) + 0.05))
        axes[0].set_ylabel("weighted score")
        axes[0].legend(frameon=False, loc="upper right")
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)


def plot_sizes(frame: pd.DataFrame, metric: str, stem: str, *, word_size: int, dpi: int) -> None:
    """Figs. 4.5–4.7: ``metric`` against word size (at the search's document
    size) and against document size (at ``word_size`` words)."""
    names = {
        "topic": "topic accuracy",
        "triplets": "triplet accuracy",
        "ranks_accuracy": "ranks@10 accuracy",
    }
    with plt.rc_context(_RC):
        fig, (left, right) = plt.subplots(1, 2, figsize=(7, 2.6), sharey=True)
        for i, (model, f) in enumerate(frame.groupby("model", sort=False)):
            marker = MARKERS[i % len(MARKERS)]
            pso = f[f["run"].str.endswith("psodv")]
            w = pso.sort_values("word_size")
            left.plot(
                w["word_size"], 100 * w[metric], marker=marker, ms=3, label=_label(str(model))
            )
            d = f[f["word_size"] == word_size].sort_values("doc_size")
            right.plot(d["doc_size"], 100 * d[metric], marker=marker, ms=3)
        left.set_xlabel("word vector size")
        right.set_xlabel(f"document vector size ({word_size}-d words)")
        left.set_ylabel(f"{names.get(metric, metric)} (%)")
        fig.legend(
            *left.get_legend_handles_labels(),
            loc="upper center",
            ncol=6,
            frameon=False,
            fontsize=7,
            bbox_to_anchor=(0.5, 1.0),
        )
        fig.tight_layout(rect=(0, 0, 1, 0.9))
        save_figure(fig, stem, dpi=dpi)


def plot_tsne(maps: Mapping[str, tuple[Any, Any]], stem: str, *, dpi: int) -> None:
    """Fig. 4.8: each model's test documents in two t-SNE dimensions, by topic."""
    with plt.rc_context(_RC):
        fig, axes = _grid(len(maps), height=2.3)
        labels = sorted({str(x) for _, y in maps.values() for x in y})
        cmap = plt.get_cmap("tab10" if len(labels) <= 10 else "tab20")
        for ax, (name, (Y, y)) in zip(axes, maps.items(), strict=True):
            for k, label in enumerate(labels):
                sel = np.asarray(y) == label
                ax.scatter(Y[sel, 0], Y[sel, 1], s=3, color=cmap(k), label=label, linewidths=0)
            ax.set_title(_label(name))
            ax.set_xticks([])
            ax.set_yticks([])
        fig.legend(
            *axes[0].get_legend_handles_labels(),
            loc="lower center",
            ncol=5,
            frameon=False,
            markerscale=3,
            fontsize=6,
            bbox_to_anchor=(0.5, -0.06),
        )
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)
