"""Figures 4.5-4.7 analogs: scores against word and document size (rule schafer_size_figures)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
import pandas as pd

from textsim.core.io import PathLike
from textsim.report.figures import save_figure
from textsim.schafer.figures.common import MARKERS, RC, model_label
from textsim.schafer.records import read_records


def plot_sizes(frame: pd.DataFrame, metric: str, stem: str, *, word_size: int, dpi: int) -> None:
    """Figs. 4.5–4.7: ``metric`` against word size (at the search's document
    size) and against document size (at ``word_size`` words)."""
    names = {
        "topic": "topic accuracy",
        "triplets": "triplet accuracy",
        "ranks_accuracy": "ranks@10 accuracy",
    }
    with plt.rc_context(RC):
        fig, (left, right) = plt.subplots(1, 2, figsize=(7, 2.6), sharey=True)
        for i, (model, f) in enumerate(frame.groupby("model", sort=False)):
            marker = MARKERS[i % len(MARKERS)]
            own = f[f["run"].str.endswith(("psodv", "fixdv"))]  # the model's own doc size
            w = own.sort_values("word_size")
            left.plot(
                w["word_size"], 100 * w[metric], marker=marker, ms=3, label=model_label(str(model))
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


def size_figures(
    runs: Sequence[PathLike], stems: Mapping[str, str], *, word_size: int, dpi: int
) -> None:
    """Figures 4.5–4.7 analogs: metric vs word size (left) and document size (right)."""

    frame = read_records(runs)
    for metric, stem in stems.items():
        plot_sizes(frame, metric, stem, word_size=word_size, dpi=dpi)
