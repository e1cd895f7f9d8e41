"""The fused scoring kernel: every pooled representation of a couple's two texts and
every similarity between them, couple by couple, in compiled code (numba).

NumPy's path (:func:`textsim.methods.pooling.pool_batch`, then
:func:`textsim.measures.distances.paired_similarities`) makes one pass over memory per
operation: gather the word vectors, one product for the means, one reduction per max
or min, then each distance over the stored representations. Here the words of a text
are added four at a time to the accumulators (sums, idf-weighted sums, minima, maxima:
each accumulator read and written once per four words; the next words' rows are
prefetched), and each accumulator row of the two texts is read once for every
representation and metric that needs it (:mod:`textsim.deboom.pair_sums`: a mean is its
sum row times 1/n, min‖max the sums of its minimum and its maximum row), nothing stored
for all couples; ``nogil``, so the scorer's threads run blocks in parallel. Same formulas
as the NumPy path (tested to 1e-5, every pooling, weighting and metric; sums in
another order): sums accumulate in float32 as the matrix product does; the 1/n of a
mean, and every distance, in float64.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from numba import njit

from textsim.deboom.pair_sums import N_SUMS, pair_sums, similarity
from textsim.measures.distances import METRICS, Metric
from textsim.methods.pooling import POOLINGS, PoolSpec, top_fraction_count
from textsim.runtime.intrinsics import llvm_binary, llvm_prefetch_row
from textsim.runtime.jit import CACHE

__all__ = ["TFIDF_NORMS", "score_pooled", "tfidf_cosine"]

#: how the tf-idf similarity's norms are summed: over word types (the vectors' norm) or
#: over tokens (the authors' code)
TFIDF_NORMS = ("types", "tokens")


_prefetch_row = llvm_prefetch_row()
_fmin = llvm_binary("minnum")
_fmax = llvm_binary("maxnum")

#: accumulator rows of a text (``_accumulate``): sums, idf-weighted sums, minima and
#: maxima of the raw and the idf-weighted vectors, over all its words and over its top
#: words (a prefix: the words come rarest first). Each minimum row is followed by its
#: maximum row (min‖max is the two: :func:`_rows`)
_SUM, _WSUM, _MIN, _MAX, _WMIN, _WMAX = range(6)
_TOP = 6


@njit(cache=CACHE, nogil=True, fastmath=True)
def _add_words(
    ids: npt.NDArray[np.int32],
    start: int,
    stop: int,
    table: npt.NDArray[np.float32],
    idf: npt.NDArray[np.float32],
    extrema_weighted: bool,
    acc: npt.NDArray[np.float32],
) -> None:
    """Add words ``start`` … ``stop − 1`` to the accumulator rows, four words per pass
    over them (each accumulator read and written once per four words; the words are
    added in their order, as one at a time would), the last one to three in one pass."""
    d = table.shape[1]
    s, ws, lo, hi = acc[_SUM], acc[_WSUM], acc[_MIN], acc[_MAX]
    k = start
    while k + 4 <= stop:
        for p in range(k + 4, min(k + 8, stop)):
            _prefetch_row(table, ids[p])
        r0, r1, r2, r3 = table[ids[k]], table[ids[k + 1]], table[ids[k + 2]], table[ids[k + 3]]
        w0, w1, w2, w3 = idf[ids[k]], idf[ids[k + 1]], idf[ids[k + 2]], idf[ids[k + 3]]
        for j in range(d):
            x0, x1, x2, x3 = r0[j], r1[j], r2[j], r3[j]
            s[j] = s[j] + x0 + x1 + x2 + x3
            ws[j] = ws[j] + w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3
            lo[j] = _fmin(_fmin(_fmin(_fmin(lo[j], x0), x1), x2), x3)
            hi[j] = _fmax(_fmax(_fmax(_fmax(hi[j], x0), x1), x2), x3)
        k += 4
    if k < stop:  # one to three words left: one pass, the missing words repeat the last
        # one with weight 0 in the sums (adding 0 changes nothing; min and max repeat)
        last = stop - 1
        r0, r1, r2 = table[ids[k]], table[ids[min(k + 1, last)]], table[ids[min(k + 2, last)]]
        c1 = np.float32(1.0 if k + 1 < stop else 0.0)
        c2 = np.float32(1.0 if k + 2 < stop else 0.0)
        w0, w1, w2 = idf[ids[k]], c1 * idf[ids[min(k + 1, last)]], c2 * idf[ids[min(k + 2, last)]]
        for j in range(d):
            x0, x1, x2 = r0[j], r1[j], r2[j]
            s[j] = s[j] + x0 + c1 * x1 + c2 * x2
            ws[j] = ws[j] + w0 * x0 + w1 * x1 + w2 * x2
            lo[j] = _fmin(_fmin(_fmin(lo[j], x0), x1), x2)
            hi[j] = _fmax(_fmax(_fmax(hi[j], x0), x1), x2)
    if extrema_weighted:
        wlo, whi = acc[_WMIN], acc[_WMAX]
        for q in range(start, stop):
            row = table[ids[q]]
            w = idf[ids[q]]
            for j in range(d):
                x = w * row[j]
                wlo[j] = _fmin(wlo[j], x)
                whi[j] = _fmax(whi[j], x)


@njit(cache=CACHE, nogil=True, fastmath=True)
def _accumulate(
    ids: npt.NDArray[np.int32],
    length: int,
    keep: int,
    table: npt.NDArray[np.float32],
    idf: npt.NDArray[np.float32],
    extrema_weighted: bool,
    acc: npt.NDArray[np.float32],
) -> None:
    """Every accumulator row of a text at once, the top-word rows copied when the first
    ``keep`` words are in. An empty text leaves ``acc`` as it was (:func:`_row_scale`
    gives it the zero vector)."""
    d = table.shape[1]
    rows = _TOP if extrema_weighted else _WMIN  # the rows in use
    if length == 0:
        return
    for p in range(1, min(length, 5)):
        _prefetch_row(table, ids[p])
    row = table[ids[0]]
    w = idf[ids[0]]
    for j in range(d):
        x = row[j]
        acc[_SUM, j] = x
        acc[_WSUM, j] = w * x
        acc[_MIN, j] = x
        acc[_MAX, j] = x
    if extrema_weighted:
        for j in range(d):
            acc[_WMIN, j] = w * row[j]
            acc[_WMAX, j] = w * row[j]
    # the first `keep` words (the top words), then the rest
    _add_words(ids, 1, max(keep, 1), table, idf, extrema_weighted, acc)
    acc[_TOP : _TOP + rows] = acc[:rows]
    _add_words(ids, max(keep, 1), length, table, idf, extrema_weighted, acc)


@njit(cache=CACHE, nogil=True)
def _rows(pooling: int, weighted: bool, top: bool) -> tuple[int, int]:
    """The accumulator rows a spec's vector is made of: a mean its (weighted) sum row,
    max or min its row, min‖max the minimum row then the maximum row (−1: none)."""
    base = _TOP if top else 0
    if pooling == 0:
        return base + (_WSUM if weighted else _SUM), -1
    lo = base + (_WMIN if weighted else _MIN)
    if pooling == 3:
        return lo, lo + 1
    return (lo + 1 if pooling == 1 else lo), -1


@njit(cache=CACHE, nogil=True)
def _row_scale(row: int, length: int, keep: int) -> float:
    """The factor a row is read with: a sum row 1/n (a mean), an extremum row 1; 0 for a
    text with no word (its zero vector)."""
    count = keep if row >= _TOP else length
    if count == 0:
        return 0.0
    return 1.0 / count if row % _TOP in (_SUM, _WSUM) else 1.0


@njit(cache=CACHE, nogil=True)
def _score(
    ids_a: npt.NDArray[np.int32],
    lengths_a: npt.NDArray[np.int32],
    keep_a: npt.NDArray[np.int32],
    ids_b: npt.NDArray[np.int32],
    lengths_b: npt.NDArray[np.int32],
    keep_b: npt.NDArray[np.int32],
    table: npt.NDArray[np.float32],
    idf: npt.NDArray[np.float32],
    spec_pooling: npt.NDArray[np.int64],
    spec_weighted: npt.NDArray[np.bool_],
    spec_top: npt.NDArray[np.bool_],
    column_spec: npt.NDArray[np.int64],
    column_metric: npt.NDArray[np.int64],
    out: npt.NDArray[np.float64],
) -> None:
    n_specs = spec_pooling.shape[0]
    d = table.shape[1]
    extrema_weighted = False
    for s in range(n_specs):
        if spec_weighted[s] and spec_pooling[s] != 0:
            extrema_weighted = True
    # zeros: a text with no word reads a row times 0, which must be a number
    acc_a = np.zeros((2 * _TOP, d), dtype=np.float32)
    acc_b = np.zeros((2 * _TOP, d), dtype=np.float32)
    # the rows each spec is made of; the rows in use and whether any of their specs is
    # compared with a metric beyond cosine and Euclidean (the fuller sums)
    spec_rows = np.full((n_specs, 2), -1, dtype=np.int64)
    used = np.zeros(2 * _TOP, dtype=np.bool_)
    full = np.zeros(2 * _TOP, dtype=np.bool_)
    for s in range(n_specs):
        spec_rows[s, 0], spec_rows[s, 1] = _rows(spec_pooling[s], spec_weighted[s], spec_top[s])
    for c in range(column_spec.shape[0]):
        for r in spec_rows[column_spec[c]]:
            if r >= 0:
                used[r] = True
                full[r] |= column_metric[c] > 1
    row_sums = np.zeros((2 * _TOP, N_SUMS))
    sums = np.zeros((n_specs, N_SUMS))
    for i in range(ids_a.shape[0]):
        _accumulate(ids_a[i], lengths_a[i], keep_a[i], table, idf, extrema_weighted, acc_a)
        _accumulate(ids_b[i], lengths_b[i], keep_b[i], table, idf, extrema_weighted, acc_b)
        # each row pair read once for every spec and metric that needs it (min‖max: the
        # sums of its two halves)
        for r in range(2 * _TOP):
            if used[r]:
                sa = _row_scale(r, lengths_a[i], keep_a[i])
                sb = _row_scale(r, lengths_b[i], keep_b[i])
                pair_sums(acc_a[r], acc_b[r], sa, sb, full[r], row_sums[r])
        for s in range(n_specs):
            sums[s] = row_sums[spec_rows[s, 0]]
            if spec_rows[s, 1] >= 0:
                sums[s] += row_sums[spec_rows[s, 1]]
        for c in range(column_spec.shape[0]):
            out[i, c] = similarity(sums[column_spec[c]], column_metric[c])


I32 = npt.NDArray[np.int32]


def _couples(
    ids_a: npt.ArrayLike, lengths_a: npt.ArrayLike, ids_b: npt.ArrayLike, lengths_b: npt.ArrayLike
) -> tuple[I32, I32, I32, I32]:
    """Couples' padded ids and lengths as the kernels take them (C-contiguous int32)."""
    a, la, b, lb = (
        np.ascontiguousarray(x, dtype=np.int32) for x in (ids_a, lengths_a, ids_b, lengths_b)
    )
    return a, la, b, lb


