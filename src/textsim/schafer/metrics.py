"""Metrics of the Schäfer (2018) evaluation framework (§3.2.2, eq. 2.6, 3.1, 3.2).

Reference distances come from WISDM: each document is the matrix of the word
vectors of its highest tf-idf words, and two documents are compared with the
RV coefficient of their matrices. They are computed once per dataset split
(:class:`Reference`), from which the triplets (query, a document among its
nearest, one among its farthest) and the rank queries are drawn. A model is
then scored on

* topic prediction: accuracy of a logistic regression trained on the training
  documents' vectors, on the held-out documents;
* triplets: share of triplets whose query vector is closer (cosine) to the
  near document's vector than to the far one's (ties count one half);
* ranks@10 accuracy: share of queries whose WISDM nearest neighbour is among
  the model's 10 nearest; ranks@10 precision: mean share of the model's 10
  nearest that are among WISDM's 10 nearest (our reading; the thesis gives no
  formula — its random embeddings score about k/N on both, as these do).
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.measures.probe import logistic_probe

log = logging.getLogger(__name__)

__all__ = [
    "Reference",
    "expected_random_score",
    "paper_random_baseline",
    "rank_outcomes",
    "rank_scores",
    "rv_coefficient",
    "rv_similarity_matrix",
    "topic_accuracy",
    "topic_outcomes",
    "total_score",
    "triplet_accuracy",
    "triplet_outcomes",
    "wisdm_matrices",
]

F64 = npt.NDArray[np.float64]
WEIGHTS = {"topic": 1 / 3, "triplets": 1 / 3, "ranks_accuracy": 1 / 6, "ranks_precision": 1 / 6}


def rv_coefficient(X: npt.ArrayLike, Y: npt.ArrayLike) -> float:
    """RV coefficient of two matrices of row vectors in the same space (eq. 2.6):
    tr(XᵀX YᵀY) / sqrt(tr((XᵀX)²) tr((YᵀY)²)). X and Y may have different numbers
    of rows (words); ``tr(XᵀX YᵀY) = ‖X Yᵀ‖²_F``. In [0, 1]; 1 when XᵀX ∝ YᵀY."""
    X = np.asarray(X, dtype=np.float64)
    Y = np.asarray(Y, dtype=np.float64)
    if X.ndim != 2 or Y.ndim != 2 or X.shape[1] != Y.shape[1]:
        raise ValueError(
            f"RV coefficient needs two matrices of equal width, got {X.shape}, {Y.shape}"
        )
    num = float(np.sum((X @ Y.T) ** 2))
    den = math.sqrt(float(np.sum((X @ X.T) ** 2)) * float(np.sum((Y @ Y.T) ** 2)))
    if den == 0:
        raise ValueError("RV coefficient of an all-zero matrix")
    return num / den


def _sym_features(M: F64) -> F64:
    """Upper triangle of a symmetric matrix, off-diagonal entries times √2, so the
    dot product of two feature vectors is the Frobenius product of the matrices."""
    rows, cols = np.triu_indices(M.shape[0])
    scale = np.where(rows == cols, 1.0, math.sqrt(2.0))
    return np.asarray(M[rows, cols] * scale)


def rv_similarity_matrix(matrices: Sequence[npt.ArrayLike | None], chunk: int = 256) -> F64:
    """Pairwise RV coefficients of many document matrices at once: each document's
    d×d cross-product XᵀX, flattened (:func:`_sym_features`) and normalised, so the
    RV matrix is one Gram matrix (computed in chunks of documents). A document
    without a matrix (``None``: none of its words has a vector) is similar to no
    other (0; 1 to itself)."""
    width = next((np.shape(m)[1] for m in matrices if m is not None), 1)
    feats = []
    for m in matrices:
        if m is None:
            feats.append(np.zeros(width * (width + 1) // 2, dtype=np.float32))
            continue
        X = np.asarray(m, dtype=np.float64)
        f = _sym_features(X.T @ X)
        norm = np.linalg.norm(f)
        if norm == 0:
            raise ValueError("RV coefficient of an all-zero matrix")
        feats.append((f / norm).astype(np.float32))
    F = np.stack(feats)
    out = np.empty((len(F), len(F)), dtype=np.float64)
    for start in range(0, len(F), chunk):
        out[start : start + chunk] = F[start : start + chunk] @ F.T
    np.fill_diagonal(out, 1.0)
    return np.clip(out, 0.0, 1.0)


def wisdm_matrices(
    documents: Sequence[Sequence[Sequence[str]]],
    vectors: Any,
    doc_freq: dict[str, int],
    n_documents: int,
    top_words: int,
) -> list[F64 | None]:
    """Each document's WISDM matrix: the word vectors of its ``top_words`` words of
    highest tf-idf (tf = count in the document / its length, idf = ln(N/df)) among
    the words with a vector. ``vectors`` maps word -> vector (``in`` and ``[]``).
    A document without any such word has none (``None``): WISDM cannot describe it."""
    out: list[F64 | None] = []
    for i, doc in enumerate(documents):
        words = [t for s in doc for t in s]
        counts: dict[str, int] = {}
        for w in words:
            if w in vectors:
                counts[w] = counts.get(w, 0) + 1
        if not counts:
            log.warning("document %d: none of its %d words has a word vector", i, len(words))
            out.append(None)
            continue
        tfidf = {
            w: c / len(words) * math.log(n_documents / max(doc_freq.get(w, 1), 1))
            for w, c in counts.items()
        }
        chosen = sorted(tfidf, key=lambda w: (-tfidf[w], w))[:top_words]
        out.append(np.stack([np.asarray(vectors[w], dtype=np.float64) for w in chosen]))
    return out


@dataclass(frozen=True)
class Reference:
    """Reference similarities of one split's documents, and the triplets and rank
    queries drawn from them (fixed once, with the seed, for every model)."""

    similarity: F64  # (n, n) RV coefficients
    triplets: npt.NDArray[np.int64]  # (t, 3) query, near, far
    queries: npt.NDArray[np.int64]  # (q,) rank queries

    @classmethod
    def draw(
        cls,
        similarity: npt.ArrayLike,
        *,
        n_triplets: int,
        n_queries: int,
        near: int,
        far_fraction: float,
        seed: int,
        described: npt.ArrayLike | None = None,
    ) -> Reference:
        """Triplets: a random query, a random one of its ``near`` most similar
        documents, a random one of its ``far_fraction`` least similar; rank queries:
        ``n_queries`` documents without replacement (all when fewer). Queries are
        drawn among the ``described`` documents only (those with a WISDM matrix;
        default all): the others have no reference neighbours."""
        S = np.asarray(similarity, dtype=np.float64)
        n = len(S)
        if n < near + 2:
            raise ValueError(f"{n} documents are too few for {near} near neighbours")
        rng = np.random.default_rng(seed)
        order = _neighbour_order(S)  # (n, n-1) most to least similar, self excluded
        n_far = max(1, round(far_fraction * (n - 1)))
        ok = np.ones(n, dtype=bool) if described is None else np.asarray(described, dtype=bool)
        if ok.all():  # the draws of every earlier run
            q = rng.integers(0, n, n_triplets)
        else:
            q = rng.choice(np.flatnonzero(ok), n_triplets)
        pos = order[q, rng.integers(0, near, n_triplets)]
        neg = order[q, n - 1 - n_far + rng.integers(0, n_far, n_triplets)]
        if ok.all():
            queries = np.sort(rng.choice(n, min(n_queries, n), replace=False))
        else:
            pool = np.flatnonzero(ok)
            queries = np.sort(rng.choice(pool, min(n_queries, len(pool)), replace=False))
        return cls(S, np.stack([q, pos, neg], axis=1), queries)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Reference:
        with np.load(path) as z:
            return cls(z["similarity"], z["triplets"], z["queries"])


def _neighbour_order(S: F64) -> npt.NDArray[np.int64]:
    """Per row, the other documents from most to least similar (stable ties)."""
    n = len(S)
    masked = S.copy()
    np.fill_diagonal(masked, -np.inf)
    order = np.argsort(-masked, axis=1, kind="stable")
    return np.asarray(order[:, : n - 1])


def _cosine(E: npt.ArrayLike) -> F64:
    E = np.asarray(E, dtype=np.float64)
    norms = np.linalg.norm(E, axis=1, keepdims=True)
    U = E / np.where(norms == 0, 1.0, norms)
    return np.asarray(U @ U.T)


def triplet_outcomes(embeddings: npt.ArrayLike, triplets: npt.ArrayLike) -> F64:
    """Per (query, near, far) triplet: 1 if cos(q, near) > cos(q, far), ½ on a tie, else 0."""
    T = np.asarray(triplets)
    C = _cosine(embeddings)
    a = C[T[:, 0], T[:, 1]]
    b = C[T[:, 0], T[:, 2]]
    return np.asarray((a > b) + 0.5 * (a == b), dtype=np.float64)


def triplet_accuracy(embeddings: npt.ArrayLike, triplets: npt.ArrayLike) -> float:
    """Share of (query, near, far) triplets with cos(q, near) > cos(q, far); ties ½."""
    return float(np.mean(triplet_outcomes(embeddings, triplets)))


def rank_outcomes(
    embeddings: npt.ArrayLike, reference: F64, queries: npt.ArrayLike, k: int = 10
) -> tuple[F64, F64]:
    """Per query document: whether its WISDM nearest neighbour is among the model's
    ``k`` nearest (1 / 0), and the share of the model's ``k`` nearest that are among
    WISDM's ``k`` nearest."""
    q = np.asarray(queries)
    C = _cosine(embeddings)[q]
    R = np.asarray(reference, dtype=np.float64)[q]
    rows = np.arange(len(q))
    C[rows, q] = -np.inf
    R = R.copy()
    R[rows, q] = -np.inf
    model_top = np.argsort(-C, axis=1, kind="stable")[:, :k]
    ref_top = np.argsort(-R, axis=1, kind="stable")[:, :k]
    hit = np.any(model_top == ref_top[:, :1], axis=1).astype(np.float64)
    shared = (model_top[:, :, None] == ref_top[:, None, :]).any(axis=2).sum(axis=1)
    return hit, np.asarray(shared / k, dtype=np.float64)


