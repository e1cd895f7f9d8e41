"""Figure 4.8 analog: t-SNE maps of the test documents by topic (rule schafer_tsne)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import numpy.typing as npt

from textsim.core.io import PathLike
from textsim.report.figures import save_figure
from textsim.schafer.figures.common import RC, model_label, panel_grid
from textsim.text.documents import category_name
from textsim.vectors.words import FloatArray


def plot_tsne(maps: Mapping[str, tuple[Any, Any]], stem: str, *, dpi: int) -> None:
    """Fig. 4.8: each model's test documents in two t-SNE dimensions, by topic."""
    with plt.rc_context(RC):
        fig, axes = panel_grid(len(maps), height=2.3)
        labels = sorted({str(x) for _, y in maps.values() for x in y})
        cmap = plt.get_cmap("tab10" if len(labels) <= 10 else "tab20")
        for ax, (name, (Y, y)) in zip(axes, maps.items(), strict=True):
            for k, label in enumerate(labels):
                sel = np.asarray(y) == label
                ax.scatter(
                    Y[sel, 0],
                    Y[sel, 1],
                    s=3,
                    color=cmap(k),
                    label=category_name(label),
                    linewidths=0,
                )
            ax.set_title(model_label(name))
            ax.set_xticks([])
            ax.set_yticks([])
        fig.legend(
            *axes[0].get_legend_handles_labels(),
            loc="lower center",
            ncol=3 if len(labels) <= 12 else 4,
            frameon=False,
            markerscale=3,
            fontsize=6,
            bbox_to_anchor=(0.5, -0.06),
        )
        fig.tight_layout()
        save_figure(fig, stem, dpi=dpi)


def tsne_figure(
    vectors: Sequence[PathLike],
    stem: str,
    *,
    perplexity: float,
    iterations: int,
    seed: int,
    dpi: int,
) -> None:
    """Figure 4.8 analog: t-SNE maps of the test documents' vectors by topic (one
    panel per vectors file, named by the model part of its name)."""
    maps = {}
    for path in vectors:
        name = Path(path).stem.split("-")[0]
        with np.load(path, allow_pickle=False) as z:
            maps[name] = (tsne_map(z["vectors"], perplexity, iterations, seed), z["labels"])
    plot_tsne(maps, stem, dpi=dpi)


def tsne_map(X: npt.ArrayLike, perplexity: float, iterations: int, seed: int) -> FloatArray:
    """Two t-SNE dimensions of the rows of ``X`` (scikit-learn's Barnes-Hut
    t-SNE, PCA initialisation, seeded). The perplexity is capped below the
    number of points, as t-SNE requires.

    The rows are centred and divided by their overall standard deviation
    first: one uniform scale, which leaves t-SNE's geometry unchanged but keeps
    scikit-learn's perplexity search in range. Unscaled GEM vectors (pairwise
    distances ~75) sent one document 50 map radii away in the demo, squeezing
    the other 249 into a line.
    """
    from sklearn.manifold import TSNE

    x = np.asarray(X, dtype=np.float64)
    if len(x) < 3:
        raise ValueError(f"t-SNE needs at least 3 documents, got {len(x)}")
    x = x - x.mean(axis=0)
    scale = float(x.std())
    if scale > 0:
        x = x / scale
    tsne = TSNE(
        n_components=2,
        perplexity=min(float(perplexity), (len(x) - 1) / 3),
        max_iter=iterations,
        init="pca",
        random_state=seed,
    )
    return np.asarray(tsne.fit_transform(x), dtype=np.float32)
