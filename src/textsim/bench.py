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

from textsim.deboom.published import PAPER_KAPPA
from textsim.deboom.scoring import METHODS, Method, score_couples
from textsim.vectors.words import WordEmbeddings

__all__ = [
    "BenchResult",
    "TrainBenchResult",
    "reference_scores",
    "run_scoring_benchmark",
    "run_training_benchmark",
    "synthetic_couples",
]


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
    methods = list(METHODS.values())
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


@dataclass(frozen=True)
class TrainBenchResult:
    n_couples: int
    keras_s: float
    numpy_s: float
    max_weight_diff: float

    def report(self) -> str:
        k = self.n_couples / self.keras_s
        n = self.n_couples / self.numpy_s
        return "\n".join(
            [
                f"one epoch of {self.n_couples:,} couples (20 words, 400-d), median loss, "
                "batches of 50 + 50",
                f"Keras (TensorFlow): {self.keras_s:8.2f} s {k:10,.0f} couples/s"
                f"   1.5M-couple epoch: {1.5e6 / k / 60:6.1f} min",
                f"NumPy reference:    {self.numpy_s:8.2f} s {n:10,.0f} couples/s"
                f"   1.5M-couple epoch: {1.5e6 / n / 60:6.1f} min",
                f"speed-up: {k / n:.1f}x   "
                f"(max |weight difference| after the epoch {self.max_weight_diff:.2e})",
            ]
        )


def run_training_benchmark(
    n_couples: int = 20_000, *, dim: int = 400, seed: int = 0
) -> TrainBenchResult:
    """One epoch of median-loss SGD in Keras and in plain NumPy on the same batches."""
    from textsim.deboom.training import TrainConfig, epoch_batches, train_weights
    from textsim.deboom.weighting import median_loss, weight_basis, weights_gradient
    from textsim.vectors.pooling import sort_by_rank

    emb, couples = synthetic_couples(n_couples, dim=dim, seed=seed)
    rank = emb.rank()
    a = sort_by_rank(emb.encode(couples["text1"]), rank)
    b = sort_by_rank(emb.encode(couples["text2"]), rank)
    related = couples["related"].to_numpy()
    table = emb.padded_table()
    config = TrainConfig(loss="median", kappa=PAPER_KAPPA, schedule="fixed", epochs=1)
    t0 = time.perf_counter()
    keras_w = train_weights(
        a, b, related, table, 20, config, seed=seed, deterministic=False
    ).weights
    t1 = time.perf_counter()
    w = np.full(20, config.init)
    batches = epoch_batches(related, config, np.random.default_rng(seed))  # Keras' order
    for idx in batches:
        Sa, Sb = weight_basis(a.take(idx), table, 20), weight_basis(b.take(idx), table, 20)
        _, ga, gb = median_loss(Sa @ w, Sb @ w, related[idx], config.kappa)
        w -= config.lr * (weights_gradient(Sa, Sb, ga, gb) + 2 * config.l2 * w)
    t2 = time.perf_counter()
    return TrainBenchResult(n_couples, t1 - t0, t2 - t1, float(np.max(np.abs(keras_w - w))))


@dataclass(frozen=True)
class GemBenchResult:
    n_sentences: int
    dim: int
    fast_s: float
    reference_s: float
    max_abs_diff: float
    pearson_fast: float | None
    pearson_reference: float | None

    def report(self) -> str:
        fast = self.n_sentences / self.fast_s
        ref = self.n_sentences / self.reference_s
        lines = [
            f"GEM (transductive) on {self.n_sentences:,} sentences, {self.dim}-d vectors",
            f"textsim.gem.GEM (vectorised): {self.fast_s:8.2f} s {fast:10,.0f} sentences/s",
            f"per-word reference:           {self.reference_s:8.2f} s {ref:10,.0f} sentences/s",
            f"speed-up: {fast / ref:.1f}x   max |embedding difference| {self.max_abs_diff:.2e}",
        ]
        if self.pearson_fast is not None and self.pearson_reference is not None:
            lines.append(
                f"STS Pearson x 100: {self.pearson_fast:.3f} (ours) vs "
                f"{self.pearson_reference:.3f} (reference), "
                f"|dr| = {abs(self.pearson_fast - self.pearson_reference) / 100:.2e}"
            )
        return "\n".join(lines)


def run_gem_benchmark(
    sentences1: Sequence[str],
    sentences2: Sequence[str],
    embeddings: WordEmbeddings,
    gold: npt.ArrayLike | None = None,
) -> GemBenchResult:
    """Our GEM and :func:`textsim.gem.gem_reference` on the same sentence pairs, one run."""
    from textsim.distances import paired_similarity
    from textsim.gem.gem import GEM, gem_reference
    from textsim.gem.sts import sts_correlations
    from textsim.text.wikipedia import clean_tokens

    texts = [" ".join(clean_tokens(s)) for s in (*sentences1, *sentences2)]
    batch = embeddings.encode(texts)
    n = len(sentences1)
    t0 = time.perf_counter()
    fast = GEM(embeddings).fit_transform(batch).astype(np.float64)
    t1 = time.perf_counter()
    table = embeddings.vectors.astype(np.float64)
    mats = [table[batch.ids[i, : batch.lengths[i]]].T for i in range(len(batch))]
    ref = gem_reference(mats)
    t2 = time.perf_counter()
    r_fast = r_ref = None
    if gold is not None:
        r_fast = sts_correlations(paired_similarity(fast[:n], fast[n:], "cosine"), gold)["pearson"]
        r_ref = sts_correlations(paired_similarity(ref[:n], ref[n:], "cosine"), gold)["pearson"]
    return GemBenchResult(
        len(texts),
        embeddings.dim,
        t1 - t0,
        t2 - t1,
        float(np.max(np.abs(fast - ref))),
        r_fast,
        r_ref,
    )
