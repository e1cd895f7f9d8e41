"""Paired bootstrap intervals for the difference of one metric between two methods.

Both methods are measured on the same test items (couples, sentence pairs,
documents, triplets, queries). One bootstrap replicate draws the items with
replacement — within each stratum, so that a design's fixed class balance (half
related couples) is kept — and recomputes the metric of both methods **on the same
draw**, which is what makes the interval paired. A method trained with several seeds
brings one item-level record per seed; each replicate then also draws its seeds with
replacement and averages the metric over them (a two-level bootstrap), so the
interval covers both the test items and the training runs. The estimate is the
difference of the seed-averaged metrics on all items; the interval the percentile
interval of the replicates.

A statistic is vectorised over replicates: it receives one method's item values
(``(n,)`` or ``(n, k)``) and an index matrix ``(r, n)`` and returns ``r`` values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from textsim.verdicts.rule import LEVEL

__all__ = [
    "Difference",
    "Statistic",
    "bootstrap_difference",
    "mean_percent",
    "pearson",
    "resample_indices",
]

Statistic = Callable[[npt.NDArray[np.float64], npt.NDArray[np.intp]], npt.NDArray[np.float64]]

#: replicates drawn at once (bounds the index matrix: chunk × items)
_CHUNK = 200


def mean_percent(
    values: npt.NDArray[np.float64], idx: npt.NDArray[np.intp]
) -> npt.NDArray[np.float64]:
    """The items' mean in percent: the split error when ``values`` is 1 for each
    misclassified couple, a Schäfer metric for its outcomes (eq. 3.1: scaled outcomes)."""
    return np.asarray(100.0 * values[idx].mean(axis=1), dtype=np.float64)


def pearson(values: npt.NDArray[np.float64], idx: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """Pearson r × 100 between column 0 (the method's score) and column 1 (gold)."""
    x = values[idx, 0]
    y = values[idx, 1]
    x = x - x.mean(axis=1, keepdims=True)
    y = y - y.mean(axis=1, keepdims=True)
    den = np.sqrt((x * x).sum(axis=1) * (y * y).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, 100.0 * (x * y).sum(axis=1) / den, 0.0)


def resample_indices(
    n: int, reps: int, rng: np.random.Generator, strata: npt.NDArray[np.int64] | None = None
) -> npt.NDArray[np.intp]:
    """``reps`` × ``n`` item indices drawn with replacement (within each stratum)."""
    if strata is None:
        return rng.integers(0, n, size=(reps, n))
    out = np.empty((reps, n), dtype=np.intp)
    for value in np.unique(strata):
        members = np.flatnonzero(strata == value)
        out[:, members] = members[rng.integers(0, members.size, size=(reps, members.size))]
    return out


@dataclass(frozen=True)
class Difference:
    """``better − worse`` of one metric: estimate, interval, and what it rests on."""

    better: float
    worse: float
    estimate: float
    low: float
    high: float
    n_items: int
    seeds_better: int
    seeds_worse: int
    #: the smallest and largest per-seed-pair difference (equal with one seed each)
    seed_min: float
    seed_max: float


def _as_runs(runs: Sequence[npt.ArrayLike]) -> list[npt.NDArray[np.float64]]:
    arrays = [np.asarray(r, dtype=np.float64) for r in runs]
    if not arrays:
        raise ValueError("a method needs at least one run (seed)")
    return arrays


def bootstrap_difference(
    better: Sequence[npt.ArrayLike],
    worse: Sequence[npt.ArrayLike],
    statistic: Statistic,
    *,
    n_boot: int = 2000,
    seed: int = 0,
    strata: npt.ArrayLike | None = None,
    level: float = LEVEL,
) -> Difference:
    """The paired (two-level when a side has several seeds) bootstrap interval of
    ``statistic(better) − statistic(worse)``; ``better`` and ``worse`` hold one item
    array per seed, all on the same items in the same order."""
    a_runs, b_runs = _as_runs(better), _as_runs(worse)
    n = a_runs[0].shape[0]
    if any(r.shape[0] != n for r in a_runs + b_runs):
        raise ValueError("both methods must be measured on the same items")
    if n < 2:
        raise ValueError("a bootstrap needs at least two items")
    groups = None if strata is None else np.unique(np.asarray(strata), return_inverse=True)[1]
    if groups is not None and groups.shape[0] != n:
        raise ValueError("strata must give one value per item")
    full = np.arange(n)[None, :]
    a_point = np.array([statistic(r, full)[0] for r in a_runs])
    b_point = np.array([statistic(r, full)[0] for r in b_runs])
    pairs = a_point[:, None] - b_point[None, :]
    rng = np.random.default_rng(seed)
    reps: list[npt.NDArray[np.float64]] = []
    for start in range(0, n_boot, _CHUNK):
        r = min(_CHUNK, n_boot - start)
        idx = resample_indices(n, r, rng, groups)
        a = np.stack([statistic(run, idx) for run in a_runs])  # (seeds, r)
        b = np.stack([statistic(run, idx) for run in b_runs])
        reps.append(_seed_mean(a, rng) - _seed_mean(b, rng))
    diffs = np.concatenate(reps)
    tail = 100 * (1 - level) / 2
    low, high = np.percentile(diffs, [tail, 100 - tail])
    return Difference(
        better=float(a_point.mean()),
        worse=float(b_point.mean()),
        estimate=float(a_point.mean() - b_point.mean()),
        low=float(low),
        high=float(high),
        n_items=int(n),
        seeds_better=len(a_runs),
        seeds_worse=len(b_runs),
        seed_min=float(pairs.min()),
        seed_max=float(pairs.max()),
    )


def _seed_mean(
    per_seed: npt.NDArray[np.float64], rng: np.random.Generator
) -> npt.NDArray[np.float64]:
    """Per replicate, the mean over seeds drawn with replacement (the seed level)."""
    k, r = per_seed.shape
    if k == 1:
        return np.asarray(per_seed[0], dtype=np.float64)
    pick = rng.integers(0, k, size=(k, r))
    return np.asarray(per_seed[pick, np.arange(r)[None, :]].mean(axis=0), dtype=np.float64)
