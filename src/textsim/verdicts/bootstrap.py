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

Methods measured on several trainings of the word vectors (``verdicts.word2vec_seeds``)
bring their runs in one block per word-vector run, in the same order on both sides
(``spaces`` blocks): a replicate then draws the word-vector runs with replacement **once
for both sides** (a method and the one it is compared with share their vectors), and
each side's training seeds within every drawn block, so the interval also covers how
much the comparison moves with the word vectors.

Items that share a unit (couples cut from one Wikipedia article, tweets of one hashtag
window) are not independent: a **cluster bootstrap** draws the units with replacement
and keeps every item of a drawn unit (``clusters``), within each stratum where every
unit lies in one stratum, over all units otherwise; its interval is wider by as much
as the items of a unit agree.

A replicate is a vector of counts (how often each item was drawn), so a metric that
is a mean or a correlation is a few matrix products over all replicates at once. Every
method on one item set is resampled with the same draws (:class:`Resampler`, seeded),
so a set's replicates are computed once per method and reused by every comparison.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from textsim.verdicts.rule import LEVEL

__all__ = [
    "Difference",
    "Resampler",
    "Statistic",
    "bootstrap_difference",
    "difference",
    "js_statistic",
    "mean_percent",
    "pearson",
    "point_estimates",
]

F64 = npt.NDArray[np.float64]
#: a metric over weighted items: ``values`` ``(n,)`` or ``(n, k)``, ``counts`` ``(r, n)``
#: (each row one replicate's draw counts) → ``r`` values
Statistic = Callable[[F64, F64], F64]

#: replicates drawn at once (bounds the count matrix: chunk × items)
_CHUNK = 250


def mean_percent(values: F64, counts: F64) -> F64:
    """The items' mean in percent: the split error when ``values`` is 1 for each
    misclassified couple, a Schäfer metric for its outcomes (eq. 3.1: scaled outcomes)."""
    return np.asarray(100.0 * (counts @ values) / counts.sum(axis=1), dtype=np.float64)


