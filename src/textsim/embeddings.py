"""Word embeddings, token batches and the aggregation baselines.

Texts are encoded once into a padded matrix of vocabulary indices
(:class:`TokenBatch`); every baseline then works on whole batches with NumPy,
never looping over texts in Python.

The baselines follow the scikit-learn estimator API: ``__init__`` stores
hyperparameters only, ``fit`` returns ``self`` and sets fitted attributes
ending in ``_``, ``transform`` maps texts to vectors.

Out-of-vocabulary tokens are dropped. A text left empty embeds as the zero
vector (and its similarities are defined as 0 by :mod:`textsim.distances`).
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Self

import numpy as np
import numpy.typing as npt
import scipy.sparse as sp

from textsim.docfreq import DocumentFrequencies, IdfVariant, idf_from_df

__all__ = [
    "PoolingEmbedding",
    "TfidfEmbedding",
    "TokenBatch",
    "WordEmbeddings",
    "top_fraction_count",
]

FloatArray = npt.NDArray[np.float32]
Texts = Sequence[Sequence[str]] | Sequence[str]
Pooling = Literal["mean", "max", "min", "minmax"]
Weighting = Literal["none", "idf"]


@dataclass(frozen=True)
class TokenBatch:
    """Texts as a padded index matrix.

    ``ids[i, :lengths[i]]`` are the vocabulary indices of text ``i``; the rest
    is ``pad`` (= vocabulary size).
    """

    ids: npt.NDArray[np.int32]
    lengths: npt.NDArray[np.int32]
    pad: int

    def __len__(self) -> int:
        return int(self.ids.shape[0])

    @property
    def mask(self) -> npt.NDArray[np.bool_]:
        return np.asarray(self.ids != self.pad)

    def take(self, rows: npt.ArrayLike) -> TokenBatch:
        idx = np.asarray(rows)
        return TokenBatch(self.ids[idx], self.lengths[idx], self.pad)

    def slice(self, start: int, stop: int) -> TokenBatch:
        return TokenBatch(self.ids[start:stop], self.lengths[start:stop], self.pad)


@dataclass
class WordEmbeddings:
    """A vocabulary with its vectors and document frequencies, aligned by index."""

    words: list[str]
    vectors: FloatArray
    df: npt.NDArray[np.int64]
    n_documents: int
    index: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.vectors.ndim != 2 or self.vectors.shape[0] != len(self.words):
            raise ValueError("vectors must be a (vocabulary size, dimension) matrix")
        if self.df.shape != (len(self.words),):
            raise ValueError("df must hold one document frequency per word")
        self.index = {w: i for i, w in enumerate(self.words)}

    @property
    def dim(self) -> int:
        return int(self.vectors.shape[1])

    @property
    def pad(self) -> int:
        return len(self.words)

    @classmethod
    def from_files(
        cls,
        vectors: str | os.PathLike[str],
        docfreq: str | os.PathLike[str],
        *,
        normalize: bool = False,
        missing_df: int = 1,
    ) -> WordEmbeddings:
        """Load gensim ``KeyedVectors`` and a document-frequency file.

        ``normalize`` unit-normalises every word vector (the authors' code
        likely did). Words missing from the document frequencies get
        ``missing_df``.
        """
        from textsim.word2vec import load_vectors

        kv = load_vectors(vectors)
        dfs = DocumentFrequencies.load(docfreq)
        words = list(kv.index_to_key)
        return cls.from_arrays(
            words,
            kv.vectors,
            dfs.df(words, missing=missing_df),
            dfs.n_documents,
            normalize=normalize,
        )

    @classmethod
    def from_arrays(
        cls,
        words: Sequence[str],
        vectors: npt.ArrayLike,
        df: npt.ArrayLike,
        n_documents: int,
        *,
        normalize: bool = False,
    ) -> WordEmbeddings:
        v = np.array(vectors, dtype=np.float32)
        if normalize:
            norms = np.linalg.norm(v, axis=1, keepdims=True)
            v /= np.where(norms > 0, norms, 1.0)
        return cls(list(words), v, np.asarray(df, dtype=np.int64), n_documents)

    def idf(self, variant: IdfVariant = "paper") -> npt.NDArray[np.float64]:
        return idf_from_df(self.df, self.n_documents, variant)

    def rank(self) -> npt.NDArray[np.int64]:
        """Position of each word when sorted by ascending df, ties by the word itself."""
        order = np.lexsort((np.asarray(self.words, dtype=object), self.df))
        rank = np.empty(len(self.words), dtype=np.int64)
        rank[order] = np.arange(len(self.words))
        return rank

    def encode(self, texts: Texts, max_length: int | None = None) -> TokenBatch:
        """Encode texts (token lists, or strings split on white space), dropping OOV tokens."""
        index = self.index
        rows = [
            [index[t] for t in (text.split() if isinstance(text, str) else text) if t in index]
            for text in texts
        ]
        lengths = np.fromiter((len(r) for r in rows), dtype=np.int32, count=len(rows))
        width = int(lengths.max(initial=0)) if max_length is None else max_length
        ids = np.full((len(rows), max(width, 1)), self.pad, dtype=np.int32)
        for i, r in enumerate(rows):  # building the batch, not a scoring path
            r = r[:width]
            ids[i, : len(r)] = r
        return TokenBatch(ids, np.minimum(lengths, width).astype(np.int32), self.pad)


def top_fraction_count(lengths: npt.ArrayLike, fraction: float) -> npt.NDArray[np.int32]:
    """How many words a text of each length keeps under a top-``fraction`` rule.

    ``round(fraction · n)`` rounded half up, at least 1 for a non-empty text.
    """
    n = np.asarray(lengths, dtype=np.int64)
    k = np.floor(fraction * n + 0.5).astype(np.int32)
    return np.where(n > 0, np.maximum(k, 1), 0).astype(np.int32)


class _Estimator:
    """Minimal scikit-learn compatible parameter handling (get_params / set_params)."""

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        names = [p for p in inspect.signature(type(self).__init__).parameters if p != "self"]
        return {name: getattr(self, name) for name in names}

    def set_params(self, **params: Any) -> Self:
        valid = self.get_params()
        for key, value in params.items():
            if key not in valid:
                raise ValueError(f"invalid parameter {key!r} for {type(self).__name__}")
            setattr(self, key, value)
        return self

    def __repr__(self) -> str:
        shown = {k: v for k, v in self.get_params().items() if not isinstance(v, WordEmbeddings)}
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in shown.items())})"

    def _check_fitted(self) -> WordEmbeddings:
        emb = getattr(self, "embeddings_", None)
        if emb is None:
            raise RuntimeError(f"{type(self).__name__} is not fitted; call fit() first")
        assert isinstance(emb, WordEmbeddings)
        return emb

    def _batch(self, X: TokenBatch | Texts) -> TokenBatch:
        emb = self._check_fitted()
        if isinstance(X, TokenBatch):
            if X.pad != emb.pad:
                raise ValueError("TokenBatch was encoded with a different vocabulary")
            return X
        return emb.encode(X)


def sort_by_rank(batch: TokenBatch, rank: npt.NDArray[np.int64]) -> TokenBatch:
    """Reorder every text's words by ascending df (rarest first); padding stays last."""
    key = np.where(batch.mask, rank[np.minimum(batch.ids, len(rank) - 1)], np.iinfo(np.int64).max)
    order = np.argsort(key, axis=1, kind="stable")
    return TokenBatch(np.take_along_axis(batch.ids, order, axis=1), batch.lengths, batch.pad)


