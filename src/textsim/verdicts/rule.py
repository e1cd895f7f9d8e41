"""The one verdict rule.

A claim compares two measured quantities and says which is better. We compute the
difference ``ours(better) − ours(worse)`` with a 95% paired bootstrap interval
(:mod:`textsim.verdicts.bootstrap`) and judge it:

* **holds** — the interval lies entirely on the side the claim states (below 0 for a
  lower-is-better metric such as split error, above 0 for a higher-is-better one);
* **fails** — the interval lies entirely on the other side;
* **within noise** — the interval contains 0;
* **untestable** — the run cannot measure it (a method, a set or the seeds it needs are
  missing, or a trained method has no untrained control); the table gives the reason;
* **not learned** — a trained method on either side of the comparison did not
  demonstrably learn: it does not beat its untrained control (the same model as its
  seed initialised it, measured in the same run; :mod:`textsim.verdicts.table`). Its
  difference is shown, but says nothing about the method as the paper trained it, in
  either direction. A comparison of a method with its own untrained form is that test
  itself, and is judged as it is.

A claim about *how far* one method is from another ("barely above the random
baseline") states the range of the difference the paper's words allow (``within``,
with its reason in the registry): it **holds** when the interval lies inside that
range, **fails** when it lies entirely outside, and is within noise otherwise
(:func:`judge_within`). Such a claim is about what a model learned, so the learning
gate below does not apply to it.

A claim with several comparisons ("beats every baseline") holds when every comparison
holds, fails when at least one fails; otherwise it is *not learned* when one
comparison is, untestable when one cannot be judged, and within noise otherwise.

A claim is judged as its source made it: its comparison set, its distances and its
vector form (the registry's ``vectors``: De Boom compared unit-normalised word
vectors). Other forms the run scores are *robustness* readings, judged by the same
rule and shown beside the verdict, which they cannot change. A stronger statement of
our own (every baseline we score, not only the paper's table) is its own claim,
marked *ours*. A claim that states a size ("approx 2.0% in error rate") is also judged
as a *magnitude*: the published difference *matches* when it lies in our interval of
the same difference, else ours is *smaller* or *larger*.

One run's table judges many comparisons at once, so a few would hold or fail by chance
alone at 95% each. The verdict is judged on the **Bonferroni-adjusted** interval: with
``m`` comparisons judged in the table, each at level ``1 − 0.05 / m``
(:func:`textsim.verdicts.table.adjust`); the unadjusted interval and verdict are shown
beside it.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable

__all__ = ["LEVEL", "Verdict", "combine", "judge", "judge_within"]

#: the two-sided confidence level of every interval a verdict uses
LEVEL = 0.95


class Verdict(enum.StrEnum):
    HOLDS = "holds"
    FAILS = "fails"
    NOISE = "within noise"
    UNTESTABLE = "untestable"
    NOT_LEARNED = "not learned"


def judge(low: float, high: float, *, lower_is_better: bool) -> Verdict:
    """The verdict on a difference ``better − worse`` whose interval is ``[low, high]``."""
    if not low <= high:
        raise ValueError(f"an interval needs low <= high, got [{low}, {high}]")
    if low > 0:
        return Verdict.FAILS if lower_is_better else Verdict.HOLDS
    if high < 0:
        return Verdict.HOLDS if lower_is_better else Verdict.FAILS
    return Verdict.NOISE


def judge_within(low: float, high: float, bounds: tuple[float | None, float | None]) -> Verdict:
    """The verdict on a claimed range ``bounds`` of a difference whose interval is
    ``[low, high]``: holds inside, fails entirely outside, within noise across an edge."""
    if not low <= high:
        raise ValueError(f"an interval needs low <= high, got [{low}, {high}]")
    lo = -math.inf if bounds[0] is None else bounds[0]
    hi = math.inf if bounds[1] is None else bounds[1]
    if lo <= low and high <= hi:
        return Verdict.HOLDS
    if high < lo or low > hi:
        return Verdict.FAILS
    return Verdict.NOISE


def combine(verdicts: Iterable[Verdict]) -> Verdict:
    """A claim's verdict from those of its comparisons (see the module text): one
    failure fails it; otherwise one comparison whose trained method did not learn makes
    it *not learned*, and one untestable comparison leaves it untestable."""
    found = list(verdicts)
    if Verdict.FAILS in found:
        return Verdict.FAILS
    if Verdict.NOT_LEARNED in found:
        return Verdict.NOT_LEARNED
    if not found or Verdict.UNTESTABLE in found:
        return Verdict.UNTESTABLE
    if all(v is Verdict.HOLDS for v in found):
        return Verdict.HOLDS
    return Verdict.NOISE
