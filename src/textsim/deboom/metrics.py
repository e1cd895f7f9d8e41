"""Evaluation metrics of De Boom et al. (ICDMW 2015, PRL 2016).

* similarities are min–max normalised with the **validation** minimum and
  maximum; test values use the same map and may fall slightly outside [0, 1];
* the split threshold is searched on ``linspace(0, 1, 1001)`` over the
  validation set (predict "related" iff s > θ; the last θ reaching the minimum
  error wins, as in the authors' code); the error is reported on the test set;
* Jensen–Shannon divergence between the related and non-related similarity
  distributions: 10,000 equal bins over [−1, 1.5], +1 in every bin, log₂;
* a sample-size-robust JS estimate (100 bins over the observed range, no
  pseudo-counts), because the +1 smoothing of the paper's estimate adds as
  many counts as 10,000 samples;
* a two-tailed binomial test of one method's test errors against another
  method's error rate.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
import numpy.typing as npt

__all__ = [
    "SplitEvaluation",
    "best_threshold",
    "binomial_test",
    "evaluate_split",
    "js_divergence",
    "js_divergence_robust",
    "minmax_normalise",
    "split_error",
]

Array = npt.NDArray[np.floating]
Labels = npt.NDArray[np.bool_]


def minmax_normalise(x: npt.ArrayLike, low: float, high: float) -> npt.NDArray[np.float64]:
    """Map ``low → 0`` and ``high → 1`` linearly (all zeros if ``high == low``)."""
    a = np.asarray(x, dtype=np.float64)
    span = high - low
    if not np.isfinite(span) or span <= 0:
        return np.zeros_like(a)
    return (a - low) / span


def _errors_per_threshold(sim: Array, related: Labels, thresholds: Array) -> npt.NDArray[np.int64]:
    """Misclassified couples for each threshold (predict related iff s > θ)."""
    rel = np.sort(sim[related])
    non = np.sort(sim[~related])
    # related predicted non-related: s <= θ ; non-related predicted related: s > θ
    false_neg = np.searchsorted(rel, thresholds, side="right")
    false_pos = non.size - np.searchsorted(non, thresholds, side="right")
    return (false_neg + false_pos).astype(np.int64)


def best_threshold(
    sim: npt.ArrayLike, related: npt.ArrayLike, n_thresholds: int = 1001
) -> tuple[float, float]:
    """Threshold on ``linspace(0, 1, n_thresholds)`` minimising the split error.

    Returns ``(θ, error at θ)``; ties go to the **last** θ with the minimum.
    """
    s = np.asarray(sim, dtype=np.float64)
    y = np.asarray(related, dtype=bool)
    if s.size == 0:
        raise ValueError("no couples to choose a threshold on")
    grid = np.linspace(0.0, 1.0, n_thresholds)
    errors = _errors_per_threshold(s, y, grid)
    best = int(np.flatnonzero(errors == errors.min())[-1])
    return float(grid[best]), float(errors[best] / s.size)


def split_error(sim: npt.ArrayLike, related: npt.ArrayLike, threshold: float) -> float:
    """Share of couples misclassified by "related iff s > threshold"."""
    s = np.asarray(sim, dtype=np.float64)
    y = np.asarray(related, dtype=bool)
    if s.size == 0:
        raise ValueError("no couples to evaluate")
    return float(np.mean((s > threshold) != y))


def _js(p: npt.NDArray[np.float64], q: npt.NDArray[np.float64]) -> float:
    p = p / p.sum()
    q = q / q.sum()
    m = 0.5 * (p + q)

    def kl(a: npt.NDArray[np.float64]) -> float:
        nz = a > 0
        return float(np.sum(a[nz] * np.log2(a[nz] / m[nz])))

    return 0.5 * kl(p) + 0.5 * kl(q)


def js_divergence(
    sim_related: npt.ArrayLike,
    sim_nonrelated: npt.ArrayLike,
    *,
    bins: int = 10_000,
    low: float = -1.0,
    high: float = 1.5,
    pseudocount: float = 1.0,
) -> float:
    """The papers' JS divergence (log₂, in [0, 1]) between two similarity samples: the
    authors' ``JS_divergence`` (``metrics.py``), ``bins`` equal bins on ``[low, high]``
    each counted ``+ pseudocount``; values outside the range are left out, as
    ``np.histogram(..., range=(low, high))`` leaves them out there.
    """
    a = np.asarray(sim_related, dtype=np.float64)
    b = np.asarray(sim_nonrelated, dtype=np.float64)
    if a.size == 0 or b.size == 0:
        raise ValueError("JS divergence needs samples in both groups")
    edges = np.linspace(low, high, bins + 1)
    p = np.histogram(a, edges)[0].astype(np.float64) + pseudocount
    q = np.histogram(b, edges)[0].astype(np.float64) + pseudocount
    if p.sum() == 0 or q.sum() == 0:
        raise ValueError("JS divergence needs samples in both groups")
    return _js(p, q)


def js_divergence_robust(
    sim_related: npt.ArrayLike, sim_nonrelated: npt.ArrayLike, *, bins: int = 100
) -> float:
    """JS divergence with ``bins`` equal bins over the observed range, no smoothing.

    Comparable across sample sizes (its bias is of order bins / n), unlike the
    paper's 10,000-bin, +1-smoothed estimate.
    """
    a = np.asarray(sim_related, dtype=np.float64)
    b = np.asarray(sim_nonrelated, dtype=np.float64)
    if a.size == 0 or b.size == 0:
        raise ValueError("JS divergence needs samples in both groups")
    lo = float(min(a.min(), b.min()))
    hi = float(max(a.max(), b.max()))
    if hi <= lo:
        return 0.0
    edges = np.linspace(lo, hi, bins + 1)
    return _js(
        np.histogram(a, edges)[0].astype(np.float64), np.histogram(b, edges)[0].astype(np.float64)
    )


def binomial_test(n_errors: int, n_trials: int, error_rate: float) -> float:
    """Two-tailed p-value of ``n_errors`` in ``n_trials`` given a reference error rate."""
    if not 0 <= error_rate <= 1:
        raise ValueError("error_rate must lie in [0, 1]")
    # imported here: scipy.stats alone takes a second and a half to import
    from scipy.stats import binomtest

    return float(
        binomtest(int(n_errors), int(n_trials), float(error_rate), alternative="two-sided").pvalue
    )


@dataclass(frozen=True)
class SplitEvaluation:
    """Everything the papers report for one technique."""

    val_min: float
    val_max: float
    threshold: float
    val_error: float
    test_error: float
    test_errors: int
    n_validation: int
    n_test: int
    js: float
    js_robust: float

    def as_dict(self) -> dict[str, float | int]:
        return asdict(self)


def evaluate_split(
    val_sim: npt.ArrayLike,
    val_related: npt.ArrayLike,
    test_sim: npt.ArrayLike,
    test_related: npt.ArrayLike,
    *,
    n_thresholds: int = 1001,
    js_bins: int = 10_000,
    js_low: float = -1.0,
    js_high: float = 1.5,
    js_pseudocount: float = 1.0,
    js_robust_bins: int = 100,
) -> SplitEvaluation:
    """Normalise with validation min/max, choose θ on validation, report on test.

    JS divergences are computed on the normalised **test** similarities.
    """
    vs = np.asarray(val_sim, dtype=np.float64)
    ts = np.asarray(test_sim, dtype=np.float64)
    vy = np.asarray(val_related, dtype=bool)
    ty = np.asarray(test_related, dtype=bool)
    lo, hi = float(vs.min()), float(vs.max())
    vn = minmax_normalise(vs, lo, hi)
    tn = minmax_normalise(ts, lo, hi)
    theta, val_err = best_threshold(vn, vy, n_thresholds)
    wrong = int(np.sum((tn > theta) != ty))
    return SplitEvaluation(
        val_min=lo,
        val_max=hi,
        threshold=theta,
        val_error=val_err,
        test_error=wrong / ts.size,
        test_errors=wrong,
        n_validation=int(vs.size),
        n_test=int(ts.size),
        js=js_divergence(
            tn[ty], tn[~ty], bins=js_bins, low=js_low, high=js_high, pseudocount=js_pseudocount
        ),
        js_robust=js_divergence_robust(tn[ty], tn[~ty], bins=js_robust_bins),
    )
