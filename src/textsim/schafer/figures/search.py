"""Figures 4.1-4.4 analogs from the swarm's evaluations (rule schafer_search_figures)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from textsim.core.io import PathLike
from textsim.report.figures import save_figure
from textsim.schafer.figures.common import MARKERS, RC, generation_axis, model_label, panel_grid
from textsim.schafer.records import read_records


def plot_epochs(frames: Mapping[str, pd.DataFrame], stem: str, *, dpi: int) -> None:
    """Fig. 4.1: epochs trained (early stopping) per evaluation, by generation."""
    with plt.rc_context(RC):
        fig, ax = plt.subplots(figsize=(7, 2.6))
        for i, (model, f) in enumerate(frames.items()):
            x = f["generation"] + (i - len(frames) / 2) * 0.08
            marker = MARKERS[i % len(MARKERS)]
            ax.plot(x, f["epochs"], marker, ms=4, label=model_label(model), alpha=0.8)
        generation_axis(ax)
        ax.set_ylabel("epochs trained")
        ax.legend(ncol=3, frameon=False, loc="upper left", bbox_to_anchor=(0, 1.25))
        save_figure(fig, stem, dpi=dpi)


def plot_curves(frames: Mapping[str, pd.DataFrame], stem: str, *, dpi: int) -> None:
    """Fig. 4.2: final training (red) and validation (blue) loss or accuracy of
    each evaluation, by generation, with a least-squares trend line."""
    with plt.rc_context(RC):
        fig, axes = panel_grid(len(frames))
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
            ax.set_title(f"{model_label(model)} ({monitored})")
            generation_axis(ax)
            if not drawn:
                ax.set_title(model_label(model))
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
    with plt.rc_context(RC):
        fig, axes = panel_grid(len(params) + 1)
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
                    label=model_label(model),
                )
            ax.set_title(p.replace("_", " "))
            generation_axis(ax)
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
    with plt.rc_context(RC):
        fig, axes = panel_grid(len(frames))
        for ax, (model, f) in zip(axes, frames.items(), strict=True):
            ax.plot(f["generation"], f["total"], "o", ms=3, color="0.2")
            ax.axhline(baseline, ls="--", color="0.5", lw=0.8, label="random (eq. 3.2)")
            ax.set_title(model_label(model))
            generation_axis(ax)
            ax.set_ylim(0, max(0.7, float(f["total"].max()) + 0.05))
        axes[0].set_ylabel("weighted score")
        axes[0].legend(frameon=False, loc="upper right")
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)


def search_figures(
    evaluations: Sequence[PathLike],
    stems: Mapping[str, str],
    *,
    n_topics: int,
    dpi: int,
) -> None:
    """Figures 4.1–4.4 analogs from every evaluation of every model's search."""
    from textsim.schafer.metrics import paper_random_baseline

    records = read_records(evaluations)
    frames = {str(m): f.reset_index(drop=True) for m, f in records.groupby("model", sort=False)}
    plot_epochs(frames, stems["epochs"], dpi=dpi)
    plot_curves(frames, stems["curves"], dpi=dpi)
    plot_parameters(frames, stems["parameters"], dpi=dpi)
    plot_scores(frames, stems["scores"], baseline=paper_random_baseline(n_topics), dpi=dpi)
