"""What every leaderboard shares: a method's interval from its bootstrap replicates, and
a comparison's outcome in words, both by the verdict rule (:mod:`textsim.verdicts.rule`:
its level, its judgement)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["interval", "outcome"]

#: the verdict rule's outcomes as words of a comparison with a reference
OUTCOMES = {"holds": "beats", "fails": "loses to", "within noise": "ties"}


def interval(replicates: npt.ArrayLike) -> tuple[float, float]:
    """The percentile interval of one method's replicates at the verdicts' level."""
    from textsim.verdicts.rule import LEVEL

    tail = 100 * (1 - LEVEL) / 2
    low, high = np.percentile(np.asarray(replicates, dtype=np.float64), [tail, 100 - tail])
    return float(low), float(high)


def outcome(low: float, high: float, *, lower_is_better: bool) -> str:
    """*beats*, *loses to* or *ties* for the difference ``extra − reference`` whose
    interval is ``[low, high]``."""
    from textsim.verdicts.rule import judge

    return OUTCOMES[str(judge(low, high, lower_is_better=lower_is_better))]
