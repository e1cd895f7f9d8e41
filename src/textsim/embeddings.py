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
from typing import Any, Literal, Self, cast

import numpy as np
import numpy.typing as npt
import pandas as pd
import scipy.sparse as sp

from textsim.docfreq import DocumentFrequencies, IdfVariant, idf_from_df

__all__ = [
    "PoolSpec",
    "PoolingEmbedding",
    "TfidfEmbedding",
    "TokenBatch",
    "WordEmbeddings",
    "pool_batch",
    "sort_by_rank",
    "top_fraction_count",
]

FloatArray = npt.NDArray[np.float32]
Texts = Sequence[Sequence[str]] | Sequence[str] | pd.Series
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

        return cls.from_keyed_vectors(
            load_vectors(vectors), docfreq, normalize=normalize, missing_df=missing_df
        )

    @classmethod
    def from_keyed_vectors(
        cls,
        kv: Any,
        docfreq: str | os.PathLike[str],
        *,
        normalize: bool = False,
        missing_df: int = 1,
    ) -> WordEmbeddings:
        """As :meth:`from_files`, from gensim ``KeyedVectors`` already in memory."""
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

    def padded_table(self) -> FloatArray:
        """The vectors plus one zero row at index :attr:`pad` (what padding ids gather)."""
        return np.vstack([self.vectors, np.zeros((1, self.dim), np.float32)])

    def idf(self, variant: IdfVariant = "paper") -> npt.NDArray[np.float64]:
        return idf_from_df(self.df, self.n_documents, variant)

    def rank(self) -> npt.NDArray[np.int64]:
        """Position of each word when sorted by ascending df, ties by the word itself."""
        order = np.lexsort((np.asarray(self.words, dtype=object), self.df))
        rank = np.empty(len(self.words), dtype=np.int64)
        rank[order] = np.arange(len(self.words))
        return rank

    def encode(self, texts: Texts | pd.Series, max_length: int | None = None) -> TokenBatch:
        """Encode texts (strings split on white space, or token lists), dropping OOV tokens.

        Vectorised: strings are split and looked up in Arrow's compute kernels,
        token lists in one pandas hash look-up; no Python loop over tokens.
        """
        if isinstance(texts, pd.Series) or (
            len(texts) > 0 and all(isinstance(t, str) for t in texts)
        ):
            raw_len, ids = self._lookup_strings(cast("Sequence[str] | pd.Series", texts))
        else:
            token_lists = [t.split() if isinstance(t, str) else list(t) for t in texts]
            raw_len = np.fromiter(
                (len(t) for t in token_lists), dtype=np.int64, count=len(token_lists)
            )
            flat = pd.Index([tok for toks in token_lists for tok in toks], dtype=object)
            ids = self._lookup.get_indexer(flat) if len(flat) else np.empty(0, dtype=np.int64)
        n = raw_len.size
        kept = ids >= 0
        row = np.repeat(np.arange(n), raw_len)[kept]
        ids = ids[kept]
        lengths = np.bincount(row, minlength=n).astype(np.int64)
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        col = np.arange(ids.size) - starts[row]
        width = int(lengths.max(initial=0)) if max_length is None else max_length
        out = np.full((n, max(width, 1)), self.pad, dtype=np.int32)
        fit = col < width
        out[row[fit], col[fit]] = ids[fit]
        return TokenBatch(out, np.minimum(lengths, width).astype(np.int32), self.pad)

    def _lookup_strings(
        self, texts: Sequence[str] | pd.Series
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Token counts per text and vocabulary ids (-1 for OOV) of all tokens, via Arrow."""
        import pyarrow as pa
        import pyarrow.compute as pc

        arr = (
            pa.array(texts, type=pa.large_string())
            if not isinstance(texts, pd.Series)
            else pa.array(texts.astype(object) if texts.dtype == object else texts)
        )
        if arr.null_count:
            raise ValueError("texts must not be missing (None/NaN)")
        lists = pc.utf8_split_whitespace(arr)
        raw_len = pc.list_value_length(lists).to_numpy(zero_copy_only=False).astype(np.int64)
        flat = pc.list_flatten(lists)
        vocab = self.__dict__.get("_arrow_vocab")
        if vocab is None:
            vocab = pa.array(self.words, type=flat.type)
            self.__dict__["_arrow_vocab"] = vocab
        elif vocab.type != flat.type:
            vocab = vocab.cast(flat.type)
        found = pc.index_in(flat, value_set=vocab)
        ids = pc.fill_null(found, -1).to_numpy(zero_copy_only=False).astype(np.int64)
        return raw_len, ids

    @property
    def _lookup(self) -> pd.Index:
        lookup = self.__dict__.get("_lookup_index")
        if lookup is None:
            lookup = pd.Index(self.words)
            if not lookup.is_unique:
                raise ValueError("vocabulary words must be unique")
            self.__dict__["_lookup_index"] = lookup
        return lookup


def top_fraction_count(lengths: npt.ArrayLike, fraction: float) -> npt.NDArray[np.int32]:
    """How many words a text of each length keeps under a top-``fraction`` rule.

    ``round(fraction · n)`` rounded half up, at least 1 for a non-empty text.
    """
    n = np.asarray(lengths, dtype=np.int64)
    k = np.floor(fraction * n + 0.5).astype(np.int32)
    return np.where(n > 0, np.maximum(k, 1), 0).astype(np.int32)


class ParamsMixin:
    """Minimal scikit-learn compatible parameter handling (get_params / set_params):
    the parameters are the ``__init__`` arguments, stored under their names."""

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
        shown = {
            k: v
            for k, v in self.get_params().items()
            if not isinstance(v, WordEmbeddings | np.ndarray)  # large data, not settings
        }
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in shown.items())})"


class _Estimator(ParamsMixin):
    """Estimators over a fitted :class:`WordEmbeddings`."""

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


@dataclass(frozen=True)
class PoolSpec:
    """One pooled representation: how to pool, how to weight, whether to keep top-idf words only."""

    pooling: Pooling = "mean"
    weighting: Weighting = "none"
    top: bool = False

    @property
    def width_factor(self) -> int:
        return 2 if self.pooling == "minmax" else 1


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
    """

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        pooling: Pooling = "mean",
        weighting: Weighting = "none",
        top_fraction: float | None = None,
        idf_variant: IdfVariant = "paper",
    ) -> None:
        self.embeddings = embeddings
        self.pooling = pooling
        self.weighting = weighting
        self.top_fraction = top_fraction
        self.idf_variant = idf_variant

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
        self.table_ = emb.padded_table()
        self.idf_ = np.append(emb.idf(self.idf_variant), 0.0).astype(np.float32)
        self.rank_ = emb.rank()
        self.spec_ = PoolSpec(self.pooling, self.weighting, self.top_fraction is not None)
        self.n_features_out_ = emb.dim * self.spec_.width_factor
        return self

    def transform(self, X: TokenBatch | Texts) -> FloatArray:
        batch = self._batch(X)
        return pool_batch(
            batch,
            self.table_,
            [self.spec_],
            idf=self.idf_,
            rank=self.rank_,
            top_fraction=self.top_fraction,
        )[self.spec_]

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