@njit(cache=CACHE, nogil=True)
def _tfidf_norm(
    ids: npt.NDArray[np.int32], length: int, idf: npt.NDArray[np.float64], tokens: bool
) -> float:
    """‖tf·idf‖ of a text whose equal words are adjacent (sorted by rank); ``tokens``:
    the authors' code's sum over tokens, where a word seen c times adds (c·idf)² c times."""
    total = 0.0
    k = 0
    while k < length:
        word, count = ids[k], 1
        while k + count < length and ids[k + count] == word:
            count += 1
        value = count * idf[word]
        total += value * value * (count if tokens else 1)
        k += count
    return float(np.sqrt(total))


@njit(cache=CACHE, nogil=True)
def _tfidf(
    ids_a: npt.NDArray[np.int32],
    lengths_a: npt.NDArray[np.int32],
    ids_b: npt.NDArray[np.int32],
    lengths_b: npt.NDArray[np.int32],
    rank: npt.NDArray[np.int64],
    idf: npt.NDArray[np.float64],
    tokens: bool,
    out: npt.NDArray[np.float64],
) -> None:
    for i in range(ids_a.shape[0]):
        a, b, na, nb = ids_a[i], ids_b[i], lengths_a[i], lengths_b[i]
        den = _tfidf_norm(a, na, idf, tokens) * _tfidf_norm(b, nb, idf, tokens)
        if den == 0:
            out[i] = 0.0
            continue
        # merge the two rank-sorted word lists: Σ over shared words of tf_a·tf_b·idf²
        dot = 0.0
        ka = kb = 0
        while ka < na and kb < nb:
            ra, rb = rank[a[ka]], rank[b[kb]]
            if ra < rb:
                ka += 1
            elif rb < ra:
                kb += 1
            else:
                word = a[ka]
                ca = cb = 0
                while ka < na and a[ka] == word:
                    ka += 1
                    ca += 1
                while kb < nb and b[kb] == word:
                    kb += 1
                    cb += 1
                dot += (ca * idf[word]) * (cb * idf[word])
        out[i] = dot / den


