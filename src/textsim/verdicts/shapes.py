"""Claims about the shape of the learned weights (registry family ``weights``).

The papers read their weight plots (ICDMW Fig. 4, PRL Fig. 3) as shapes: the
magnitudes "steadily decrease" with the words' idf rank (rarest word first), and for
the median loss "the first word is clearly the most important one". Each seed's
weights are one curve, so a shape is judged per seed and the verdict asks every seed:

* **decreasing**: Kendall's tau between the rank and the weight's magnitude, with its
  exact two-sided p-value; *holds* when every seed's tau is below 0 at p < 0.05,
  *fails* when every seed's is above 0 at p < 0.05, *within noise* otherwise;
* **first-largest**: the rank of the largest magnitude; *holds* when it is the first
  word in every seed, *fails* when it is in none, *within noise* otherwise.

The row gives the mean over seeds and their smallest and largest value in place of an
interval (a handful of seeds gives no interval of its own); these rows are not part of
the table's multiplicity adjustment, which is over bootstrap intervals.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from textsim.verdicts.rule import LEVEL, Verdict

__all__ = ["Shape", "judge_shape"]

Shape = str


def judge_shape(
    per_seed: Sequence[npt.ArrayLike], shape: Shape
) -> tuple[Verdict, float, float, float, str]:
    """(verdict, mean, smallest, largest over seeds, what each seed shows) of one
    method's weights (one array per seed, rarest word first)."""
    curves = [np.abs(np.asarray(w, dtype=np.float64)) for w in per_seed]
    if not curves or any(c.size < 2 for c in curves):
        raise ValueError("a weight shape needs at least two weights per seed")
    alpha = 1 - LEVEL
    if shape == "decreasing":
        from scipy.stats import kendalltau

        found = [kendalltau(np.arange(c.size), c) for c in curves]
        values = [float(r.statistic) for r in found]
        pvalues = [float(r.pvalue) for r in found]
        if all(t < 0 and p < alpha for t, p in zip(values, pvalues, strict=True)):
            verdict = Verdict.HOLDS
        elif all(t > 0 and p < alpha for t, p in zip(values, pvalues, strict=True)):
            verdict = Verdict.FAILS
        else:
            verdict = Verdict.NOISE
        said = ", ".join(f"{t:+.2f} (p={p:.1g})" for t, p in zip(values, pvalues, strict=True))
        what = f"Kendall's tau per seed: {said}"
    elif shape == "first-largest":
        values = [float(np.argmax(c)) + 1 for c in curves]
        firsts = sum(v == 1 for v in values)
        verdict = (
            Verdict.HOLDS
            if firsts == len(values)
            else (Verdict.FAILS if firsts == 0 else Verdict.NOISE)
        )
        what = "rank of the largest weight per seed: " + ", ".join(f"{v:.0f}" for v in values)
    else:
        raise ValueError(f"unknown weight shape {shape!r}")
    return verdict, float(np.mean(values)), min(values), max(values), what
