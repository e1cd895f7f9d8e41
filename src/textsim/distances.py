"""Row-wise (paired) distances and similarities between two sets of vectors.

Similarity is ``1 − distance`` (De Boom et al.); similarities are later
min–max normalised with the validation set (:mod:`textsim.metrics`). A zero
vector (an empty text) has cosine similarity 0 with anything.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp

__all__ = ["METRICS", "paired_distance", "paired_similarity", "sparse_cosine_similarity"]

Metric = Literal["cosine", "euclidean", "l3", "l4", "braycurtis"]
METRICS: tuple[Metric, ...] = ("cosine", "euclidean", "l3", "l4", "braycurtis")
Array = npt.NDArray[np.floating]


def _cosine_similarity(a: Array, b: Array) -> npt.NDArray[np.float64]:
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    num = np.einsum("ij,ij->i", a64, b64)
    den = np.linalg.norm(a64, axis=1) * np.linalg.norm(b64, axis=1)
    return np.asarray(np.divide(num, den, out=np.zeros_like(num), where=den > 0), dtype=np.float64)


def paired_distance(a: Array, b: Array, metric: Metric) -> npt.NDArray[np.float64]:
    """Distance between ``a[i]`` and ``b[i]`` for every row ``i``."""
    if a.shape != b.shape:
        raise ValueError(f"shape mismatch {a.shape} vs {b.shape}")
    if metric == "cosine":
        return 1.0 - _cosine_similarity(a, b)
    diff = np.abs(a.astype(np.float64) - b.astype(np.float64))
    if metric == "euclidean":
        return np.asarray(np.sqrt(np.einsum("ij,ij->i", diff, diff)), dtype=np.float64)
    if metric == "l3":
        return np.asarray(np.cbrt((diff**3).sum(axis=1)), dtype=np.float64)
    if metric == "l4":
        return np.asarray(np.sqrt(np.sqrt((diff**4).sum(axis=1))), dtype=np.float64)
    if metric == "braycurtis":
        den = np.abs(a.astype(np.float64) + b.astype(np.float64)).sum(axis=1)
        num = diff.sum(axis=1)
        return np.asarray(
            np.divide(num, den, out=np.zeros_like(num), where=den > 0), dtype=np.float64
        )
    raise ValueError(f"unknown metric {metric!r}; choose from {', '.join(METRICS)}")


def paired_similarity(a: Array, b: Array, metric: Metric) -> npt.NDArray[np.float64]:
    """``1 − distance`` row by row."""
    return 1.0 - paired_distance(a, b, metric)


def sparse_cosine_similarity(a: sp.csr_matrix, b: sp.csr_matrix) -> npt.NDArray[np.float64]:
    """Cosine similarity between rows ``a[i]`` and ``b[i]`` of two sparse matrices."""
    if a.shape != b.shape:
        raise ValueError(f"shape mismatch {a.shape} vs {b.shape}")
    num = np.asarray(a.multiply(b).sum(axis=1)).ravel()
    na = np.sqrt(np.asarray(a.multiply(a).sum(axis=1)).ravel())
    nb = np.sqrt(np.asarray(b.multiply(b).sum(axis=1)).ravel())
    den = na * nb
    return np.asarray(
        np.divide(num, den, out=np.zeros_like(num, dtype=np.float64), where=den > 0),
        dtype=np.float64,
    )