def tfidf_cosine(
    ids_a: npt.NDArray[np.int32],
    lengths_a: npt.NDArray[np.int32],
    ids_b: npt.NDArray[np.int32],
    lengths_b: npt.NDArray[np.int32],
    rank: npt.NDArray[np.int64],
    idf: npt.NDArray[np.float64],
    out: npt.NDArray[np.float64] | None = None,
    *,
    norm: str = "types",
) -> npt.NDArray[np.float64]:
    """Cosine similarity of the tf-idf vectors (raw counts × idf, over word types) of
    couples whose words are sorted by ``rank`` (equal words adjacent): the same as
    :class:`~textsim.methods.pooling.TfidfEmbedding` with
    :func:`~textsim.measures.distances.sparse_cosine_similarity`, without building the sparse
    matrices (0 where a text has no word). ``norm``: :data:`TFIDF_NORMS`: ``types``
    (the vectors' norms) or ``tokens`` (the authors' ``metrics.py``: each norm summed
    over a text's tokens, so a repeated word counts once per occurrence; a named
    variant, not a cosine)."""
    if norm not in TFIDF_NORMS:
        raise ValueError(f"tf-idf norm must be one of {TFIDF_NORMS}, got {norm!r}")
    if out is None:
        out = np.empty(ids_a.shape[0], dtype=np.float64)
    ids_a, lengths_a, ids_b, lengths_b = _couples(ids_a, lengths_a, ids_b, lengths_b)
    _tfidf(
        ids_a,
        lengths_a,
        ids_b,
        lengths_b,
        np.ascontiguousarray(rank, dtype=np.int64),
        np.ascontiguousarray(idf, dtype=np.float64),
        norm == "tokens",
        out,
    )
    return out


