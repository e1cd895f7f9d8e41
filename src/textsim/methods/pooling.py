"""The pooling baselines (mean, max, min, min/max, top-idf, idf-weighted) and tf-idf."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, get_args

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp

from textsim.methods.base import (
    CLEANING_RULE,
    Allowed,
    Cleaning,
    Estimator,
    Needs,
    check_params,
)
from textsim.methods.given_vectors import missing_vectors
from textsim.text.docfreq import IdfVariant
from textsim.vectors.words import FloatArray, Texts, TokenBatch, WordEmbeddings

Pooling = Literal["mean", "max", "min", "minmax"]
#: the poolings by name (the fused kernel codes each by its position here)
POOLINGS: tuple[Pooling, ...] = get_args(Pooling)


Weighting = Literal["none", "idf"]


def top_fraction_count(lengths: npt.ArrayLike, fraction: float) -> npt.NDArray[np.int32]:
    """How many words a text of each length keeps under a top-``fraction`` rule.

    ``round(fraction · n)`` rounded half up, at least 1 for a non-empty text.
    """
    n = np.asarray(lengths, dtype=np.int64)
    k = np.floor(fraction * n + 0.5).astype(np.int32)
    return np.where(n > 0, np.maximum(k, 1), 0).astype(np.int32)


def sort_by_rank(batch: TokenBatch, rank: npt.NDArray[np.int64]) -> TokenBatch:
    """Reorder every text's words by ascending df (rarest first); padding stays last."""
    from textsim.vectors.kernels import sort_rows_by_rank

    return TokenBatch(sort_rows_by_rank(batch.ids, batch.lengths, rank), batch.lengths, batch.pad)


@dataclass(frozen=True)
class PoolSpec:
    """One pooled representation: how to pool, how to weight, whether to keep top-idf words only."""

    pooling: Pooling = "mean"
    weighting: Weighting = "none"
    top: bool = False

    @property
    def width_factor(self) -> int:
        return 2 if self.pooling == "minmax" else 1


#: word-vector values per block of a long text (see PoolingEmbedding._pool_ids)
_LONG_BLOCK_VALUES = 1 << 22


