"""Row-wise (paired) distances and similarities between two sets of vectors.

Similarity is ``1 − distance`` (De Boom et al.); similarities are later
min–max normalised with the validation set (:mod:`textsim.deboom.metrics`). A zero
vector (an empty text) has cosine similarity 0 with anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp

__all__ = [
    "METRICS",
    "paired_distance",
    "paired_similarities",
    "paired_similarity",
    "sparse_cosine_similarity",
]

Metric = Literal["cosine", "euclidean", "l3", "l4", "braycurtis"]
METRICS: tuple[Metric, ...] = ("cosine", "euclidean", "l3", "l4", "braycurtis")
Array = npt.NDArray[np.floating]


def _cosine_similarity(a: Array, b: Array) -> npt.NDArray[np.float64]:
    num = np.einsum("ij,ij->i", a, b).astype(np.float64)
    den = np.sqrt(np.einsum("ij,ij->i", a, a).astype(np.float64) * np.einsum("ij,ij->i", b, b))
    return np.asarray(np.divide(num, den, out=np.zeros_like(num), where=den > 0), dtype=np.float64)


def paired_distance(a: Array, b: Array, metric: Metric) -> npt.NDArray[np.float64]:
    """Distance between ``a[i]`` and ``b[i]`` for every row ``i``."""
    return 1.0 - paired_similarities(a, b, [metric])[metric]


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


def paired_similarities(
    a: Array, b: Array, metrics: Sequence[Metric]
) -> dict[Metric, npt.NDArray[np.float64]]:
    """``1 − distance`` for several metrics at once, sharing the common terms.

    The one implementation of the formulas; :func:`paired_distance` and
    :func:`paired_similarity` call it for a single metric.
    """
    if a.shape != b.shape:
        raise ValueError(f"shape mismatch {a.shape} vs {b.shape}")
    out: dict[Metric, npt.NDArray[np.float64]] = {}
    if "cosine" in metrics:
        out["cosine"] = _cosine_similarity(a, b)
    rest = [m for m in metrics if m != "cosine"]
    if not rest:
        return out
    diff = np.abs(a - b)
    sq = diff * diff if any(m in ("euclidean", "l3", "l4") for m in rest) else diff
    for m in rest:
        if m == "euclidean":
            d = np.sqrt(sq.sum(axis=1, dtype=np.float64))
        elif m == "l3":
            d = np.cbrt((sq * diff).sum(axis=1, dtype=np.float64))
        elif m == "l4":
            d = np.sqrt(np.sqrt((sq * sq).sum(axis=1, dtype=np.float64)))
        elif m == "braycurtis":
            den = np.abs(a + b).sum(axis=1, dtype=np.float64)
            num = diff.sum(axis=1, dtype=np.float64)
            d = np.divide(num, den, out=np.zeros_like(num), where=den > 0)
        else:
            raise ValueError(f"unknown metric {m!r}; choose from {', '.join(METRICS)}")
        out[m] = np.asarray(1.0 - d, dtype=np.float64)
    return out
