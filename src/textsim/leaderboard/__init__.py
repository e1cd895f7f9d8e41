"""Leaderboards: every method of a run on each benchmark of the papers, the papers' own
and the extra methods of ``methods.extra`` (:mod:`textsim.methods.extra`) alike, each
with its 95% bootstrap interval, and each extra method's paired comparisons with the
best published method and our strongest baseline (:mod:`textsim.leaderboard.deboom`,
:mod:`textsim.leaderboard.sts`, :mod:`textsim.leaderboard.schafer`)."""

from textsim.leaderboard.deboom import deboom_comparisons, deboom_leaderboard, published_best
from textsim.leaderboard.schafer import schafer_leaderboard
from textsim.leaderboard.sts import sts_comparisons, sts_leaderboard

__all__ = [
    "deboom_comparisons",
    "deboom_leaderboard",
    "published_best",
    "schafer_leaderboard",
    "sts_comparisons",
    "sts_leaderboard",
]
