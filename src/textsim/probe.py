"""The topic probe of the paragraph and Schäfer evaluations: standardised features,
then a multinomial L2 logistic regression, both from scikit-learn.

scikit-learn minimises ``C · Σ loss + ½‖W‖²``, which is the same optimum as the
averaged loss plus ``‖W‖² / (2Cn)`` our former hand-written classifier used;
intercepts are not penalised in either.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, ShuffleSplit
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler

__all__ = ["choose_c", "logistic_probe"]


def logistic_probe(C: float = 1.0, max_iter: int = 1000) -> Pipeline:
    """An unfitted probe: ``StandardScaler`` → ``LogisticRegression(C)`` (lbfgs, multinomial)."""
    return make_pipeline(StandardScaler(), LogisticRegression(C=C, max_iter=max_iter))


def choose_c(
    X: npt.ArrayLike,
    y: npt.ArrayLike,
    grid: Sequence[float],
    seed: int,
    holdout: float = 0.2,
) -> tuple[float, list[float]]:
    """The C of ``grid`` with the best accuracy on one seeded held-out share of (X, y)
    (scikit-learn's grid search over a single shuffle split; first C on ties)."""
    search = GridSearchCV(
        logistic_probe(),
        {"logisticregression__C": list(grid)},
        cv=ShuffleSplit(n_splits=1, test_size=holdout, random_state=seed),
        refit=False,
    )
    search.fit(np.asarray(X), np.asarray(y))
    scores: Any = search.cv_results_["mean_test_score"]
    return float(grid[int(np.argmax(scores))]), [float(s) for s in scores]