def score_pooled(
    ids_a: npt.NDArray[np.int32],
    lengths_a: npt.NDArray[np.int32],
    ids_b: npt.NDArray[np.int32],
    lengths_b: npt.NDArray[np.int32],
    table: npt.NDArray[np.float32],
    idf: npt.NDArray[np.float32],
    specs: Sequence[PoolSpec],
    columns: Sequence[tuple[int, Metric]],
    *,
    top_fraction: float = 0.3,
    out: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.float64]:
    """Similarities of couples ``(ids_a[i], ids_b[i])`` (padded word ids, rarest word
    first where a spec keeps the top words) for each column ``(spec index, metric)``.

    ``lengths_*``: each text's words (only these ids are read: padding may be any
    value); a top spec pools the first
    :func:`~textsim.methods.pooling.top_fraction_count` of them; ``table``: the word
    vectors; ``idf`` aligned with it. Returns (couples,
    columns) float64 (``out`` if given)."""
    n = ids_a.shape[0]
    if out is None:
        out = np.empty((n, len(columns)), dtype=np.float64)
    ids_a, lengths_a, ids_b, lengths_b = _couples(ids_a, lengths_a, ids_b, lengths_b)
    _score(
        ids_a,
        lengths_a,
        top_fraction_count(lengths_a, top_fraction),
        ids_b,
        lengths_b,
        top_fraction_count(lengths_b, top_fraction),
        np.ascontiguousarray(table, dtype=np.float32),
        np.ascontiguousarray(idf, dtype=np.float32),
        np.array([POOLINGS.index(s.pooling) for s in specs], dtype=np.int64),
        np.array([s.weighting == "idf" for s in specs], dtype=np.bool_),
        np.array([s.top for s in specs], dtype=np.bool_),
        np.array([c[0] for c in columns], dtype=np.int64),
        np.array([METRICS.index(c[1]) for c in columns], dtype=np.int64),
        out,
    )
    return out
