"""The direct per-word GEM, as the official ``encoder.py`` computes it: the
benchmark's reference for the vectorised :class:`textsim.methods.gem.model.GEM` (and the
tests' ground truth)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from textsim.methods.gem.coarse import F64, fix_signs
from textsim.methods.gem.windows import TOL

__all__ = ["gem_reference"]


def gem_reference(
    sentences: Sequence[F64],
    *,
    window: int = 7,
    n_components: int = 45,
    n_sentence_components: int = 17,
    fit_sentences: Sequence[F64] | None = None,
) -> F64:
    """Direct per-word GEM (the benchmark's reference): a Python loop over sentences
    and words, an explicit SVD and Gram–Schmidt per window, as the official code.

    ``sentences`` are d × n matrices; the corpus directions come from
    ``fit_sentences`` (default: the sentences themselves, transductive)."""
    fit = [s for s in (fit_sentences if fit_sentences is not None else sentences) if s.shape[1]]
    g = np.stack(
        [
            fix_signs(np.linalg.svd(s, full_matrices=False)[0], axis=0)
            @ np.linalg.svd(s, compute_uv=False) ** 3
            for s in fit
        ],
        axis=1,
    )
    u, sv, _ = np.linalg.svd(g, full_matrices=False)  # the corpus directions, as encoder.py
    k = min(n_components, u.shape[1])
    dirs, lam = fix_signs(u[:, :k], axis=0), sv[:k]
    h = min(n_sentence_components, dirs.shape[1])
    out = np.zeros((len(sentences), sentences[0].shape[0]))
    for si, s in enumerate(sentences):
        n = s.shape[1]
        if n == 0:
            continue
        corr = lam * np.linalg.norm(s.T @ dirs, axis=0)
        top = np.argsort(-corr, kind="stable")[:h]
        d_h, lam_h = dirs[:, top], lam[top]
        c = np.zeros(s.shape[0])
        for i in range(n):
            ctx = [j for j in range(max(0, i - window), min(n, i + window + 1)) if j != i]
            win = s[:, [*ctx, i]]
            basis: list[F64] = []
            q = np.zeros(s.shape[0])
            r = 0.0
            for col in win.T:
                v = col.astype(np.float64).copy()
                for b in basis:
                    v -= (b @ v) * b
                norm = float(np.linalg.norm(v))
                q = v / norm if norm >= TOL else np.zeros_like(v)
                r = norm if norm >= TOL else 0.0
                basis.append(q)
            u_w, sigma_w, _ = np.linalg.svd(win, full_matrices=False)
            w = s[:, i]
            novelty = np.exp(r / np.linalg.norm(w)) if np.linalg.norm(w) > 0 else 1.0
            significance = np.linalg.norm(sigma_w * (q @ u_w)) / win.shape[1]
            uniqueness = np.exp(-np.linalg.norm(lam_h * (q @ d_h)) / h)
            c += (novelty + significance + uniqueness) * w
        out[si] = c - d_h @ (d_h.T @ c)
    return out
