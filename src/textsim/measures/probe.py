"""The topic probe of the paragraph and Schäfer evaluations: standardised features,
then a multinomial L2 logistic regression, both from scikit-learn.

scikit-learn minimises ``C · Σ loss + ½‖W‖²``, which is the same optimum as the
averaged loss plus ``‖W‖² / (2Cn)`` our former hand-written classifier used;
intercepts are not penalised in either.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import ShuffleSplit
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler

__all__ = ["best_c", "choose_c", "holdout_split", "logistic_probe", "probe_accuracy"]


def logistic_probe(C: float = 1.0, max_iter: int = 1000) -> Pipeline:
    """An unfitted probe: ``StandardScaler`` → ``LogisticRegression(C)`` (lbfgs, multinomial)."""
    return make_pipeline(StandardScaler(), LogisticRegression(C=C, max_iter=max_iter))


def holdout_split(
    n: int, seed: int, holdout: float = 0.2
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The (fit, held-out) row indices of one seeded shuffle split of ``n`` rows
    (scikit-learn's ``ShuffleSplit``)."""
    split = ShuffleSplit(n_splits=1, test_size=holdout, random_state=seed)
    fit, held = next(split.split(np.zeros((n, 1))))
    return fit, held


def probe_accuracy(
    X: npt.ArrayLike,
    y: npt.ArrayLike,
    fit: npt.NDArray[np.int64],
    held: npt.NDArray[np.int64],
    C: float,
) -> float:
    """Accuracy on the rows ``held`` of the probe fitted with ``C`` on the rows ``fit``."""
    X, y = np.asarray(X), np.asarray(y)
    clf = logistic_probe(C=C).fit(X[fit], y[fit])
    return float(clf.score(X[held], y[held]))


def choose_c(
    X: npt.ArrayLike,
    y: npt.ArrayLike,
    grid: Sequence[float],
    seed: int,
    holdout: float = 0.2,
) -> tuple[float, list[float]]:
    """The C of ``grid`` with the best accuracy on one seeded held-out share of (X, y)
    (a grid search over a single shuffle split; first C on ties)."""
    fit, held = holdout_split(len(np.asarray(y)), seed, holdout)
    scores = [probe_accuracy(X, y, fit, held, c) for c in grid]
    return best_c(grid, scores), scores


def best_c(grid: Sequence[float], scores: Sequence[float]) -> float:
    """The C of the best held-out accuracy (the first on ties)."""
    return float(grid[int(np.argmax(scores))])
