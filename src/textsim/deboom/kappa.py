"""κ of the median-based loss by cross-validated grid search (PRL §5.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.core.options import settings_of
from textsim.deboom.metrics import best_threshold
from textsim.measures.distances import paired_similarity
from textsim.methods.learned.model import WeightedEmbedding
from textsim.vectors.words import Texts, WordEmbeddings

__all__ = ["KappaSearch", "select_kappa"]


@dataclass(frozen=True)
class KappaSearch:
    """The κ search's settings, declared once: the rule passes them as one mapping
    (config ``weights.kappa_search``, the couple set's ``n_max``, the run's seed and
    determinism) and :meth:`of` checks its keys.

    ``grid``: the κ values tried; ``folds``: the cross-validation folds;
    ``max_couples``: train couples used at most (a seeded sample; None: all)."""

    n_max: int
    grid: tuple[float, ...]
    folds: int = 5
    max_couples: int | None = None
    seed: int = 0
    deterministic: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "grid", tuple(float(k) for k in self.grid))

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> KappaSearch:
        """The search of the rule's one mapping (unknown or missing keys named)."""
        return settings_of(cls, options, "kappa search")


def select_kappa(
    embeddings: WordEmbeddings,
    texts: tuple[Texts, Texts],
    related: npt.ArrayLike,
    search: KappaSearch,
) -> tuple[float, list[dict[str, float]]]:
    """κ of the median-based loss by k-fold cross-validated grid search (PRL §5.2).

    For each κ and fold, weights are trained on the other folds and scored by
    the optimal split error on the held-out fold (similarity 1 − Euclidean
    distance; the threshold that separates best). The chosen κ has the lowest
    mean error (ties: the smaller κ). Returns (κ, one record per κ and fold).
    """
    n_max, grid, folds, seed = search.n_max, search.grid, search.folds, search.seed
    deterministic = search.deterministic
    y = np.asarray(related, dtype=bool)
    a_all, b_all = (embeddings.encode(list(t)) for t in texts)
    if len(y) != len(a_all) or len(y) != len(b_all):
        raise ValueError("texts and labels differ in length")
    if len(y) < folds * 2:
        raise ValueError(f"{len(y)} couples are too few for {folds}-fold cross-validation")
    rng = np.random.default_rng([seed, 160])
    fold = np.empty(len(y), dtype=np.int64)
    fold[rng.permutation(len(y))] = np.arange(len(y)) % folds
    from tqdm import tqdm

    records: list[dict[str, float]] = []
    runs = [(kappa, k) for kappa in grid for k in range(folds)]
    from textsim.methods.learned.training import FrozenTable

    frozen = FrozenTable()  # one table variable for every training of the search
    for kappa, k in tqdm(runs, desc="kappa search", unit="training", mininterval=10):
        train, held = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
        model = WeightedEmbedding(
            embeddings,
            n_max=n_max,
            procedure="median",
            kappa=float(kappa),
            random_state=seed + k,
            deterministic=deterministic,
        )
        model.fit((a_all.take(train), b_all.take(train)), y[train], frozen=frozen)
        sim = paired_similarity(
            model.transform(a_all.take(held)), model.transform(b_all.take(held)), "euclidean"
        )
        span = float(sim.max() - sim.min()) or 1.0
        _, error = best_threshold((sim - sim.min()) / span, y[held])
        records.append(
            {"kappa": float(kappa), "fold": k, "error": error, "epochs": len(model.history_)}
        )
    errors = {kp: np.mean([r["error"] for r in records if r["kappa"] == kp]) for kp in grid}
    best = min(grid, key=lambda kp: (errors[kp], kp))
    return float(best), records
