"""Compiled loops (numba) behind :class:`~textsim.vectors.words.TokenBatch`: padding the
flat token ids of many texts, ordering each text's words by rank, and gathering their
vectors in float64.

NumPy does each in several passes over all tokens (a repeat, a bincount, a 2-D
scatter; an argsort of the padded matrix and a gather); here each text is handled
once, in cache. The results are the same arrays (tested against the NumPy forms).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from textsim.runtime.jit import CACHE

__all__ = ["gather_rows", "pad_ids", "sort_rows_by_rank"]

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
#: texts up to this length are sorted by insertion, longer ones by merge sort
_INSERTION = 32


@njit(cache=CACHE, nogil=True)
def _kept_lengths(raw_len: I64, ids: I64) -> I64:
    lengths = np.zeros(raw_len.shape[0], dtype=np.int64)
    k = 0
    for i in range(raw_len.shape[0]):
        n = 0
        for _ in range(raw_len[i]):
            if ids[k] >= 0:
                n += 1
            k += 1
        lengths[i] = n
    return lengths


@njit(cache=CACHE, nogil=True)
def _fill(raw_len: I64, ids: I64, width: int, out: I32) -> None:
    k = 0
    for i in range(raw_len.shape[0]):
        col = 0
        for _ in range(raw_len[i]):
            v = ids[k]
            k += 1
            if v >= 0 and col < width:
                out[i, col] = v
                col += 1


def pad_ids(raw_len: I64, ids: I64, pad: int, max_length: int | None = None) -> tuple[I32, I32]:
    """Padded ids and lengths of texts given as their token counts ``raw_len`` and the
    ids of all their tokens in order (−1 = out of vocabulary, dropped): ids (texts,
    width) int32, padded with ``pad``, width the longest kept text (at least 1) or
    ``max_length`` (longer texts truncated); lengths int32."""
    raw_len = np.ascontiguousarray(raw_len, dtype=np.int64)
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    if int(raw_len.sum()) != ids.shape[0]:
        raise ValueError(f"{ids.shape[0]} token ids for {int(raw_len.sum())} tokens")
    lengths = _kept_lengths(raw_len, ids)
    width = int(lengths.max(initial=0)) if max_length is None else max_length
    out = np.full((raw_len.shape[0], max(width, 1)), pad, dtype=np.int32)
    _fill(raw_len, ids, width, out)
    return out, np.minimum(lengths, width).astype(np.int32)


@njit(cache=CACHE, nogil=True)
def _sort_rows(ids: I32, lengths: I32, rank: I64, out: I32) -> None:
    for i in range(ids.shape[0]):
        row = out[i]
        n = lengths[i]
        if n > _INSERTION:  # a long text: a stable merge sort of its keys
            order = np.argsort(rank[ids[i, :n]], kind="mergesort")
            for k in range(n):
                row[k] = ids[i, order[k]]
            continue
        for k in range(n):  # insertion sort: stable, and fast for short texts
            v = ids[i, k]
            key = rank[v]
            j = k
            while j > 0 and rank[row[j - 1]] > key:
                row[j] = row[j - 1]
                j -= 1
            row[j] = v


def sort_rows_by_rank(ids: I32, lengths: I32, rank: I64) -> I32:
    """Each row's first ``lengths[i]`` ids ordered by ascending ``rank`` (stable); the
    padding after them kept as it is."""
    ids = np.ascontiguousarray(ids, dtype=np.int32)
    out = ids.copy()
    _sort_rows(ids, np.ascontiguousarray(lengths, dtype=np.int32), np.ascontiguousarray(rank), out)
    return out


@njit(cache=CACHE, nogil=True)
def _gather(table: npt.NDArray[np.float32], ids: I32, scale: npt.NDArray[np.float64]) -> F64:
    n_s, width = ids.shape
    out = np.empty((n_s, width, table.shape[1]))
    scaled = scale.shape[0] > 0
    for s in range(n_s):
        for i in range(width):
            row = table[ids[s, i]]
            dst = out[s, i]
            if scaled:
                f = scale[s, i]
                for k in range(row.shape[0]):
                    dst[k] = np.float64(row[k]) * f
            else:
                for k in range(row.shape[0]):
                    dst[k] = row[k]
    return out


def gather_rows(table: npt.NDArray[np.float32], ids: I32, scale: F64 | None = None) -> F64:
    """``table[ids]`` in float64, (texts, width, dimension), each row times ``scale[s, i]``
    when given: the same numbers as ``table[ids].astype(np.float64) * scale[..., None]``
    in one pass."""
    ids = np.ascontiguousarray(ids, dtype=np.int32)
    if ids.size and (ids.min() < 0 or ids.max() >= table.shape[0]):
        raise IndexError(f"word ids outside the table of {table.shape[0]} rows")
    factors = np.zeros((0, 0)) if scale is None else np.ascontiguousarray(scale, dtype=np.float64)
    if scale is not None and factors.shape != ids.shape:
        raise ValueError(f"scale {factors.shape} does not match ids {ids.shape}")
    return _gather(np.ascontiguousarray(table, dtype=np.float32), ids, factors)
