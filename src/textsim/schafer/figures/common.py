"""What the Schäfer figures share: model labels, markers, panel grids."""

from __future__ import annotations

from typing import Any, cast

import matplotlib.pyplot as plt

from textsim.report.figures import STYLE

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
    "random": "random",
}


MARKERS = "osD^v<>ph*"


RC = cast(Any, STYLE)


def model_label(name: str) -> str:
    return LABELS.get(name, name)


def panel_grid(n: int, width: float = 7.0, height: float = 2.0) -> tuple[Any, list[Any]]:
    cols = min(n, 3)
    rows = -(-n // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(width, height * rows), squeeze=False)
    flat = list(axes.ravel())
    for ax in flat[n:]:
        ax.set_visible(False)
    return fig, flat[:n]


def generation_axis(ax: Any) -> None:
    """Generations are whole numbers: integer ticks only."""
    from matplotlib.ticker import MaxNLocator

    ax.set_xlabel("generation")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
