"""The one verdict rule.

A claim compares two measured quantities and says which is better. We compute the
difference ``ours(better) − ours(worse)`` with a 95% paired bootstrap interval
(:mod:`textsim.verdicts.bootstrap`) and judge it:

* **holds** — the interval lies entirely on the side the claim states (below 0 for a
  lower-is-better metric such as split error, above 0 for a higher-is-better one);
* **fails** — the interval lies entirely on the other side;
* **within noise** — the interval contains 0;
* **untestable** — the run cannot measure it (a method, a set or the seeds it needs are
  missing); the table gives the reason.

A claim with several comparisons ("beats every baseline") holds when every comparison
holds, fails when at least one fails, is untestable when one cannot be judged and none
fails, and is within noise otherwise. A comparison that fails because a trained model
is worse counts only if that model demonstrably learned (it beats its untrained
control); otherwise it is untestable (:mod:`textsim.verdicts.table`). One that holds
for a trained model that did not demonstrably learn keeps its verdict (our training
cannot explain a success away) and says so in its reason: the claim holds of the model
as trained, and its untrained form may do as well.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

__all__ = ["LEVEL", "Verdict", "combine", "judge"]

#: the two-sided confidence level of every interval a verdict uses
LEVEL = 0.95


class Verdict(enum.StrEnum):
    HOLDS = "holds"
    FAILS = "fails"
    NOISE = "within noise"
    UNTESTABLE = "untestable"


def judge(low: float, high: float, *, lower_is_better: bool) -> Verdict:
    """The verdict on a difference ``better − worse`` whose interval is ``[low, high]``."""
    if not low <= high:
        raise ValueError(f"an interval needs low <= high, got [{low}, {high}]")
    if low > 0:
        return Verdict.FAILS if lower_is_better else Verdict.HOLDS
    if high < 0:
        return Verdict.HOLDS if lower_is_better else Verdict.FAILS
    return Verdict.NOISE


def combine(verdicts: Iterable[Verdict]) -> Verdict:
    """A claim's verdict from those of its comparisons (see the module text): one
    failure fails it; otherwise one untestable comparison leaves it untestable."""
    found = list(verdicts)
    if Verdict.FAILS in found:
        return Verdict.FAILS
    if not found or Verdict.UNTESTABLE in found:
        return Verdict.UNTESTABLE
    if all(v is Verdict.HOLDS for v in found):
        return Verdict.HOLDS
    return Verdict.NOISE
