"""Exact t-SNE (van der Maaten & Hinton 2008) for a few thousand points, in NumPy:
Gaussian affinities with a per-point bandwidth found by bisection on the
perplexity, symmetrised; Student-t low-dimensional affinities; gradient
descent with momentum (0.5, then 0.8), early exaggeration (12 for the first
quarter of the iterations) and gains, PCA initialisation scaled to std 1e-4."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["tsne"]

F64 = npt.NDArray[np.float64]


def _affinities(X: F64, perplexity: float, tol: float = 1e-5) -> F64:
    n = len(X)
    sq = np.sum(X**2, axis=1)
    D = np.maximum(sq[:, None] + sq[None, :] - 2 * X @ X.T, 0)
    P = np.zeros((n, n))
    target = np.log(perplexity)
    for i in range(n):
        d = np.delete(D[i], i)
        lo, hi, beta = 0.0, np.inf, 1.0
        for _ in range(64):
            p = np.exp(-(d - d.min()) * beta)
            s = p.sum()
            H = np.log(s) + beta * np.sum((d - d.min()) * p) / s
            if abs(H - target) < tol:
                break
            if target < H:
                lo, beta = beta, beta * 2 if hi == np.inf else (beta + hi) / 2
            else:
                hi, beta = beta, (beta + lo) / 2
        P[i, np.arange(n) != i] = p / s
    P = (P + P.T) / (2 * n)
    return np.maximum(P, 1e-12)


def tsne(
    X: npt.ArrayLike,
    perplexity: float = 30.0,
    iterations: int = 500,
    learning_rate: float | None = None,
    seed: int = 0,
) -> F64:
    """Two-dimensional t-SNE map of the rows of ``X``."""
    data: F64 = np.asarray(X, dtype=np.float64)
    n = len(data)
    if n < 4:
        raise ValueError(f"t-SNE needs at least 4 points, got {n}")
    perplexity = min(perplexity, (n - 1) / 3)
    data = data - data.mean(axis=0)
    scale = float(np.abs(data).max())
    data = data / (scale if scale > 0 else 1.0)
    P = _affinities(data, perplexity)
    U, S, _ = np.linalg.svd(data, full_matrices=False)
    Y = U[:, :2] * S[:2]
    rng = np.random.default_rng(seed)
    Y = Y if np.ptp(Y) > 0 else rng.normal(size=(n, 2))
    Y = Y / Y[:, 0].std() * 1e-4
    lr = max(n / 12 / 4, 50.0) if learning_rate is None else learning_rate
    velocity = np.zeros_like(Y)
    gains = np.ones_like(Y)
    exaggerate = iterations // 4
    for it in range(iterations):
        sq = np.sum(Y**2, axis=1)
        num = 1 / (1 + sq[:, None] + sq[None, :] - 2 * Y @ Y.T)
        np.fill_diagonal(num, 0)
        Q = np.maximum(num / num.sum(), 1e-12)
        PQ = (P * (12.0 if it < exaggerate else 1.0) - Q) * num
        grad = 4 * (np.diag(PQ.sum(axis=1)) - PQ) @ Y
        momentum = 0.5 if it < exaggerate else 0.8
        same = np.sign(grad) == np.sign(velocity)
        gains = np.maximum(np.where(same, gains * 0.8, gains + 0.2), 0.01)
        velocity = momentum * velocity - lr * gains * grad
        Y = Y + velocity
        Y = Y - Y.mean(axis=0)
    return np.asarray(Y, dtype=np.float64)