class PoolingEmbedding(_Estimator):
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
    chunk_size:
        Texts gathered at once (bounds memory at chunk × length × dim floats).
    """

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        pooling: Pooling = "mean",
        weighting: Weighting = "none",
        top_fraction: float | None = None,
        idf_variant: IdfVariant = "paper",
        chunk_size: int = 4096,
    ) -> None:
        self.embeddings = embeddings
        self.pooling = pooling
        self.weighting = weighting
        self.top_fraction = top_fraction
        self.idf_variant = idf_variant
        self.chunk_size = chunk_size

    def fit(self, X: Any = None, y: Any = None) -> Self:
        if self.embeddings is None:
            raise ValueError("PoolingEmbedding needs embeddings")
        if self.pooling not in ("mean", "max", "min", "minmax"):
            raise ValueError(f"unknown pooling {self.pooling!r}")
        if self.weighting not in ("none", "idf"):
            raise ValueError(f"unknown weighting {self.weighting!r}")
        if self.top_fraction is not None and not 0 < self.top_fraction <= 1:
            raise ValueError("top_fraction must be in (0, 1]")
        emb = self.embeddings
        self.embeddings_ = emb
        self.idf_ = np.append(emb.idf(self.idf_variant), 0.0).astype(np.float32)
        self.rank_ = emb.rank()
        self.n_features_out_ = emb.dim * (2 if self.pooling == "minmax" else 1)
        return self

    def _select(self, batch: TokenBatch) -> TokenBatch:
        if self.top_fraction is None:
            return batch
        ordered = sort_by_rank(batch, self.rank_)
        keep = top_fraction_count(ordered.lengths, self.top_fraction)
        cols = np.arange(ordered.ids.shape[1])[None, :]
        ids = np.where(cols < keep[:, None], ordered.ids, ordered.pad).astype(np.int32)
        return TokenBatch(ids, keep, ordered.pad)

    def _pool(self, batch: TokenBatch) -> FloatArray:
        emb = self.embeddings_
        table = np.vstack([emb.vectors, np.zeros((1, emb.dim), np.float32)])
        X = table[batch.ids]  # (n, L, d), padding rows are zero
        if self.weighting == "idf":
            X *= self.idf_[batch.ids][:, :, None]
        n = np.maximum(batch.lengths, 1).astype(np.float32)[:, None]
        if self.pooling == "mean":
            out: FloatArray = X.sum(axis=1) / n
            return out
        mask = batch.mask[:, :, None]
        empty = (batch.lengths == 0)[:, None]
        parts = []
        if self.pooling in ("min", "minmax"):
            parts.append(np.where(empty, 0.0, np.where(mask, X, np.inf).min(axis=1)))
        if self.pooling in ("max", "minmax"):
            parts.append(np.where(empty, 0.0, np.where(mask, X, -np.inf).max(axis=1)))
        return np.concatenate(parts, axis=1).astype(np.float32)

    def transform(self, X: TokenBatch | Texts) -> FloatArray:
        batch = self._select(self._batch(X))
        out = np.empty((len(batch), self.n_features_out_), dtype=np.float32)
        for start in range(0, len(batch), self.chunk_size):
            stop = min(start + self.chunk_size, len(batch))
            out[start:stop] = self._pool(batch.slice(start, stop))
        return out

    def fit_transform(self, X: TokenBatch | Texts, y: Any = None) -> FloatArray:
        return self.fit(X, y).transform(X)


class TfidfEmbedding(_Estimator):
    """tf-idf vectors over the embedding vocabulary: raw counts × idf (sparse CSR).

    The norm used by cosine similarity is over word types (repeated words
    are summed first), unlike the original code's bug.
    """

    def __init__(
        self, embeddings: WordEmbeddings | None = None, idf_variant: IdfVariant = "paper"
    ) -> None:
        self.embeddings = embeddings
        self.idf_variant = idf_variant

    def fit(self, X: Any = None, y: Any = None) -> Self:
        if self.embeddings is None:
            raise ValueError("TfidfEmbedding needs embeddings (for its vocabulary and idf)")
        self.embeddings_ = self.embeddings
        self.idf_ = self.embeddings.idf(self.idf_variant)
        return self

    def transform(self, X: TokenBatch | Texts) -> sp.csr_matrix:
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

    def fit_transform(self, X: TokenBatch | Texts, y: Any = None) -> sp.csr_matrix:
        return self.fit(X, y).transform(X)
