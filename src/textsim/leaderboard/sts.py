"""The STS benchmark as a leaderboard: every method's Pearson r × 100 on each evaluated
split with a 95% bootstrap interval over the sentence pairs, from the item-level files
(the STS table's ``pairs.parquet`` and each extra method's), ranked per split."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from textsim.io import PathLike

__all__ = ["sts_leaderboard"]


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
            low, high = np.percentile(r[0], [2.5, 97.5])
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
