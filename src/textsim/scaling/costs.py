"""The cost curve: time and peak memory of every stage of the scaling study at every
corpus size (Snakemake's ``benchmark:`` files), a power law fitted per stage, and its
extrapolation to a larger corpus (the paper's)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.core.io import PathLike
from textsim.project.benchmarks import read_benchmark

#: what the extrapolation's suggested cluster request adds on top of the prediction
RUNTIME_MARGIN = 2.0
MEMORY_MARGIN = 1.5

#: Bytes of cleaned corpus per token: the full offline corpus, 66,646,346 tokens in
#: 399,882,300 bytes.
CLEAN_BYTES_PER_TOKEN = 6.0

#: word2vec with the paper's settings (``PAPER_WORD2VEC``: 400-d skip-gram, 5 epochs)
#: on 2 threads of the development machine: seconds = a · tokens^b, fitted on the
#: corpus-size study's clean run (1M, 3M, 10M tokens: 29, 98, 385 s) and the full
#: offline run (66.6M tokens: 2,797 s), on a 2-core machine without AVX-512; CHANGELOG.md,
#: "Earlier cost measurements (moved from docs/scales.md)".
WORD2VEC_TIME_LAW = (8.686e-06, 1.089)
WORD2VEC_LAW_THREADS = 2


def word2vec_runtime_minutes(corpus_mb: float, threads: int, attempt: int = 1) -> int:
    """The runtime (minutes) to ask for word2vec with the paper's settings on a cleaned
    corpus of ``corpus_mb`` MiB: the measured time law at its 2 threads, divided by
    ``threads / 2`` (linear thread scaling: assumed, not measured on 2 cores), times
    ``RUNTIME_MARGIN`` and the attempt number (a retry after a timeout asks for more);
    at least 10 minutes."""
    a, b = WORD2VEC_TIME_LAW
    tokens = corpus_mb * 2**20 / CLEAN_BYTES_PER_TOKEN  # Snakemake's size_mb is MiB
    seconds = float(a * tokens**b * WORD2VEC_LAW_THREADS / max(threads, 1))
    return max(10, math.ceil(RUNTIME_MARGIN * attempt * seconds / 60))


def stage_costs(records: Iterable[tuple[str, int, str, PathLike]]) -> pd.DataFrame:
    """One row per (size, stage) from ``(size, tokens, stage, benchmark file)`` records:
    seconds summed over the stage's jobs at that size, peak memory their largest."""
    rows = []
    for size, tokens, stage, path in records:
        seconds, rss = read_benchmark(path)
        rows.append({"size": size, "tokens": tokens, "stage": stage, "s": seconds, "rss": rss})
    frame = pd.DataFrame(rows)
    grouped = frame.groupby(["stage", "size", "tokens"], sort=False)
    return grouped.agg(seconds=("s", "sum"), max_rss_mb=("rss", "max"))


def fit_power_law(
    x: Sequence[float] | npt.ArrayLike, y: Sequence[float] | npt.ArrayLike
) -> tuple[float, float]:
    """``y = a · x^b`` by least squares on logarithms: (a, b). Needs two points > 0."""
    xs, ys = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    ok = (xs > 0) & (ys > 0) & np.isfinite(ys)
    if ok.sum() < 2 or len(set(xs[ok])) < 2:
        return math.nan, math.nan
    b, log_a = np.polyfit(np.log(xs[ok]), np.log(ys[ok]), 1)
    return float(math.exp(log_a)), float(b)


def _predict(a: float, b: float, x: npt.ArrayLike, y: npt.ArrayLike, target: float) -> float:
    if math.isnan(b):
        return math.nan
    if b <= 0:
        return float(np.asarray(y, dtype=float)[np.argmax(np.asarray(x, dtype=float))])
    return float(a * target**b)


def growth_table(costs: pd.DataFrame, target_tokens: float) -> pd.DataFrame:
    """Per stage: the fitted exponent of time and of memory in the corpus size, the time
    and memory measured at each size, and both extrapolated to ``target_tokens`` with
    the cluster request that covers them (runtime × 2, memory × 1.5)."""
    costs = costs.reset_index()
    sizes = list(dict.fromkeys(costs["size"]))
    rows = []
    for stage, g in costs.groupby("stage", sort=False):
        tokens, secs, rss = (g[c].to_numpy(float) for c in ("tokens", "seconds", "max_rss_mb"))
        a_t, b_t = fit_power_law(tokens, secs)
        a_m, b_m = fit_power_law(tokens, rss)
        # a stage that did not grow over the measured sizes is predicted to stay as it
        # was at the largest one (a fitted negative exponent is noise, not a saving)
        seconds = _predict(a_t, b_t, tokens, secs, target_tokens)
        mem = _predict(a_m, b_m, tokens, rss, target_tokens)
        row: dict[str, object] = {"stage": stage, "time exponent": b_t}
        by = g.set_index("size")
        for size in sizes:
            row[f"s @ {size}"] = by["seconds"].get(size, math.nan)
        row["memory exponent"] = b_m
        row[f"MB @ {sizes[-1]}"] = by["max_rss_mb"].get(sizes[-1], math.nan)
        row["predicted h"] = seconds / 3600
        row["predicted GB"] = mem / 1024
        known = not (math.isnan(seconds) or math.isnan(mem))
        row["runtime (min)"] = math.ceil(RUNTIME_MARGIN * seconds / 60) if known else None
        row["mem_mb"] = math.ceil(MEMORY_MARGIN * mem) if known else None
        rows.append(row)
    return pd.DataFrame(rows)