def rank_scores(
    embeddings: npt.ArrayLike, reference: F64, queries: npt.ArrayLike, k: int = 10
) -> tuple[float, float]:
    """Ranks@k (accuracy, precision) of the embeddings' cosine neighbours against
    the reference similarities, over the query documents."""
    hit, precision = rank_outcomes(embeddings, reference, queries, k)
    return float(np.mean(hit)), float(np.mean(precision))


def topic_outcomes(
    train: npt.ArrayLike,
    train_labels: npt.ArrayLike,
    test: npt.ArrayLike,
    test_labels: npt.ArrayLike,
    C: float = 1.0,
) -> F64:
    """Per held-out document: 1 if a multinomial logistic regression (L2, ``C``) fitted
    on the training vectors predicts its topic, else 0."""
    model = logistic_probe(C=C, max_iter=500).fit(train, train_labels)
    return np.asarray(model.predict(test) == np.asarray(test_labels), dtype=np.float64)


def topic_accuracy(
    train: npt.ArrayLike,
    train_labels: npt.ArrayLike,
    test: npt.ArrayLike,
    test_labels: npt.ArrayLike,
    C: float = 1.0,
) -> float:
    """Accuracy of a multinomial logistic regression (L2, ``C``) fitted on the
    training vectors, on the held-out vectors."""
    return float(np.mean(topic_outcomes(train, train_labels, test, test_labels, C)))


def total_score(scores: dict[str, float]) -> float:
    """Eq. 3.1: ⅓ topic + ⅓ triplets + ⅙ ranks accuracy + ⅙ ranks precision."""
    return float(sum(w * scores[k] for k, w in WEIGHTS.items()))


def paper_random_baseline(n_topics: int) -> float:
    """Eq. 3.2 as printed: 0.3·0.5 + 0.3·(1/topics), ranks taken as zero (0.18 at 10)."""
    return 0.3 * 0.5 + 0.3 / n_topics


def expected_random_score(n_topics: int, n_documents: int, k: int = 10) -> float:
    """Eq. 3.1's expectation for random vectors: ⅓·½ + ⅓·(1/topics) + ⅓·k/(N−1)
    (both rank scores of a random ranking are k/(N−1))."""
    return 0.5 / 3 + 1 / (3 * n_topics) + k / (n_documents - 1) / 3
