"""The fused scoring kernel: every pooled representation of a couple's two texts and
every similarity between them, couple by couple, in compiled code (numba).

NumPy's path (:func:`textsim.vectors.pooling.pool_batch`, then
:func:`textsim.distances.paired_similarities`) makes one pass over memory per
operation: gather the word vectors, one product for the means, one reduction per max
or min, then each distance over the stored representations. Here the words of a text
are read while they are in cache (the next word's row is prefetched), the means are
built in a small buffer while max, min and min‖max are read from the accumulators
where they lie, each representation is compared at once, and nothing is stored for
all couples; ``nogil``, so the scorer's threads run blocks in parallel. Same formulas
as the NumPy path (tested to 1e-5, every pooling, weighting and metric; sums in
another order): means accumulate in float32 as the matrix product does, distances in
float64.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from numba import njit

from textsim.deboom.intrinsics import llvm_binary, llvm_prefetch_row
from textsim.distances import METRICS, Metric
from textsim.vectors.pooling import PoolSpec, top_fraction_count

__all__ = ["POOLINGS", "score_pooled", "tfidf_cosine"]

#: pooling codes of the kernel
POOLINGS = ("mean", "max", "min", "minmax")


_prefetch_row = llvm_prefetch_row()
_fmin = llvm_binary("minnum")
_fmax = llvm_binary("maxnum")

#: accumulator rows of a text (``_accumulate``): sums, idf-weighted sums, minima and
#: maxima of the raw and the idf-weighted vectors, over all its words and over its top
#: words (a prefix: the words come rarest first). Each minimum row is followed by its
#: maximum row, so min‖max is one contiguous stretch of the buffer (:func:`_represent`)
_SUM, _WSUM, _MIN, _MAX, _WMIN, _WMAX = range(6)
_TOP = 6


@njit(cache=True, nogil=True, fastmath=True)
def _accumulate(
    ids: npt.NDArray[np.int32],
    length: int,
    keep: int,
    table: npt.NDArray[np.float32],
    idf: npt.NDArray[np.float32],
    extrema_weighted: bool,
    acc: npt.NDArray[np.float32],
) -> None:
    """One pass over a text's words: every accumulator row at once, the top-word rows
    copied when the first ``keep`` words are in. An empty text leaves ``acc`` as it was
    (:func:`_represent` gives it the zero vector)."""
    d = table.shape[1]
    rows = _TOP if extrema_weighted else _WMIN  # the rows in use
    if length == 0:
        return
    if length > 1:
        _prefetch_row(table, ids[1])
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
    if keep == 1:
        acc[_TOP : _TOP + rows] = acc[:rows]
    for k in range(1, length):
        if k + 1 < length:
            _prefetch_row(table, ids[k + 1])
        row = table[ids[k]]
        w = idf[ids[k]]
        s, ws, lo, hi = acc[_SUM], acc[_WSUM], acc[_MIN], acc[_MAX]
        for j in range(d):
            x = row[j]
            s[j] += x
            ws[j] += w * x
            lo[j] = _fmin(lo[j], x)
            hi[j] = _fmax(hi[j], x)
        if extrema_weighted:
            wlo, whi = acc[_WMIN], acc[_WMAX]
            for j in range(d):
                x = w * row[j]
                wlo[j] = _fmin(wlo[j], x)
                whi[j] = _fmax(whi[j], x)
        if k == keep - 1:
            acc[_TOP : _TOP + rows] = acc[:rows]


@njit(cache=True, nogil=True)
def _represent(
    acc: npt.NDArray[np.float32],
    count: int,
    pooling: int,
    weighted: bool,
    top: bool,
    out: npt.NDArray[np.float32],
) -> int:
    """Where a spec's vector is: its start in the flat accumulator buffer (max, min and
    min‖max are read where they lie: each minimum row is followed by its maximum row),
    or −1 when it is written to ``out`` (a mean, or the zero vector of a text with no
    word, ``count`` 0). Its width is 2d for min‖max, d otherwise."""
    d: int = acc.shape[1]
    width = 2 * d if pooling == 3 else d
    if count == 0:
        out[:width] = 0.0
        return -1
    base = _TOP if top else 0
    if pooling == 0:  # mean: Σ w·v / n
        src = acc[base + (_WSUM if weighted else _SUM)]
        n = np.float32(max(count, 1))
        for j in range(d):
            out[j] = src[j] / n
        return -1
    lo = base + (_WMIN if weighted else _MIN)
    return (lo + 1) * d if pooling == 1 else lo * d


@njit(cache=True, nogil=True, fastmath={"reassoc", "contract"})
def _similarity(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32], metric: int) -> float:
    """``1 − distance`` (cosine: the cosine, 0 for a zero vector); codes as METRICS.
    Sums in float64, reassociated (vectorised)."""
    n = a.shape[0]
    if metric == 0:
        ab = 0.0
        aa = 0.0
        bb = 0.0
        for j in range(n):
            x = np.float64(a[j])
            y = np.float64(b[j])
            ab += x * y
            aa += x * x
            bb += y * y
        den = float(np.sqrt(aa * bb))
        return ab / den if den > 0 else 0.0
    num = 0.0
    if metric == 4:  # Bray-Curtis
        den = 0.0
        for j in range(n):
            x = np.float64(a[j])
            y = np.float64(b[j])
            num += abs(x - y)
            den += abs(x + y)
        return 1.0 - (num / den if den > 0 else 0.0)
    if metric == 1:
        for j in range(n):
            diff = np.float64(a[j]) - np.float64(b[j])
            num += diff * diff
        return 1.0 - float(np.sqrt(num))
    if metric == 2:
        for j in range(n):
            diff = abs(np.float64(a[j]) - np.float64(b[j]))
            num += diff * diff * diff
        return 1.0 - float(np.cbrt(num))
    for j in range(n):
        diff = np.float64(a[j]) - np.float64(b[j])
        sq = diff * diff
        num += sq * sq
    return 1.0 - float(np.sqrt(np.sqrt(num)))


@njit(cache=True, nogil=True)
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
    acc_a = np.empty((2 * _TOP, d), dtype=np.float32)
    acc_b = np.empty((2 * _TOP, d), dtype=np.float32)
    ra = np.empty((n_specs, 2 * d), dtype=np.float32)
    rb = np.empty((n_specs, 2 * d), dtype=np.float32)
    widths = np.empty(n_specs, dtype=np.int64)
    start_a = np.empty(n_specs, dtype=np.int64)
    start_b = np.empty(n_specs, dtype=np.int64)
    flat_a = acc_a.reshape(acc_a.size)
    flat_b = acc_b.reshape(acc_b.size)
    for s in range(n_specs):
        widths[s] = 2 * d if spec_pooling[s] == 3 else d
    for i in range(ids_a.shape[0]):
        _accumulate(ids_a[i], lengths_a[i], keep_a[i], table, idf, extrema_weighted, acc_a)
        _accumulate(ids_b[i], lengths_b[i], keep_b[i], table, idf, extrema_weighted, acc_b)
        for s in range(n_specs):
            p, w, t = spec_pooling[s], spec_weighted[s], spec_top[s]
            na = keep_a[i] if t else lengths_a[i]
            nb = keep_b[i] if t else lengths_b[i]
            start_a[s] = _represent(acc_a, na, p, w, t, ra[s])
            start_b[s] = _represent(acc_b, nb, p, w, t, rb[s])
        for c in range(column_spec.shape[0]):
            s = column_spec[c]
            wd, sa, sb = widths[s], start_a[s], start_b[s]
            va = ra[s, :wd] if sa < 0 else flat_a[sa : sa + wd]
            vb = rb[s, :wd] if sb < 0 else flat_b[sb : sb + wd]
            out[i, c] = _similarity(va, vb, column_metric[c])


I32 = npt.NDArray[np.int32]


def _couples(
    ids_a: npt.ArrayLike, lengths_a: npt.ArrayLike, ids_b: npt.ArrayLike, lengths_b: npt.ArrayLike
) -> tuple[I32, I32, I32, I32]:
    """Couples' padded ids and lengths as the kernels take them (C-contiguous int32)."""
    a, la, b, lb = (
        np.ascontiguousarray(x, dtype=np.int32) for x in (ids_a, lengths_a, ids_b, lengths_b)
    )
    return a, la, b, lb