def pearson(values: F64, counts: F64) -> F64:
    """Pearson r × 100 between column 0 (the method's score) and column 1 (gold)."""
    x, y = values[:, 0], values[:, 1]
    n = counts.sum(axis=1)
    sx, sy = counts @ x, counts @ y
    sxx, syy, sxy = counts @ (x * x), counts @ (y * y), counts @ (x * y)
    cov = n * sxy - sx * sy
    den = np.sqrt(np.maximum(n * sxx - sx * sx, 0.0) * np.maximum(n * syy - sy * sy, 0.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray(np.where(den > 0, 100.0 * cov / den, 0.0), dtype=np.float64)


def js_statistic(
    bins: int = 10_000, low: float = -1.0, high: float = 1.5, pseudocount: float = 1.0
) -> Statistic:
    """The papers' JS divergence × 100 between the related and the non-related couples'
    similarities (:func:`textsim.deboom.metrics.js_divergence`'s histogram: ``bins``
    equal bins on ``[low, high]``, each ``+ pseudocount``); ``values`` ``(n, 2)``:
    each couple's normalised test similarity and 1 if related, else 0."""
    from scipy.sparse import csr_matrix

    edges = np.linspace(low, high, bins + 1)

    def statistic(values: F64, counts: F64) -> F64:
        sim, related = values[:, 0], values[:, 1] > 0.5
        # np.histogram's bins: [e_k, e_k+1), the last one closed
        index = np.searchsorted(edges, sim, side="right") - 1
        index[sim == high] = bins - 1
        keep = np.flatnonzero((index >= 0) & (index < bins))
        column = np.where(related, index, index + bins)[keep]
        onehot = csr_matrix(
            (np.ones(keep.size), (keep, column)), shape=(sim.size, 2 * bins)
        ).tocsc()
        hist = np.asarray((onehot.T @ counts.T).T, dtype=np.float64)
        p = hist[:, :bins] + pseudocount
        q = hist[:, bins:] + pseudocount
        p /= p.sum(axis=1, keepdims=True)
        q /= q.sum(axis=1, keepdims=True)
        m = 0.5 * (p + q)
        with np.errstate(divide="ignore", invalid="ignore"):
            kl_p = np.where(p > 0, p * np.log2(p / m), 0.0).sum(axis=1)
            kl_q = np.where(q > 0, q * np.log2(q / m), 0.0).sum(axis=1)
        return np.asarray(100.0 * (0.5 * kl_p + 0.5 * kl_q), dtype=np.float64)

    return statistic


class Resampler:
    """The bootstrap draws of one item set: ``n_boot`` count vectors over ``n`` items,
    multinomial within each stratum, the same for every method (seeded); with
    ``clusters`` (one unit label per item), units are drawn instead of items (see the
    module text)."""

    def __init__(
        self,
        n: int,
        *,
        n_boot: int = 2000,
        seed: int = 0,
        strata: npt.ArrayLike | None = None,
        clusters: npt.ArrayLike | None = None,
    ) -> None:
        if n < 2:
            raise ValueError("a bootstrap needs at least two items")
        self.n, self.n_boot, self.seed = n, n_boot, seed
        groups = np.zeros(n, dtype=np.int64) if strata is None else np.asarray(strata)
        if groups.shape != (n,):
            raise ValueError("strata must give one value per item")
        if clusters is None:  # each item its own unit
            units = np.arange(n)
        else:
            units = np.unique(np.asarray(clusters), return_inverse=True)[1].reshape(-1)
            if units.shape != (n,):
                raise ValueError("clusters must give one value per item")
            nested = np.unique(np.stack([units, groups]), axis=1).shape[1] == units.max() + 1
            if not nested:  # units cross the strata: draw them over all items
                groups = np.zeros(n, dtype=np.int64)
        self.units = units
        self.n_units = int(units.max()) + 1
        #: per stratum, its units (drawn with replacement, as many as it has)
        self.members = [np.unique(units[groups == g]) for g in np.unique(groups)]

    def chunks(self) -> Iterator[F64]:
        """The count matrices, ``(r, n)`` each, in a fixed order."""
        rng = np.random.default_rng(self.seed)
        for start in range(0, self.n_boot, _CHUNK):
            r = min(_CHUNK, self.n_boot - start)
            drawn_units = np.zeros((r, self.n_units))
            for members in self.members:
                m = members.size
                drawn = rng.integers(0, m, size=(r, m)) + m * np.arange(r)[:, None]
                drawn_units[:, members] = np.bincount(drawn.ravel(), minlength=r * m).reshape(r, m)
            yield drawn_units[:, self.units]

    def replicates(self, runs: Sequence[F64], statistic: Statistic) -> F64:
        """``(seeds, n_boot)``: the metric of each run (seed) on every replicate."""
        return self.replicates_of([runs], statistic)[0]

    def replicates_of(self, methods: Sequence[Sequence[F64]], statistic: Statistic) -> list[F64]:
        """:meth:`replicates` of several methods in one pass over the draws."""
        arrays = [[np.asarray(r, dtype=np.float64) for r in runs] for runs in methods]
        if any(a.shape[0] != self.n for runs in arrays for a in runs):
            raise ValueError("both methods must be measured on the same items")
        parts: list[list[F64]] = [[] for _ in arrays]
        for counts in self.chunks():
            for out, runs in zip(parts, arrays, strict=True):
                out.append(np.stack([statistic(a, counts) for a in runs]))
        return [np.concatenate(p, axis=1) for p in parts]


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
    #: the replicates' standard deviation: the bootstrap standard error of ``estimate``
    se: float = float("nan")


def point_estimates(runs: Sequence[F64], statistic: Statistic) -> F64:
    """The metric of each run (seed) on all items."""
    n = np.asarray(runs[0]).shape[0]
    full = np.ones((1, n))
    return np.array([statistic(np.asarray(r, dtype=np.float64), full)[0] for r in runs])


def _seed_mean(per_seed: F64, rng: np.random.Generator) -> F64:
    """Per replicate, the mean over seeds drawn with replacement (the seed level)."""
    k, r = per_seed.shape
    if k == 1:
        return np.asarray(per_seed[0], dtype=np.float64)
    pick = rng.integers(0, k, size=(k, r))
    return np.asarray(per_seed[pick, np.arange(r)[None, :]].mean(axis=0), dtype=np.float64)


def _blocks(per_seed: F64, spaces: int) -> F64:
    """``(seeds, r)`` as ``(spaces, seeds per space, r)``: runs come space by space."""
    k, r = per_seed.shape
    if k % spaces:
        raise ValueError(f"{k} runs do not split into {spaces} word-vector runs")
    return per_seed.reshape(spaces, k // spaces, r)


def _nested_mean(blocks: F64, picks: npt.NDArray[np.int64], rng: np.random.Generator) -> F64:
    """Per replicate, the mean over the drawn word-vector runs ``picks`` ``(spaces, r)``
    of the mean over each one's training seeds drawn with replacement."""
    _, m, r = blocks.shape
    columns = np.arange(r)[None, None, :]
    inner = rng.integers(0, m, size=(picks.shape[0], m, r)) if m > 1 else np.zeros((1, 1, r), int)
    return np.asarray(blocks[picks[:, None, :], inner, columns].mean(axis=(0, 1)), np.float64)


def difference(
    better: tuple[F64, F64],
    worse: tuple[F64, F64],
    *,
    n_items: int,
    seed: int = 0,
    level: float = LEVEL,
    spaces: int = 1,
) -> Difference:
    """The interval of ``better − worse`` from each side's (point estimates per seed,
    replicates ``(seeds, n_boot)`` of one :class:`Resampler`); ``spaces``: the number
    of word-vector runs both sides' runs come in, block by block (see the module text)."""
    (a_point, a_reps), (b_point, b_reps) = better, worse
    rng = np.random.default_rng(seed)
    if spaces == 1:
        diffs = _seed_mean(a_reps, rng) - _seed_mean(b_reps, rng)
    else:
        a_blocks, b_blocks = _blocks(a_reps, spaces), _blocks(b_reps, spaces)
        picks = rng.integers(0, spaces, size=(spaces, a_reps.shape[1]))
        diffs = _nested_mean(a_blocks, picks, rng) - _nested_mean(b_blocks, picks, rng)
    tail = 100 * (1 - level) / 2
    low, high = np.percentile(diffs, [tail, 100 - tail])
    # per-seed pairs within a word-vector run (methods on other vectors are no pair)
    pairs = np.concatenate(
        [
            (a[:, None] - b[None, :]).ravel()
            for a, b in zip(np.split(a_point, spaces), np.split(b_point, spaces), strict=True)
        ]
    )
    return Difference(
        better=float(a_point.mean()),
        worse=float(b_point.mean()),
        estimate=float(a_point.mean() - b_point.mean()),
        low=float(low),
        high=float(high),
        n_items=n_items,
        seeds_better=len(a_point),
        seeds_worse=len(b_point),
        seed_min=float(pairs.min()),
        seed_max=float(pairs.max()),
        se=float(diffs.std(ddof=1)),
    )


def bootstrap_difference(
    better: Sequence[npt.ArrayLike],
    worse: Sequence[npt.ArrayLike],
    statistic: Statistic,
    *,
    n_boot: int = 2000,
    seed: int = 0,
    strata: npt.ArrayLike | None = None,
    clusters: npt.ArrayLike | None = None,
    level: float = LEVEL,
    spaces: int = 1,
) -> Difference:
    """The paired (two-level when a side has several seeds) bootstrap interval of
    ``statistic(better) − statistic(worse)``; ``better`` and ``worse`` hold one item
    array per seed, all on the same items in the same order; ``clusters``: the unit
    each item shares with others (a cluster bootstrap); ``spaces``: the word-vector
    runs both sides' seeds come in (:func:`difference`)."""
    a = [np.asarray(r, dtype=np.float64) for r in better]
    b = [np.asarray(r, dtype=np.float64) for r in worse]
    if not a or not b:
        raise ValueError("a method needs at least one run (seed)")
    n = a[0].shape[0]
    if any(r.shape[0] != n for r in a + b):
        raise ValueError("both methods must be measured on the same items")
    sampler = Resampler(n, n_boot=n_boot, seed=seed, strata=strata, clusters=clusters)
    return difference(
        (point_estimates(a, statistic), sampler.replicates(a, statistic)),
        (point_estimates(b, statistic), sampler.replicates(b, statistic)),
        n_items=n,
        seed=seed,
        level=level,
        spaces=spaces,
    )
