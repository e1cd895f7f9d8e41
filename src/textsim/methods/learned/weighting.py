"""Learned idf-rank weights (De Boom et al. ICDMW 2015, PRL 2016): the NumPy side.

A text's words are sorted rarest first (ascending document frequency) and
aggregated as ``t = (1/n) Σ_j z_j v_(j)``. With ``M = n_max`` learned weights
``w``, word ``j`` (0-based) of an ``n``-word text sits at position
``p_j = j·(M − 1)/(n − 1)`` (``p = 0`` when ``n = 1``; PRL eq. 12) and gets the
weight linearly interpolated between ``w[floor p_j]`` and ``w[ceil p_j]``.
(PRL eq. 13 as printed adds the difference term to ``w[ceil]``, which would
extrapolate; we follow the interpolation the text describes.) For a fixed
length ``n = M`` this is simply ``z_j = w_j``.

This module holds the framework-free reference: interpolation, the losses and
their gradients, Algorithm 1's learning-rate and stopping rule, the
closed-form optimum of the squared contrastive loss and a plain NumPy trainer.
The Keras model in :mod:`textsim.methods.learned.training` is tested against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from textsim.vectors.words import TokenBatch

if TYPE_CHECKING:
    from textsim.methods.learned.procedures import Stopping

__all__ = [
    "Algorithm1",
    "contrastive_loss",
    "interpolated_weights",
    "interpolation_matrix",
    "median_loss",
    "optimal_direction",
    "pair_gram_terms",
    "weight_basis",
    "weighted_vectors",
    "weights_gradient",
]

F = npt.NDArray[np.float64]


def _positions(
    lengths: npt.ArrayLike, n_max: int, width: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], F, npt.NDArray[np.bool_]]:
    """Floor and ceil weight indices, interpolation fraction and validity of every word slot."""
    n = np.asarray(lengths, dtype=np.int64)[:, None]
    j = np.arange(width)[None, :]
    p = np.minimum(np.where(n > 1, j * (n_max - 1) / np.maximum(n - 1, 1), 0.0), n_max - 1)
    lo = np.floor(p).astype(np.int64)
    return lo, np.minimum(lo + 1, n_max - 1), p - lo, np.asarray(j < n)


def interpolation_matrix(lengths: npt.ArrayLike, n_max: int, width: int | None = None) -> F:
    """``A[i, j, k]``: the share of weight ``w_k`` given to word ``j`` of text ``i``.

    ``z = A @ w``; rows beyond a text's length are zero.
    """
    n = np.asarray(lengths, dtype=np.int64)
    L = int(n.max(initial=1)) if width is None else width
    lo, hi, frac, valid = _positions(n, n_max, L)
    A = np.zeros((n.size, L, n_max))
    rows, cols = np.nonzero(valid)
    np.add.at(A, (rows, cols, lo[rows, cols]), 1.0 - frac[rows, cols])
    np.add.at(A, (rows, cols, hi[rows, cols]), frac[rows, cols])
    return A


def interpolated_weights(lengths: npt.ArrayLike, weights: npt.ArrayLike, width: int) -> F:
    """``z[i, j]``: the interpolated weight of word ``j`` of text ``i`` (0 beyond its length)."""
    w = np.asarray(weights, dtype=np.float64)
    lo, hi, frac, valid = _positions(lengths, w.size, width)
    return np.asarray(np.where(valid, w[lo] * (1.0 - frac) + w[hi] * frac, 0.0))


def weighted_vectors(
    batch: TokenBatch,
    table: npt.NDArray[np.floating],
    weights: npt.ArrayLike,
    *,
    chunk_rows: int = 2048,
) -> F:
    """``t_i = (1/n_i) Σ_j z_ij v_(ij)`` for texts already sorted rarest word first.

    ``table`` has one zero row at index ``batch.pad`` for padding. Works in
    chunks of texts, so memory stays bounded for any number of texts.
    """
    z = interpolated_weights(batch.lengths, weights, batch.ids.shape[1]).astype(np.float32)
    out = np.empty((len(batch), table.shape[1]), dtype=np.float64)
    for start in range(0, len(batch), chunk_rows):
        stop = min(start + chunk_rows, len(batch))
        X = np.take(table, batch.ids[start:stop], axis=0)
        out[start:stop] = np.matmul(z[start:stop, None, :], X)[:, 0, :]
    return np.asarray(out / np.maximum(batch.lengths, 1)[:, None])


def pair_gram_terms(
    batch_a: TokenBatch, batch_b: TokenBatch, table: npt.NDArray[np.floating], n_max: int
) -> F:
    """``G[c] = Uᵀ U`` with ``U = S_a/n_a − S_b/n_b``, ``S = Xᵀ A`` the weight-to-vector map.

    For couple ``c``, ``t_a − t_b = U_c w`` and the squared distance is ``wᵀ G_c w``.
    """

    def basis(batch: TokenBatch) -> F:
        A = interpolation_matrix(batch.lengths, n_max, batch.ids.shape[1])
        X = np.take(table, batch.ids, axis=0).astype(np.float64)
        S = np.einsum("nld,nlk->ndk", X, A)
        return np.asarray(S / np.maximum(batch.lengths, 1)[:, None, None])

    U = basis(batch_a) - basis(batch_b)
    return np.asarray(np.einsum("ndk,ndm->nkm", U, U))


def optimal_direction(gram: F, related: npt.ArrayLike) -> F:
    """Closed-form optimum direction of the squared contrastive loss.

    ``E[p_C d²] = wᵀ (E[G | related] − E[G | non-related]) w`` (up to the class
    shares): on the unit sphere it is minimised by the eigenvector of the
    smallest eigenvalue. Returned with a non-negative sum (the sign is free).
    """
    y = np.asarray(related, dtype=bool)
    D = gram[y].mean(axis=0) - gram[~y].mean(axis=0)
    _, vecs = np.linalg.eigh(D)
    v = vecs[:, 0]
    return np.asarray(v if v.sum() >= 0 else -v)


def _distance(diff: F, squared: bool) -> F:
    sq = np.einsum("nd,nd->n", diff, diff)
    return np.asarray(sq if squared else np.sqrt(sq))


def _grad(diff: F, dl_dd: F, d: F, squared: bool) -> F:
    """∂loss/∂t_a from ∂loss/∂d (∂d/∂t_a = 2·diff, or diff / d for the plain norm)."""
    coeff = 2.0 * dl_dd if squared else dl_dd / np.maximum(d, 1e-12)
    return np.asarray(coeff[:, None] * diff)


def contrastive_loss(
    ta: F, tb: F, related: npt.ArrayLike, *, squared: bool = False
) -> tuple[float, F, F]:
    """Mean of ``p_C · d(t_a, t_b)`` over the batch (PRL eq. 6).

    Returns ``(loss, ∂loss/∂t_a, ∂loss/∂t_b)``.
    """
    p = np.where(np.asarray(related, dtype=bool), 1.0, -1.0)
    diff = ta - tb
    d = _distance(diff, squared)
    n = len(p)
    g = _grad(diff, p / n, d, squared)
    return float(np.mean(p * d)), g, -g


def median_loss(
    ta: F, tb: F, related: npt.ArrayLike, kappa: float, *, squared: bool = False
) -> tuple[float, F, F]:
    """Mean of ``ln(1 + exp(−κ p_C (μ(B) − d)))`` (PRL eq. 10) and its gradients.

    ``μ(B)`` is the batch median of the distances (mean of the two middle
    values for an even batch, as the authors' code); the gradient flows
    through it.
    """
    p = np.where(np.asarray(related, dtype=bool), 1.0, -1.0)
    diff = ta - tb
    d = _distance(diff, squared)
    n = len(p)
    order = np.argsort(d, kind="stable")
    mids = order[[(n - 1) // 2, n // 2]]
    mu = d[mids].mean()
    x = -kappa * p * (mu - d)
    loss = np.logaddexp(0.0, x)
    s = 1.0 / (1.0 + np.exp(-x))  # d loss / d x
    # dx/dd_i = kappa p_i ; dx_i/dmu = -kappa p_i
    dl_dd = s * kappa * p / n
    dl_dmu = -np.sum(s * kappa * p) / n
    dl_dd[mids] += dl_dmu / len(mids)
    g = _grad(diff, dl_dd, d, squared)
    return float(loss.mean()), g, -g


@dataclass
class Algorithm1:
    """PRL Algorithm 1: lower η once when the epoch loss worsens, then stop on a small gain.

    ``stopping``: ``"absolute"`` (Algorithm 1 as printed: the loss improves by less
    than ``tolerance``), ``"relative"`` (§5.2's prose, "less than 0.05%": by less than
    ``tolerance`` times the previous loss' magnitude) or ``"epochs"`` (never early:
    ``max_epochs`` epochs).

    Call :meth:`end_epoch` with each epoch's mean loss; it returns whether to
    stop. ``lr`` holds the learning rate for the next epoch.
    """

    lr: float = 0.01
    low_lr: float = 0.001
    tolerance: float = 0.0005
    max_epochs: int = 100
    stopping: Stopping = "absolute"
    previous: float = float("inf")
    epochs: int = 0
    history: list[float] = field(default_factory=list)

    def end_epoch(self, mean_loss: float) -> bool:
        self.epochs += 1
        self.history.append(mean_loss)
        stop = False
        if self.lr > self.low_lr and mean_loss > self.previous:
            self.lr = self.low_lr
        elif self.lr <= self.low_lr and self.stopping != "epochs":
            gain = self.previous - mean_loss
            if self.stopping == "relative":
                gain /= max(abs(self.previous), 1e-300)
            stop = gain < self.tolerance
        self.previous = mean_loss
        return stop or self.epochs >= self.max_epochs


def weight_basis(batch: TokenBatch, table: npt.NDArray[np.floating], n_max: int) -> F:
    """``S[i] = (1/n_i) Σ_j v_(ij) A[i, j, :]``: text ``i``'s vector is ``S[i] @ w``."""
    A = interpolation_matrix(batch.lengths, n_max, batch.ids.shape[1])
    X = np.take(table, batch.ids, axis=0).astype(np.float64)
    S = np.einsum("nld,nlk->ndk", X, A)
    return np.asarray(S / np.maximum(batch.lengths, 1)[:, None, None])


def weights_gradient(S_a: F, S_b: F, g_a: F, g_b: F) -> F:
    """Chain rule from ∂loss/∂t to ∂loss/∂w (``t = S @ w``)."""
    return np.asarray(np.einsum("nd,ndk->k", g_a, S_a) + np.einsum("nd,ndk->k", g_b, S_b))