@njit(cache=True, nogil=True)
def _tfidf_norm(ids: npt.NDArray[np.int32], length: int, idf: npt.NDArray[np.float64]) -> float:
    """‖tf·idf‖ of a text whose equal words are adjacent (sorted by rank)."""
    total = 0.0
    k = 0
    while k < length:
        word, count = ids[k], 1
        while k + count < length and ids[k + count] == word:
            count += 1
        value = count * idf[word]
        total += value * value
        k += count
    return float(np.sqrt(total))


@njit(cache=True, nogil=True)
def _tfidf(
    ids_a: npt.NDArray[np.int32],
    lengths_a: npt.NDArray[np.int32],
    ids_b: npt.NDArray[np.int32],
    lengths_b: npt.NDArray[np.int32],
    rank: npt.NDArray[np.int64],
    idf: npt.NDArray[np.float64],
    out: npt.NDArray[np.float64],
) -> None:
    for i in range(ids_a.shape[0]):
        a, b, na, nb = ids_a[i], ids_b[i], lengths_a[i], lengths_b[i]
        den = _tfidf_norm(a, na, idf) * _tfidf_norm(b, nb, idf)
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
) -> npt.NDArray[np.float64]:
    """Cosine similarity of the tf-idf vectors (raw counts × idf, over word types) of
    couples whose words are sorted by ``rank`` (equal words adjacent): the same as
    :class:`~textsim.vectors.pooling.TfidfEmbedding` with
    :func:`~textsim.distances.sparse_cosine_similarity`, without building the sparse
    matrices (0 where a text has no word)."""
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
    :func:`~textsim.vectors.pooling.top_fraction_count` of them; ``table``: the word
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