def _chunk_rows(width: int, dim: int, budget_bytes: int = 2 << 20) -> int:
    return max(1, budget_bytes // max(1, width * dim * 4))


def pool_batch(
    batch: TokenBatch,
    table: FloatArray,
    specs: Sequence[PoolSpec],
    *,
    idf: npt.NDArray[np.float32] | None = None,
    rank: npt.NDArray[np.int64] | None = None,
    top_fraction: float | None = None,
    chunk_rows: int | None = None,
    out: dict[PoolSpec, FloatArray] | None = None,
) -> dict[PoolSpec, FloatArray]:
    """Compute several pooled representations of a batch in one pass.

    ``table`` holds the word vectors plus one zero row for padding; ``idf`` is
    aligned with it (0 for padding). Texts are sorted rarest word first (needed
    for the top-idf variants; the other poolings do not depend on order); each
    chunk of texts is gathered once and every requested representation is
    derived from that chunk while it is in cache.

    ``out`` may hold preallocated arrays (at least ``len(batch)`` rows) that
    are filled and returned (sliced to the batch) instead of new ones; reusing
    them across calls avoids paging in fresh memory every time.
    """
    dim = table.shape[1]
    specs = list(dict.fromkeys(specs))
    if any(s.top for s in specs):
        if rank is None or top_fraction is None:
            raise ValueError("top-idf pooling needs the word ranks and top_fraction")
        batch = sort_by_rank(batch, rank)
        keep = top_fraction_count(batch.lengths, top_fraction)
    else:
        keep = batch.lengths
    if any(s.weighting == "idf" for s in specs) and idf is None:
        raise ValueError("idf weighting needs idf values")
    if out is None:
        out = {s: np.empty((len(batch), dim * s.width_factor), dtype=np.float32) for s in specs}
    else:
        out = {s: out[s][: len(batch)] for s in specs}
    width = batch.ids.shape[1]
    positions = np.arange(width)[None, :]
    # every mean-type representation is a weighted sum of the word vectors:
    # one batched matrix product per chunk computes all of them at once
    means = [s for s in specs if s.pooling == "mean"]
    weights = np.empty((len(batch), len(means), width), dtype=np.float32)
    for j, spec in enumerate(means):
        counts = keep if spec.top else batch.lengths
        w = (positions < counts[:, None]).astype(np.float32)
        if spec.weighting == "idf":
            assert idf is not None
            w *= idf[batch.ids]
        weights[:, j, :] = w / np.maximum(counts, 1)[:, None]
    step = chunk_rows or _chunk_rows(width, dim)
    for start in range(0, len(batch), step):
        stop = min(start + step, len(batch))
        ids = batch.ids[start:stop]
        X = np.take(table, ids, axis=0)  # (c, L, d); padding rows are zero
        if means:
            pooled = np.matmul(weights[start:stop], X)  # (c, n_means, d)
            for j, spec in enumerate(means):
                out[spec][start:stop] = pooled[:, j, :]
        cache: dict[tuple[str, str, bool], FloatArray] = {}
        for spec in specs:
            if spec.pooling == "mean":
                continue
            counts = (keep if spec.top else batch.lengths)[start:stop]
            ops = ("min", "max") if spec.pooling == "minmax" else (spec.pooling,)
            for i, op in enumerate(ops):
                key = (op, spec.weighting, spec.top)
                if key not in cache:
                    cache[key] = _reduce(X, ids, counts, op, spec.weighting, idf)
                out[spec][start:stop, i * dim : (i + 1) * dim] = cache[key]
    return out


def _reduce(
    X: FloatArray,
    ids: npt.NDArray[np.int32],
    counts: npt.NDArray[np.int32],
    op: str,
    weighting: str,
    idf: npt.NDArray[np.float32] | None,
) -> FloatArray:
    """Max or min over the first ``counts[i]`` words of each text of a chunk."""
    c, width, dim = X.shape
    k_min, k_max = (int(counts.min()), int(counts.max())) if c else (0, 0)
    uniform = k_min == k_max
    k = min(k_max, width)
    Xs = X[:, :k]
    if weighting == "idf":
        assert idf is not None
        Xs = Xs * idf[ids[:, :k]][:, :, None]
    if not uniform:
        mask = (np.arange(k)[None, :] < counts[:, None])[:, :, None]
        Xs = np.where(mask, Xs, np.inf if op == "min" else -np.inf)
    if k == 0:
        return np.zeros((c, dim), dtype=np.float32)
    red = Xs.min(axis=1) if op == "min" else Xs.max(axis=1)
    if k_min == 0:
        red[counts == 0] = 0.0
    return np.asarray(red, dtype=np.float32)


class PoolingEmbedding(Estimator):
    """Aggregate word vectors by mean, max, min or min‖max pooling.

    Parameters
    ----------
    embeddings:
        The word vectors and document frequencies.
    pooling:
        ``mean``, ``max``, ``min`` or ``minmax`` (concatenation of min and max).
    weighting:
        ``none`` or ``idf`` (each vector times its idf; the mean divides by n,
        as in ``Σ idf·v / n``).
    top_fraction:
        If set, keep only the ``round(top_fraction · n)`` words with the
        highest idf in each text (De Boom et al.: 30%).
    idf_variant:
        ``paper`` (log N/(1+df)) or ``code`` (ln N − ln df).
    cleaning:
        ``paper`` (default): raw texts are cleaned as the workflow cleans its
        corpora (lowercase, numbers → 0, punctuation removed); ``none``: texts
        are split on white space as they are.
    """

    allowed: ClassVar[dict[str, Allowed]] = {
        "pooling": Allowed("choice", choices=POOLINGS),
        "weighting": Allowed("choice", choices=("none", "idf")),
        "top_fraction": Allowed("real", low=0.0, high=1.0, open_low=True, optional=True),
        "idf_variant": Allowed("choice", choices=("paper", "code")),
        "cleaning": CLEANING_RULE,
    }
    _fit_settings: ClassVar[tuple[str, ...]] = (
        "pooling",
        "weighting",
        "top_fraction",
        "idf_variant",
    )

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        pooling: Pooling = "mean",
        weighting: Weighting = "none",
        top_fraction: float | None = None,
        idf_variant: IdfVariant = "paper",
        cleaning: Cleaning = "paper",
    ) -> None:
        self.embeddings = embeddings
        self.pooling = pooling
        self.weighting = weighting
        self.top_fraction = top_fraction
        self.idf_variant = idf_variant
        self.cleaning = cleaning

    @classmethod
    def needs_for(cls, params: Mapping[str, Any]) -> Needs:
        """Document frequencies when idf weighs the words or picks the top ones."""
        idf = params.get("weighting", "none") != "none" or params.get("top_fraction") is not None
        return Needs(docfreq=idf)

    def fit(self, X: Any = None, y: Any = None) -> Self:
        """Check the settings and prepare the vector table (no texts needed: ``X``
        and ``y`` are ignored and may be omitted)."""
        if self.embeddings is None:
            raise missing_vectors(self)
        self._check_settings(self.embeddings.dim)
        self._record_fit()
        emb = self.embeddings
        self.embeddings_ = emb
        self.table_ = emb.padded_table()
        self.idf_ = np.append(emb.idf(self.idf_variant), 0.0).astype(np.float32)
        self.rank_ = emb.rank()
        self.spec_ = PoolSpec(self.pooling, self.weighting, self.top_fraction is not None)
        self.n_features_out_ = emb.dim * self.spec_.width_factor
        return self

    def transform(self, X: TokenBatch | Texts | str) -> FloatArray:
        """Embed texts: a (number of texts, dimension) float32 matrix; a text with
        no in-vocabulary word is the zero vector (min/max: zeros too). Memory grows
        linearly with a text's length (long texts are streamed)."""
        return self._streamed(X, self._pool_batch, self._pool_ids)

    def _pool_batch(self, batch: TokenBatch) -> FloatArray:
        return pool_batch(
            batch,
            self.table_,
            [self.spec_],
            idf=self.idf_,
            rank=self.rank_,
            top_fraction=self.top_fraction,
        )[self.spec_]

    def _pool_ids(self, ids: npt.NDArray[np.int32]) -> FloatArray:
        """The pooled vector of one text given by its vocabulary ids, in blocks of
        words (memory bounded by a block): :func:`pool_batch`'s vector up to rounding."""
        dim, spec = self.table_.shape[1], self.spec_
        if self.top_fraction is not None and len(ids):  # the k rarest words (any order)
            k = int(top_fraction_count([len(ids)], self.top_fraction)[0])
            ids = ids[np.argpartition(self.rank_[ids], k - 1)[:k]] if k < len(ids) else ids
        if not len(ids):
            return np.zeros(dim * spec.width_factor, dtype=np.float32)
        step = max(1, _LONG_BLOCK_VALUES // dim)
        total = np.zeros(dim)
        low, high = np.full(dim, np.inf), np.full(dim, -np.inf)
        for a in range(0, len(ids), step):
            block = ids[a : a + step]
            words = self.table_[block].astype(np.float64)
            if spec.weighting == "idf":
                words *= self.idf_[block][:, None]
            if spec.pooling == "mean":
                total += words.sum(axis=0)
            else:
                low, high = np.minimum(low, words.min(axis=0)), np.maximum(high, words.max(axis=0))
        parts = {"mean": [total / len(ids)], "max": [high], "min": [low], "minmax": [low, high]}
        return np.concatenate(parts[spec.pooling]).astype(np.float32)

    def _restore(self, fitted: dict[str, Any]) -> None:
        self.fit()


class TfidfEmbedding(Estimator):
    """tf-idf vectors over the embedding vocabulary: raw counts × idf (sparse CSR).

    The norm used by cosine similarity is over word types (repeated words
    are summed first), unlike the original code's bug.
    """

    allowed: ClassVar[dict[str, Allowed]] = {
        "idf_variant": Allowed("choice", choices=("paper", "code")),
        "cleaning": CLEANING_RULE,
    }

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        idf_variant: IdfVariant = "paper",
        cleaning: Cleaning = "paper",
    ) -> None:
        self.embeddings = embeddings
        self.idf_variant = idf_variant
        self.cleaning = cleaning

    def fit(self, X: Any = None, y: Any = None) -> Self:
        """Take the vocabulary and idf of ``embeddings`` (``X``, ``y`` ignored)."""
        if self.embeddings is None:
            raise missing_vectors(self, " (for its vocabulary and idf)")
        check_params(self, self.allowed)
        self.embeddings_ = self.embeddings
        self.idf_ = self.embeddings.idf(self.idf_variant)
        return self

    def transform(self, X: TokenBatch | Texts | str) -> sp.csr_matrix:
        """Sparse (number of texts, vocabulary size) tf-idf matrix."""
        batch = self._batch(X)
        mask = batch.mask
        rows = np.broadcast_to(np.arange(len(batch))[:, None], batch.ids.shape)[mask]
        cols = batch.ids[mask]
        data = self.idf_[cols]
        mat = sp.csr_matrix(
            (data, (rows, cols)), shape=(len(batch), len(self.embeddings_.words)), dtype=np.float64
        )
        mat.sum_duplicates()
        return mat
