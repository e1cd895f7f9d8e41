"""The topic probe (scikit-learn) and the OHSUMED category names of the t-SNE legend."""

from __future__ import annotations

import numpy as np

from textsim.measures.probe import choose_c, logistic_probe
from textsim.text.documents import category_name


def _blobs(n: int = 300, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    centres = np.array([[4.0, 0.0, 0.0], [0.0, 4.0, 0.0], [0.0, 0.0, 4.0]])
    return centres[y] + rng.normal(size=(n, 3)), np.array(["a", "b", "c"])[y]


def test_separable_classes_are_learned_and_labels_kept() -> None:
    X, y = _blobs()
    clf = logistic_probe(C=1.0).fit(X, y)
    assert clf.score(X, y) > 0.97
    assert set(clf.predict(X)) == {"a", "b", "c"}


def test_features_are_standardised_and_a_stronger_penalty_shrinks() -> None:
    X, y = _blobs(60)
    # scaling a feature changes nothing after standardisation
    scaled = X * np.array([1000.0, 1.0, 0.001])
    a = logistic_probe(C=1.0).fit(X, y).predict_proba(X)
    b = logistic_probe(C=1.0).fit(scaled, y).predict_proba(scaled)
    np.testing.assert_allclose(a, b, atol=1e-4)
    weak = logistic_probe(C=10.0).fit(X, y)[-1]
    strong = logistic_probe(C=0.001).fit(X, y)[-1]
    assert np.linalg.norm(strong.coef_) < 0.2 * np.linalg.norm(weak.coef_)


def test_choose_c_picks_the_best_held_out_accuracy() -> None:
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    X = np.c_[y + 0.3 * rng.normal(size=200), rng.normal(size=(200, 30))]
    c, scores = choose_c(X, y, [1e-4, 1.0], seed=0)
    assert len(scores) == 2 and c == [1e-4, 1.0][int(np.argmax(scores))]
    assert max(scores) >= 0.85
    assert choose_c(X, y, [1e-4, 1.0], seed=0) == (c, scores)  # seeded


def test_category_names() -> None:
    assert category_name("C04") == "C04 Neoplasms"
    assert category_name("C23").startswith("C23 Pathological")
    assert category_name("sci.space") == "sci.space"


def test_choose_c_equals_a_single_split_grid_search() -> None:
    from sklearn.model_selection import GridSearchCV, ShuffleSplit

    rng = np.random.default_rng(1)
    y = rng.integers(0, 3, 150)
    X = np.c_[y + 0.8 * rng.normal(size=150), rng.normal(size=(150, 12))]
    grid = [0.001, 0.03, 1.0]
    search = GridSearchCV(
        logistic_probe(),
        {"logisticregression__C": grid},
        cv=ShuffleSplit(n_splits=1, test_size=0.2, random_state=7),
        refit=False,
    ).fit(X, y)
    c, scores = choose_c(X, y, grid, seed=7)
    assert scores == list(search.cv_results_["mean_test_score"])
    assert c == grid[int(np.argmax(search.cv_results_["mean_test_score"]))]
