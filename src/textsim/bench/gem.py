"""GEM benchmark: the vectorised GEM against its per-word reference, same sentences, one run."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from textsim.vectors.words import WordEmbeddings

__all__ = ["GemBenchResult", "run_gem_benchmark"]


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
    """Our GEM and :func:`textsim.gem.reference.gem_reference` on the same pairs, one run."""
    from textsim.distances import paired_similarity
    from textsim.gem.gem import GEM
    from textsim.gem.reference import gem_reference
    from textsim.gem.sts import sts_correlations
    from textsim.text.cleaning import clean_lines

    texts = [" ".join(t) for t in clean_lines([*sentences1, *sentences2])]
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
