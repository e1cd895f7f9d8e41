"""The STS benchmark as a leaderboard: every method's Pearson r × 100 on each evaluated
split with a 95% bootstrap interval over the sentence pairs, from the item-level files
(the STS table's ``pairs.parquet`` and each extra method's), ranked per split."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from textsim.core.io import PathLike
from textsim.leaderboard.common import interval, outcome

__all__ = ["PUBLISHED_BEST", "sts_comparisons", "sts_leaderboard"]

#: the best published STS method the run measures: GEM (the GEM paper's 76.5 on test),
#: in the original scripts' mode (fitted on the sentences evaluated)
PUBLISHED_BEST = ("GEM", "transductive")


def _columns(frame: pd.DataFrame) -> dict[tuple[str, str], np.ndarray]:
    """(method, mode) -> its (pairs, 2) array of similarity and gold, in pair order."""
    columns: dict[tuple[str, str], np.ndarray] = {}
    for (method, mode), one in frame.groupby(["method", "mode"], sort=False):
        columns[(str(method), str(mode))] = one.sort_values("pair")[
            ["similarity", "gold"]
        ].to_numpy(np.float64)
    return columns


def sts_leaderboard(
    pairs: Sequence[PathLike], *, n_boot: int = 2000, seed: int = 0
) -> pd.DataFrame:
    """From long files of (``method``, ``mode``, ``split``, ``pair``, ``similarity``,
    ``gold``): per split and (method, mode), ``pearson`` with ``low`` / ``high``, the
    pairs' count and the rank within the split (extra methods have mode ``none``)."""
    from textsim.verdicts.bootstrap import Resampler, pearson

    frame = pd.concat([pd.read_parquet(p) for p in pairs], ignore_index=True)
    rows = []
    for split, part in frame.groupby("split", sort=True):
        columns: dict[tuple[str, str], np.ndarray] = {}
        for (method, mode), one in part.groupby(["method", "mode"], sort=False):
            columns[(str(method), str(mode))] = one.sort_values("pair")[
                ["similarity", "gold"]
            ].to_numpy(np.float64)
        n = {len(v) for v in columns.values()}
        if len(n) != 1:
            raise ValueError(f"STS split {split}: the methods were scored on different pairs")
        sampler = Resampler(n.pop(), n_boot=n_boot, seed=seed)
        reps = sampler.replicates_of([[v] for v in columns.values()], pearson)
        for (method, mode), values, r in zip(columns, columns.values(), reps, strict=True):
            point = pearson(values, np.ones((1, len(values))))[0]
            low, high = interval(r[0])
            rows.append(
                {
                    "split": split,
                    "method": method,
                    "mode": mode,
                    "pearson": float(point),
                    "low": float(low),
                    "high": float(high),
                    "n_pairs": len(values),
                }
            )
    table = pd.DataFrame(rows)
    if not table.empty:
        table["rank"] = (
            table.groupby("split")["pearson"].rank(ascending=False, method="min").astype(int)
        )
        table = table.sort_values(["split", "rank", "method"], kind="stable").reset_index(drop=True)
    return table


def sts_comparisons(
    pairs: Sequence[PathLike],
    extras: Sequence[str],
    *,
    split: str = "test",
    n_boot: int = 2000,
    seed: int = 0,
) -> pd.DataFrame:
    """Each extra method (its name in the files, mode ``none``) against
    :data:`PUBLISHED_BEST` and against our strongest method (the highest Pearson r on
    the other split, dev, among the rest) on ``split``: the difference of Pearson r × 100
    (extra − reference) with its paired bootstrap interval, judged by the verdict rule."""
    from textsim.verdicts.bootstrap import bootstrap_difference, pearson

    frame = pd.concat([pd.read_parquet(p) for p in pairs], ignore_index=True)
    evaluated = _columns(frame[frame["split"] == split])
    chooser = _columns(frame[frame["split"] != split])
    ours = [k for k in chooser if k[0] not in extras]

    def full(values: np.ndarray) -> float:
        return float(pearson(values, np.ones((1, len(values))))[0])

    references = []
    if PUBLISHED_BEST in evaluated:
        references.append(("best published", PUBLISHED_BEST))
    if ours:
        references.append(("strongest of ours", max(ours, key=lambda k: full(chooser[k]))))
    rows = []
    for name in extras:
        if (name, "none") not in evaluated:
            continue
        for role, ref in references:
            d = bootstrap_difference(
                [evaluated[(name, "none")]], [evaluated[ref]], pearson, n_boot=n_boot, seed=seed
            )
            rows.append(
                {
                    "split": split,
                    "method": name,
                    "reference": role,
                    "against": f"{ref[0]} ({ref[1]})",
                    "pearson": d.better,
                    "reference_pearson": d.worse,
                    "difference": d.estimate,
                    "low": d.low,
                    "high": d.high,
                    "outcome": outcome(d.low, d.high, lower_is_better=False),
                }
            )
    return pd.DataFrame(rows)
