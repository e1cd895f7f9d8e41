from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from textsim.measures.distances import paired_distance, paired_similarity, sparse_cosine_similarity

A = np.array([[1.0, 2.0, 2.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
B = np.array([[2.0, 0.0, 1.0], [0.0, 3.0, 0.0], [1.0, 1.0, 1.0]])


def test_cosine_by_hand() -> None:
    d = paired_distance(A, B, "cosine")
    assert d[0] == pytest.approx(1 - 4 / (3 * np.sqrt(5)))
    assert d[1] == pytest.approx(1.0)
    assert d[2] == pytest.approx(1.0)  # zero vector: similarity defined as 0


def test_minkowski_family_by_hand() -> None:
    # |A0 - B0| = (1, 2, 1)
    assert paired_distance(A, B, "euclidean")[0] == pytest.approx(np.sqrt(6))
    assert paired_distance(A, B, "l3")[0] == pytest.approx((1 + 8 + 1) ** (1 / 3))
    assert paired_distance(A, B, "l4")[0] == pytest.approx((1 + 16 + 1) ** 0.25)


def test_braycurtis_by_hand() -> None:
    # sum|a-b| = 4, sum|a+b| = 3 + 2 + 3 = 8
    assert paired_distance(A, B, "braycurtis")[0] == pytest.approx(0.5)
    assert paired_similarity(A, B, "braycurtis")[0] == pytest.approx(0.5)


def test_unknown_metric_and_shape_mismatch() -> None:
    with pytest.raises(ValueError, match="unknown metric"):
        paired_distance(A, B, "manhattan")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="shape"):
        paired_distance(A, B[:2], "cosine")


def test_sparse_cosine_matches_dense() -> None:
    s = sparse_cosine_similarity(sp.csr_matrix(A), sp.csr_matrix(B))
    assert s == pytest.approx(1 - paired_distance(A, B, "cosine"))
