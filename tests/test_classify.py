from __future__ import annotations

import numpy as np
import pytest

from textsim.classify import LogisticRegression


def _blobs(n: int = 300, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    centres = np.array([[4.0, 0.0, 0.0], [0.0, 4.0, 0.0], [0.0, 0.0, 4.0]])
    return centres[y] + rng.normal(size=(n, 3)), np.array(["a", "b", "c"])[y]


def test_separable_classes_are_learned_and_labels_kept() -> None:
    X, y = _blobs()
    clf = LogisticRegression(C=1.0).fit(X, y)
    assert clf.score(X, y) > 0.97
    assert set(clf.predict(X)) == {"a", "b", "c"}


def test_gradient_matches_finite_differences_and_stronger_penalty_shrinks() -> None:
    X, y = _blobs(60)
    weak = LogisticRegression(C=10.0).fit(X, y)
    strong = LogisticRegression(C=0.001).fit(X, y)
    assert np.linalg.norm(strong.coef_) < 0.2 * np.linalg.norm(weak.coef_)
    # at the optimum the penalised loss cannot be lowered by a small step in any direction
    rng = np.random.default_rng(1)
    z = weak.decision_function(X)
    z = z - z.max(axis=1, keepdims=True)
    yi = np.searchsorted(weak.classes_, y)

    def loss(W: np.ndarray) -> float:
        s = (X - weak.mean_) / weak.scale_ @ W + weak.intercept_
        s = s - s.max(axis=1, keepdims=True)
        logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
        return float(-logp[np.arange(len(y)), yi].mean() + 0.5 / (10.0 * len(y)) * (W**2).sum())

    base = loss(weak.coef_)
    for _ in range(5):
        step = 1e-3 * rng.normal(size=weak.coef_.shape)
        assert loss(weak.coef_ + step) >= base - 1e-9


def test_warm_start_reaches_the_same_solution() -> None:
    X, y = _blobs(200)
    cold = LogisticRegression(C=0.1).fit(X, y)
    warm = LogisticRegression(C=0.1).fit(X, y, init=LogisticRegression(C=0.01).fit(X, y))
    assert warm.coef_ == pytest.approx(cold.coef_, abs=1e-3)


def test_bad_input_is_a_clear_error() -> None:
    X, y = _blobs(20)
    with pytest.raises(ValueError, match="two classes"):
        LogisticRegression().fit(X, np.zeros(20))
    X[0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        LogisticRegression().fit(X, y)
    with pytest.raises(RuntimeError, match="not fitted"):
        LogisticRegression().predict(X)
