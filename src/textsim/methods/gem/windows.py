"""GEM's per-word window quantities: for every word, the norm r of its component
orthogonal to its context (the up to m words on each side) and that component's
projections on the corpus directions, ``qᵀD`` — what the official encoder gets from a
Gram–Schmidt and an SVD per window, here from the sentences' small Gram matrices.

Two routes give the same numbers. :func:`window_residuals` treats each word's whole
window W (context and word, the word in the middle, zero padding beyond the sentence)
at once: if W's Gram matrix G is non-singular, the word's dual vector W G⁻¹ e gives
``r² = 1 / (G⁻¹)_cc`` and ``qᵀD = r · (G⁻¹ e)ᵀ WᵀD`` — one batched LU solve per word
over sliding views of the sentence's Gram matrix, no gathering. A word repeated in
its own window lies in its context's span (r = 0, as Gram–Schmidt zeroes its column);
a context word repeated is dropped (it adds nothing to the span). Residuals at the
Gram–Schmidt tolerance and windows of more vectors than dimensions go through
:func:`_window_projections`, the pseudo-inverse of the context's Gram matrix.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit
from numpy.lib.stride_tricks import as_strided

from textsim.methods.gem.coarse import gram_matrices
from textsim.runtime.jit import CACHE

__all__ = ["POSITION_BLOCK", "REL_TOL", "TOL", "window_residuals", "word_weights"]

F64 = npt.NDArray[np.float64]
TOL = 5e-7  # Gram–Schmidt: residual norms below this are zeroed
REL_TOL = 1e-5  # see _window_projections
PIVOT_TOL = 1e-12  # see _dual_coefficients (as _pinv_solve's eigenvalue cutoff)
#: positions per block of the banded Gram matrix (see _band_gram)
BAND_BLOCK = 32
#: positions per block of a long sentence (see window_residuals)
POSITION_BLOCK = 1024


def _windows(lengths: npt.NDArray[np.int64], m: int) -> tuple[npt.NDArray[np.int64], ...]:
    """For every word of every sentence: its sentence, its position, and the column
    positions (−1 = padding) of its window, context first, the word last."""
    sent = np.repeat(np.arange(len(lengths)), lengths)
    start = np.repeat(np.cumsum(lengths) - lengths, lengths)
    pos = np.arange(int(lengths.sum())) - start
    n = lengths[sent]
    offsets = np.concatenate([np.arange(-m, 0), np.arange(1, m + 1)])
    ctx = pos[:, None] + offsets[None, :]
    ctx = np.where((ctx >= 0) & (ctx < n[:, None]), ctx, -1)
    # valid context columns to the right end (keep order), padding first
    order = np.argsort(ctx >= 0, axis=1, kind="stable")
    ctx = np.take_along_axis(ctx, order, axis=1)
    cols = np.concatenate([ctx, pos[:, None]], axis=1)
    return sent, pos, cols


def _pinv_solve(g: F64, b: F64) -> F64:
    """x = G⁺ b for a batch of symmetric positive semi-definite G (B, L, L): eigenvalues
    below 1e-12 of the largest count as zero (exact for singular windows)."""
    e, v = np.linalg.eigh(g)
    cutoff = 1e-12 * np.maximum(e.max(axis=1, keepdims=True, initial=0.0), 1e-300)
    inv = np.divide(1.0, e, out=np.zeros_like(e), where=e > cutoff)
    vt_b = np.matmul(np.transpose(v, (0, 2, 1)), b[:, :, None])[:, :, 0]
    return np.asarray(np.matmul(v, (inv * vt_b)[:, :, None])[:, :, 0])


def _duplicates_in_band(
    gs: F64, valid: npt.NDArray[np.bool_], reach: int, out: npt.NDArray[np.bool_]
) -> None:
    """``out[s, j, k]``: position k of sentence s repeats an earlier valid position
    j < k (from the Gram matrices ``gs`` (S, n, n): ‖w_j − w_k‖² = 0), for positions at
    most ``reach`` apart (all that a window reads): O(n · reach) per sentence."""
    n = gs.shape[1]
    diag = np.diagonal(gs, axis1=1, axis2=2)
    for k in range(1, min(reach, n - 1) + 1):
        a, b = diag[:, :-k], diag[:, k:]
        dist = a + b - 2.0 * np.diagonal(gs, offset=k, axis1=1, axis2=2)
        rows = np.arange(n - k)
        out[:, rows, rows + k] = valid[:, :-k] & valid[:, k:] & (dist <= 1e-10 * np.maximum(a, b))


def _window_projections(
    gs: F64,
    sd: F64,
    sent: npt.NDArray[np.int64],
    pos: npt.NDArray[np.int64],
    ctx: npt.NDArray[np.int64],
) -> tuple[F64, F64]:
    """For every word: r, the norm of its component orthogonal to its context
    (R[-1, -1] of the window's QR, ≥ 0; 0 below the Gram–Schmidt tolerance), and
    ``qᵀ D`` for the corpus directions D, q = that component / r.

    ``gs`` (S, n, n) the sentences' Gram matrices (only the band a window reads, and only
    at valid positions, is read) and ``sd = words @ D`` (S, n, K); ``ctx``
    (B, L) context positions, −1 for none. Everything comes from the sentences'
    small Gram matrices: with G = CᵀC and b = Cᵀw for the context C, the
    projection of w on span(C) is C x, x = G⁺ b, so r² = wᵀw − bᵀx and
    qᵀD = (wᵀD − xᵀ CᵀD) / r — the quantities Gram–Schmidt yields, at O(L²) per
    word instead of O(d L²).
    """
    valid = ctx >= 0
    c = np.where(valid, ctx, 0)
    mask = valid[:, :, None] & valid[:, None, :]
    g = np.where(mask, gs[sent[:, None, None], c[:, :, None], c[:, None, :]], 0.0)
    b = np.where(valid, gs[sent[:, None], c, pos[:, None]], 0.0)
    ww = gs[sent, pos, pos]
    x = _pinv_solve(g, b)
    r2 = ww - np.einsum("bi,bi->b", b, x)
    # r² = wᵀw − bᵀx cancels when w lies in span(C) (a repeated word; in low
    # dimensions a context spanning the space): there r is round-off, so a
    # residual below REL_TOL·‖w‖ (or Gram–Schmidt's absolute 5e-7) counts as 0
    keep = (r2 > (REL_TOL**2) * ww) & (r2 > TOL**2)
    r = np.where(keep, np.sqrt(np.where(keep, r2, 0.0)), 0.0)
    ctx_d = np.where(valid[:, :, None], sd[sent[:, None], c], 0.0)  # (B, L, K)
    qd = sd[sent, pos] - np.matmul(x[:, None, :], ctx_d)[:, 0, :]
    qd = np.where(keep[:, None], qd / np.where(keep, r, 1.0)[:, None], 0.0)
    return r, qd


@njit(cache=CACHE, nogil=True)
def _dual_coefficients(g: F64, c: int) -> tuple[F64, npt.NDArray[np.bool_]]:
    """``p = G⁻¹ e_c`` for each small matrix G of ``g`` (B, w, w): LU with partial
    pivoting, one matrix at a time (LAPACK's batched solve spends more on calls than
    on arithmetic at this size). G is a Gram matrix (positive semi-definite: its largest
    entry is on its diagonal); ``singular[b]``: a pivot at most ``PIVOT_TOL`` times that
    entry (numerically singular: p is left for the pseudo-inverse route)."""
    n_mat, w = g.shape[0], g.shape[1]
    p = np.zeros((n_mat, w))
    singular = np.zeros(n_mat, dtype=np.bool_)
    a = np.empty((w, w))
    x = np.empty(w)
    for b in range(n_mat):
        a[:] = g[b]
        x[:] = 0.0
        x[c] = 1.0
        largest = 0.0  # G is a Gram matrix: its largest entry is on the diagonal
        for i in range(w):
            largest = max(largest, a[i, i])
        tiny = PIVOT_TOL * largest
        for k in range(w):
            piv = k
            for i in range(k + 1, w):
                if abs(a[i, k]) > abs(a[piv, k]):
                    piv = i
            if abs(a[piv, k]) <= tiny:
                singular[b] = True
                break
            if piv != k:
                for j in range(w):
                    a[k, j], a[piv, j] = a[piv, j], a[k, j]
                x[k], x[piv] = x[piv], x[k]
            inv = 1.0 / a[k, k]
            for i in range(k + 1, w):
                f = a[i, k] * inv
                if f != 0.0:
                    for j in range(k + 1, w):
                        a[i, j] -= f * a[k, j]
                    x[i] -= f * x[k]
        if singular[b]:
            continue
        for i in range(w - 1, -1, -1):
            t = x[i]
            for j in range(i + 1, w):
                t -= a[i, j] * p[b, j]
            p[b, i] = t / a[i, i]
    return p, singular


@njit(cache=CACHE, nogil=True)
def _slot_sums(p: F64, rows: F64, first: npt.NDArray[np.int64]) -> F64:
    """``Σ_j p[b, j] rows[first[b] + j]`` for every b (j in order, as a loop of NumPy
    additions would sum them)."""
    n_b, w = p.shape
    out = np.empty((n_b, rows.shape[1]))
    for b in range(n_b):
        row0 = rows[first[b]]
        for k in range(rows.shape[1]):
            out[b, k] = p[b, 0] * row0[k]
        for j in range(1, w):
            pj = p[b, j]
            row = rows[first[b] + j]
            for k in range(rows.shape[1]):
                out[b, k] += pj * row[k]
    return out


def _band_gram(words: F64, reach: int, out: F64) -> None:
    """``out[s] = words[s] words[s]ᵀ`` on (at least) the entries at most ``reach`` positions
    apart, the band every window reads; entries further apart may be left as they are
    (never read). Long sentences
    go in blocks of ``max(reach, BAND_BLOCK)`` positions, each block with itself and
    with the next one: O(n · block · d) per sentence instead of O(n² d)."""
    n_sent, n, dim = words.shape
    b = max(reach, BAND_BLOCK)
    if n <= 2 * b:
        out[...] = gram_matrices(words)
        return
    nb = -(-n // b)
    padded = np.zeros((n_sent, nb * b, dim))
    padded[:, :n] = words
    blocks = padded.reshape(n_sent, nb, b, dim)
    blocks_t = np.transpose(blocks, (0, 1, 3, 2))
    diag = np.matmul(blocks, blocks_t)  # (S, nb, b, b)
    upper = np.matmul(blocks[:, :-1], blocks_t[:, 1:])  # block I against block I + 1
    for i in range(nb):
        r0, r1 = i * b, min((i + 1) * b, n)
        out[:, r0:r1, r0:r1] = diag[:, i, : r1 - r0, : r1 - r0]
        if r1 < n:
            c1 = min(r1 + b, n)
            block = upper[:, i, : r1 - r0, : c1 - r1]
            out[:, r0:r1, r1:c1] = block
            out[:, r1:c1, r0:r1] = np.transpose(block, (0, 2, 1))


Residuals = tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], F64, F64, F64
]


def window_residuals(words: F64, sd: F64, lengths: npt.NDArray[np.int64], m: int) -> Residuals:
    """For every word of sentences given as (S, n, d) word vectors (zero padding) and
    ``sd = words @ D`` (S, n, K): its sentence, position, window size ℓ (context and
    word), r, ``qᵀD`` (see the module docstring) and its squared norm ‖w‖².

    Sentences longer than two :data:`POSITION_BLOCK` go in blocks of positions, each
    with its ``m`` neighbours on both sides (all a window reads): memory linear in the
    length instead of quadratic (the framed Gram matrix is (n + 2m)² per sentence)."""
    n = words.shape[1]
    if n <= 2 * POSITION_BLOCK:
        return _window_residuals(words, sd, lengths, m)
    parts = []
    for a in range(0, n, POSITION_BLOCK):
        b = min(n, a + POSITION_BLOCK)
        lo, hi = max(0, a - m), min(n, b + m)
        sub = np.clip(lengths - lo, 0, hi - lo)
        sent, pos, _, r, qd, norms2 = _window_residuals(words[:, lo:hi], sd[:, lo:hi], sub, m)
        pos = pos + lo
        keep = (pos >= a) & (pos < b)
        sent, pos = sent[keep], pos[keep]
        ell = np.minimum(lengths[sent], pos + m + 1) - np.maximum(0, pos - m)
        parts.append((sent, pos, ell, r[keep], qd[keep], norms2[keep]))
    sent, pos = np.concatenate([q[0] for q in parts]), np.concatenate([q[1] for q in parts])
    order = np.lexsort((pos, sent))  # sentence by sentence, as unblocked
    joined = [np.concatenate([q[k] for q in parts])[order] for k in range(2, 6)]
    return sent[order], pos[order], joined[0], joined[1], joined[2], joined[3]


def _window_residuals(words: F64, sd: F64, lengths: npt.NDArray[np.int64], m: int) -> Residuals:
    n_sent, n, dim = words.shape
    w = 2 * m + 1
    sent = np.repeat(np.arange(n_sent), lengths)
    pos = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    ell = np.minimum(lengths[sent], pos + m + 1) - np.maximum(0, pos - m)
    # the Gram matrix (its band: no window reads further) framed by m padding slots
    # each side; padding gets a unit diagonal
    frame = np.zeros((n_sent, n + 2 * m, n + 2 * m))
    gs = frame[:, m : m + n, m : m + n]
    _band_gram(words, 2 * m, gs)
    norms2 = gs[sent, pos, pos]
    slot = np.arange(n + 2 * m)[None, :] - m
    inside = (slot >= 0) & (slot < lengths[:, None])
    # repeated vectors, found once per sentence and viewed per window like G
    sdup = np.zeros((n_sent, n + 2 * m, n + 2 * m), dtype=bool)
    _duplicates_in_band(gs, inside[:, m : m + n], 2 * m, sdup[:, m : m + n, m : m + n])
    idx = np.arange(n + 2 * m)
    frame[:, idx, idx] += ~inside
    st = frame.strides
    g = as_strided(frame, (n_sent, n, w, w), (st[0], st[1] + st[2], st[1], st[2]))[sent, pos]
    sdf = np.zeros((n_sent, n + 2 * m, sd.shape[2]))
    sdf[:, m : m + n] = sd
    valid = as_strided(inside, (n_sent, n, w), (inside.strides[0],) + inside.strides[1:] * 2)
    valid = valid[sent, pos]
    st = sdup.strides
    dup = as_strided(sdup, (n_sent, n, w, w), (st[0], st[1] + st[2], st[1], st[2]))[sent, pos]
    # the word repeated in its context lies in its span: r = 0, qᵀD = 0 (zeroed column)
    in_span = dup[:, :m, m].any(axis=1) | dup[:, m, m + 1 :].any(axis=1)
    # a context vector repeated: the later copy adds nothing to the span, drop it
    later = np.asarray(dup.any(axis=1))
    later[:, m] = False
    if later.any():  # g is a gathered copy: edited in place
        g[later[:, :, None] | later[:, None, :]] = 0.0
        b_, k_ = np.nonzero(later)
        g[b_, k_, k_] = 1.0
    r = np.zeros(len(sent))
    qd = np.zeros((len(sent), sd.shape[2]))
    easy = ~in_span & ((valid & ~later).sum(axis=1) <= dim)
    settled = in_span.copy()  # words whose r and qᵀD are final
    if easy.any():
        # G⁻¹ e: the word's dual coefficients (numerically singular: the other route)
        p, singular = _dual_coefficients(g if easy.all() else np.ascontiguousarray(g[easy]), m)
        idx = np.flatnonzero(easy)
        easy[idx[singular]] = False
        p, idx = p[~singular], idx[~singular]
        r2 = 1.0 / p[:, m]
        ok = (r2 > (REL_TOL**2) * norms2[idx]) & (r2 > TOL**2)
        r[idx] = np.sqrt(np.where(ok, r2, 0.0))
        # qᵀD = r Σ_j p_j (wⱼᵀD) over the window's slots, read from the framed sd
        first = (sent * (n + 2 * m) + pos)[idx]
        qd[idx] = _slot_sums(p, sdf.reshape(-1, sd.shape[2]), first) * r[idx][:, None]
        easy[idx[~ok]] = False  # at the tolerance: Gram–Schmidt's zeroed column
    rest = np.flatnonzero(~easy & ~settled)
    if len(rest):
        cols = _windows(lengths, m)[2][rest]
        r[rest], qd[rest] = _window_projections(gs, sd, sent[rest], pos[rest], cols[:, :-1])
    return sent, pos, ell, r, qd, norms2


def word_weights(
    r: F64, qd: F64, norms2: F64, ell: npt.NDArray[np.int64], top_w: Any, lam: F64, h: int
) -> F64:
    """Each word's weight α = novelty + significance + uniqueness, from its residual
    r, ``qᵀD``, ‖w‖², window size ℓ and its sentence's h directions ``top_w`` (B, h)."""
    wnorm = np.sqrt(norms2)
    novelty = np.exp(np.divide(r, wnorm, out=np.zeros_like(r), where=wnorm > 0))
    significance = r / ell
    proj = np.take_along_axis(qd, top_w, axis=1) * lam[top_w]
    uniqueness = np.exp(-np.linalg.norm(proj, axis=1) / h)
    return np.asarray(novelty + significance + uniqueness)
