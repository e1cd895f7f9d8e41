"""Scoring benchmark: vectorised baselines vs a straightforward per-couple loop.

Both implementations compute the same formulas on the same couples in the same
process; the result is a throughput ratio, not an absolute time, so it is
comparable across machines.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.deboom.baselines import BASELINES, Method
from textsim.deboom.scoring import score_couples
from textsim.vectors.words import WordEmbeddings

__all__ = ["BenchResult", "reference_scores", "run_scoring_benchmark", "synthetic_couples"]


def synthetic_couples(
    n_couples: int, length: int = 20, vocab_size: int = 50_000, dim: int = 400, seed: int = 0
) -> tuple[WordEmbeddings, pd.DataFrame]:
    """Random word vectors and couples with a Zipfian word distribution."""
    rng = np.random.default_rng(seed)
    words = [f"w{i}" for i in range(vocab_size)]
    vectors = rng.normal(size=(vocab_size, dim)).astype(np.float32)
    ranks = np.arange(1, vocab_size + 1)
    p = 1 / ranks
    p /= p.sum()
    df = np.maximum(1, (p * 1e7).astype(np.int64))
    emb = WordEmbeddings.from_arrays(words, vectors, df, n_documents=10_000_000)
    ids = rng.choice(vocab_size, size=(n_couples, 2, length), p=p)
    w = np.asarray(words, dtype=object)
    text1 = [" ".join(row) for row in w[ids[:, 0]]]
    text2 = [" ".join(row) for row in w[ids[:, 1]]]
    couples = pd.DataFrame(
        {"split": "test", "related": rng.random(n_couples) < 0.5, "text1": text1, "text2": text2}
    )
    return emb, couples


def _ref_vector(
    m: Method,
    idx: list[int],
    emb: WordEmbeddings,
    idf: npt.NDArray[np.float64],
    top_fraction: float,
) -> npt.NDArray[np.float64]:
    if m.top:
        idx = sorted(idx, key=lambda i: (emb.df[i], emb.words[i]))
        keep = max(1, math.floor(top_fraction * len(idx) + 0.5)) if idx else 0
        idx = idx[:keep]
    if not idx:
        return np.zeros(emb.dim * (2 if m.pooling == "minmax" else 1))
    vecs = emb.vectors[idx].astype(np.float64)
    if m.weighting == "idf":
        vecs = vecs * idf[idx][:, None]
    if m.pooling == "mean":
        return np.asarray(vecs.sum(axis=0) / len(idx))
    if m.pooling == "max":
        return np.asarray(vecs.max(axis=0))
    if m.pooling == "min":
        return np.asarray(vecs.min(axis=0))
    return np.concatenate([vecs.min(axis=0), vecs.max(axis=0)])


def _ref_similarity(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64], metric: str) -> float:
    if metric == "cosine":
        den = float(np.linalg.norm(a) * np.linalg.norm(b))
        return float(a @ b / den) if den > 0 else 0.0
    d = np.abs(a - b)
    if metric == "euclidean":
        return 1 - float(np.sqrt((d**2).sum()))
    if metric == "l3":
        return 1 - float(((d**3).sum()) ** (1 / 3))
    if metric == "l4":
        return 1 - float(((d**4).sum()) ** 0.25)
    den = float(np.abs(a + b).sum())
    return 1 - (float(d.sum()) / den if den > 0 else 0.0)


def reference_scores(
    couples: pd.DataFrame,
    emb: WordEmbeddings,
    methods: Sequence[Method],
    *,
    top_fraction: float = 0.3,
) -> pd.DataFrame:
    """The same similarities, computed couple by couple with plain Python + NumPy."""
    idf = emb.idf("paper")
    out: dict[str, list[float]] = {m.name: [] for m in methods}
    for t1, t2 in zip(couples["text1"], couples["text2"], strict=True):
        i1 = [emb.index[t] for t in t1.split() if t in emb.index]
        i2 = [emb.index[t] for t in t2.split() if t in emb.index]
        for m in methods:
            if m.representation == "tfidf":
                c1: dict[int, float] = {}
                c2: dict[int, float] = {}
                for i in i1:
                    c1[i] = c1.get(i, 0.0) + idf[i]
                for i in i2:
                    c2[i] = c2.get(i, 0.0) + idf[i]
                num = sum(v * c2.get(k, 0.0) for k, v in c1.items())
                den = math.sqrt(sum(v * v for v in c1.values())) * math.sqrt(
                    sum(v * v for v in c2.values())
                )
                out[m.name].append(num / den if den > 0 else 0.0)
            else:
                a = _ref_vector(m, i1, emb, idf, top_fraction)
                b = _ref_vector(m, i2, emb, idf, top_fraction)
                out[m.name].append(_ref_similarity(a, b, m.metric))
    return pd.DataFrame(out)


@dataclass(frozen=True)
class BenchResult:
    n_couples: int
    n_methods: int
    vectorised_s: dict[int, float]  # threads -> median seconds
    reference_s: float
    reference_couples: int
    max_abs_diff: float

    def rate(self, threads: int) -> float:
        return self.n_couples / self.vectorised_s[threads]

    @property
    def reference_rate(self) -> float:
        return self.reference_couples / self.reference_s

    def speedup(self, threads: int) -> float:
        return self.rate(threads) / self.reference_rate

    def report(self) -> str:
        lines = [f"couples: {self.n_couples:,} (20 words each), methods: {self.n_methods}"]
        lines.append(
            f"per-couple loop (1 thread): {self.reference_s:8.2f} s "
            f"{self.reference_rate:12,.0f} couples/s  ({self.reference_couples:,} couples)"
        )
        for threads, secs in sorted(self.vectorised_s.items()):
            lines.append(
                f"vectorised ({threads} thread{'s' if threads > 1 else ''}):  {secs:8.2f} s "
                f"{self.rate(threads):12,.0f} couples/s   speed-up {self.speedup(threads):5.1f}x"
            )
        lines.append(f"max |difference| of similarities: {self.max_abs_diff:.2e}")
        return "\n".join(lines)


def run_scoring_benchmark(
    n_couples: int = 200_000,
    *,
    reference_couples: int | None = None,
    threads: Sequence[int] = (1, 2),
    repeats: int = 3,
    dim: int = 400,
    seed: int = 0,
) -> BenchResult:
    """Time :func:`score_couples` and :func:`reference_scores` on the same synthetic couples.

    The vectorised scorer runs ``repeats`` times per thread count (median
    reported); ``reference_couples`` limits the per-couple loop to the first N
    couples (None = all), its rate then measured on those.
    """
    emb, couples = synthetic_couples(n_couples, dim=dim, seed=seed)
    methods = list(BASELINES.values())
    times: dict[int, float] = {}
    fast = None
    for n_jobs in threads:
        runs = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            fast = score_couples(couples, emb, methods, splits=("test",), n_jobs=n_jobs)
            runs.append(time.perf_counter() - t0)
        times[n_jobs] = float(np.median(runs))
    assert fast is not None
    n_ref = n_couples if reference_couples is None else min(reference_couples, n_couples)
    t1 = time.perf_counter()
    ref = reference_scores(couples.iloc[:n_ref], emb, methods)
    t2 = time.perf_counter()
    diff = max(
        float(np.max(np.abs(fast[m.name].to_numpy()[:n_ref] - ref[m.name].to_numpy())))
        for m in methods
    )
    return BenchResult(n_couples, len(methods), times, t2 - t1, n_ref, diff)
