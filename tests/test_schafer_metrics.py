"""Schäfer (2018) metrics: RV coefficient, WISDM references, triplets, ranks@10,
topic prediction, eq. 3.1 and 3.2."""

import numpy as np
import pytest

from textsim.schafer import metrics as M


def test_rv_coefficient_by_hand():
    X = np.array([[1.0, 0.0], [0.0, 1.0]])
    Y = np.array([[1.0, 0.0]])
    # XᵀX = I, YᵀY = diag(1, 0): <I, diag(1,0)> = 1, |I| = √2, |diag(1,0)| = 1
    assert M.rv_coefficient(X, Y) == pytest.approx(1 / np.sqrt(2))
    assert M.rv_coefficient(X, X) == pytest.approx(1.0)


def test_rv_coefficient_invariances():
    rng = np.random.default_rng(0)
    X, Y = rng.normal(size=(7, 5)), rng.normal(size=(4, 5))
    Q, _ = np.linalg.qr(rng.normal(size=(5, 5)))
    rv = M.rv_coefficient(X, Y)
    assert 0 < rv < 1
    assert M.rv_coefficient(X @ Q, Y @ Q) == pytest.approx(rv)  # rotation of the space
    assert M.rv_coefficient(3 * X, Y) == pytest.approx(rv)  # scale
    assert M.rv_coefficient(X[::-1], Y) == pytest.approx(rv)  # word order
    assert M.rv_coefficient(Y, X) == pytest.approx(rv)
    with pytest.raises(ValueError, match="equal width"):
        M.rv_coefficient(X, Y[:, :3])
    with pytest.raises(ValueError, match="all-zero"):
        M.rv_coefficient(np.zeros((2, 5)), Y)


def test_rv_similarity_matrix_matches_pairwise():
    rng = np.random.default_rng(1)
    mats = [rng.normal(size=(rng.integers(1, 6), 8)) for _ in range(9)]
    S = M.rv_similarity_matrix(mats, chunk=4)
    for i in range(9):
        for j in range(9):
            assert S[i, j] == pytest.approx(M.rv_coefficient(mats[i], mats[j]), abs=1e-5)


def test_wisdm_matrices_keep_highest_tfidf_words():
    vectors = {w: np.eye(4)[i] for i, w in enumerate("abcd")}
    docs = [[["a", "a", "b", "zz"]], [["c", "d"]]]
    df = {"a": 1, "b": 50, "c": 1, "d": 1}
    mats = M.wisdm_matrices(docs, vectors, df, n_documents=100, top_words=1)
    np.testing.assert_array_equal(mats[0], [vectors["a"]])  # a: frequent here, rare overall
    assert mats[1].shape == (1, 4)
    # a document none of whose words has a vector has no matrix: similar to no other,
    # and never a query of the triplets or ranks
    mats = M.wisdm_matrices([[["a", "b"]], [["zz"]], [["a"]], [["c", "b"]]], vectors, df, 100, 3)
    assert mats[1] is None
    S = M.rv_similarity_matrix(mats)
    assert S[1].tolist() == [0, 1, 0, 0] and S[:, 1].tolist() == [0, 1, 0, 0]
    assert S[0, 2] > 0
    ref = M.Reference.draw(
        S, n_triplets=50, n_queries=4, near=1, far_fraction=0.5, seed=0,
        described=[m is not None for m in mats],
    )  # fmt: skip
    assert 1 not in ref.triplets[:, 0] and 1 not in ref.queries and len(ref.queries) == 3


def _clustered(n_topics=5, per_topic=40, dim=16, seed=0):
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(n_topics, dim)) * 5
    labels = np.repeat(np.arange(n_topics), per_topic)
    return centres[labels] + rng.normal(size=(len(labels), dim)), labels


def _reference(E, seed=0):
    U = E / np.linalg.norm(E, axis=1, keepdims=True)
    S = (U @ U.T + 1) / 2  # a similarity the embeddings reproduce exactly
    return M.Reference.draw(S, n_triplets=2000, n_queries=100, near=10, far_fraction=0.5, seed=seed)


def test_perfect_embeddings_score_one():
    E, labels = _clustered()
    ref = _reference(E)
    assert M.triplet_accuracy(E, ref.triplets) == 1.0
    assert M.rank_scores(E, ref.similarity, ref.queries) == (1.0, 1.0)
    train = np.arange(len(E)) % 2 == 0
    acc = M.topic_accuracy(E[train], labels[train], E[~train], labels[~train])
    assert acc == 1.0
    scores = {"topic": acc, "triplets": 1.0, "ranks_accuracy": 1.0, "ranks_precision": 1.0}
    assert M.total_score(scores) == pytest.approx(1.0)


def test_random_embeddings_score_near_the_random_baseline():
    E, labels = _clustered(n_topics=10, per_topic=60)
    ref = _reference(E)
    rng = np.random.default_rng(5)
    R = rng.normal(size=E.shape)
    n = len(E)
    assert M.triplet_accuracy(R, ref.triplets) == pytest.approx(0.5, abs=0.04)
    acc, prec = M.rank_scores(R, ref.similarity, ref.queries)
    assert acc == pytest.approx(10 / (n - 1), abs=0.04)
    assert prec == pytest.approx(10 / (n - 1), abs=0.02)
    train = np.arange(n) % 2 == 0
    topic = M.topic_accuracy(R[train], labels[train], R[~train], labels[~train])
    assert topic == pytest.approx(0.1, abs=0.06)
    total = M.total_score(
        {"topic": topic, "triplets": 0.5, "ranks_accuracy": acc, "ranks_precision": prec}
    )
    assert total == pytest.approx(M.expected_random_score(10, n), abs=0.03)


def test_triplets_count_ties_half_and_draws_are_near_and_far():
    E, _ = _clustered()
    ref = _reference(E)
    same = np.ones_like(E)
    assert M.triplet_accuracy(same, ref.triplets) == 0.5
    S = ref.similarity
    q, near, far = ref.triplets.T
    assert np.all(S[q, near] > S[q, far])
    assert np.all(q != near) and np.all(q != far)


def test_random_baselines():
    assert M.paper_random_baseline(10) == pytest.approx(0.18)  # eq. 3.2 as printed
    assert M.expected_random_score(10, 1001) == pytest.approx(0.5 / 3 + 1 / 30 + 0.01 / 3)
