"""Every similarity of a pair of vectors from one pass over them: the sums aᵀb, aᵀa,
bᵀb and the powers of |a − b| that the metrics of :mod:`textsim.measures.distances` need, in
float64 (the fused scoring kernel, :mod:`textsim.deboom.fused`, reads each pair of
representations once for all the metrics compared on it)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from textsim.runtime.jit import CACHE

__all__ = ["N_SUMS", "pair_sums", "similarity"]

#: sums of a pair of vectors (:func:`pair_sums`), from which every metric follows
_AB, _AA, _BB, _D2, _D3, _D4, _DABS, _SABS = range(8)
N_SUMS = 8


@njit(cache=CACHE, nogil=True, fastmath={"reassoc", "contract"})
def pair_sums(
    a: npt.NDArray[np.float32],
    b: npt.NDArray[np.float32],
    scale_a: float,
    scale_b: float,
    full: bool,
    out: npt.NDArray[np.float64],
) -> None:
    """One pass over two vectors, each times its factor (a mean: a sum times 1/n):
    aᵀb, aᵀa, bᵀb, Σ(a−b)² and, if ``full``, Σ|a−b|³, Σ(a−b)⁴, Σ|a−b| and Σ|a+b| — in
    float64, reassociated (vectorised)."""
    ab = aa = bb = d2 = 0.0
    if not full:
        for j in range(a.shape[0]):
            x = np.float64(a[j]) * scale_a
            y = np.float64(b[j]) * scale_b
            diff = x - y
            ab += x * y
            aa += x * x
            bb += y * y
            d2 += diff * diff
        out[_AB], out[_AA], out[_BB], out[_D2] = ab, aa, bb, d2
        return
    d3 = d4 = dabs = sabs = 0.0
    for j in range(a.shape[0]):
        x = np.float64(a[j]) * scale_a
        y = np.float64(b[j]) * scale_b
        diff = abs(x - y)
        sq = diff * diff
        ab += x * y
        aa += x * x
        bb += y * y
        d2 += sq
        d3 += sq * diff
        d4 += sq * sq
        dabs += diff
        sabs += abs(x + y)
    out[_AB], out[_AA], out[_BB], out[_D2] = ab, aa, bb, d2
    out[_D3], out[_D4], out[_DABS], out[_SABS] = d3, d4, dabs, sabs


@njit(cache=CACHE, nogil=True)
def similarity(sums: npt.NDArray[np.float64], metric: int) -> float:
    """``1 − distance`` (cosine: the cosine, 0 for a zero vector) from a pair's sums
    (:func:`pair_sums`); codes as METRICS."""
    if metric == 0:
        den = float(np.sqrt(sums[_AA] * sums[_BB]))
        return sums[_AB] / den if den > 0 else 0.0
    if metric == 1:
        return 1.0 - float(np.sqrt(sums[_D2]))
    if metric == 2:
        return 1.0 - float(np.cbrt(sums[_D3]))
    if metric == 3:
        return 1.0 - float(np.sqrt(np.sqrt(sums[_D4])))
    den = sums[_SABS]  # Bray-Curtis
    return 1.0 - (sums[_DABS] / den if den > 0 else 0.0)
