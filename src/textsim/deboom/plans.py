"""Couple plans: which candidate rows make each couple, and the split labels; the
authors' construction (``pairs.construction: authors``), as their code built the
couples (``extract_pairs.py`` and ``make_datasets.py`` of their public repository):
every candidate paragraph gives a related couple; text 1 of every 20th paragraph and
text 2 of every 20th paragraph, offset by 10, go into a pool; each time the pool holds
100 texts it is shuffled 10 times and each shuffle's neighbours become non-related
couples (990 from 100 texts, so each pooled text serves about 20 of them, and the two
texts of a couple come from nearby paragraphs, often of the same article); the splits
are consecutive stretches of the corpus (train first, then test, then validation)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from textsim.deboom.pairs import SPLITS

__all__ = [
    "AUTHORS_POOL",
    "AUTHORS_SHUFFLES",
    "AUTHORS_STRIDE",
    "Construction",
    "CouplePlan",
    "Selection",
    "article_mask",
    "assign_splits",
    "check_proportions",
    "plan_authors",
]

Construction = Literal["paper", "authors"]
#: which candidates a capped couple set is drawn from (:class:`CurationOptions`)
Selection = Literal["spread", "prefix"]

#: the authors' code: a text of every 20th paragraph (text 2 offset by 10) is pooled,
#: a pool of 100 texts is shuffled 10 times into neighbour couples
AUTHORS_STRIDE, AUTHORS_POOL, AUTHORS_SHUFFLES = 20, 100, 10


def check_proportions(proportions: Mapping[str, float]) -> None:
    if set(proportions) != set(SPLITS):
        raise ValueError(f"proportions must name exactly {SPLITS}, got {sorted(proportions)}")


def assign_splits(n: int, proportions: Mapping[str, float]) -> npt.NDArray[np.object_]:
    """Split labels for ``n`` items in order, in the given proportions of SPLITS."""
    check_proportions(proportions)
    total = sum(proportions[s] for s in SPLITS)
    bounds = np.floor(np.cumsum([proportions[s] / total for s in SPLITS]) * n).astype(int)
    bounds[-1] = n
    split = np.empty(n, dtype=object)
    start = 0
    for name, stop in zip(SPLITS, bounds, strict=True):
        split[start:stop] = name
        start = stop
    return split


@dataclass(frozen=True)
class CouplePlan:
    """Which candidate rows make each couple, in the couples' final order.

    ``rows1[i]`` gives couple ``i`` its text 1 (and article1, paragraph1),
    ``rows2[i]`` its text 2; both index the candidates in the order they were
    given. ``side1[i]`` / ``side2[i]`` say which of that candidate's texts it is
    (0: its text 1, 1: its text 2; the paper's construction always takes 0 / 1).
    Only ids go into a plan, so it is made without the texts.
    """

    rows1: npt.NDArray[np.int64]
    rows2: npt.NDArray[np.int64]
    related: npt.NDArray[np.bool_]
    split: npt.NDArray[np.object_]
    side1: npt.NDArray[np.int8]
    side2: npt.NDArray[np.int8]

    def texts(
        self, text1: npt.NDArray[np.object_], text2: npt.NDArray[np.object_], which: int
    ) -> npt.NDArray[np.object_]:
        """Text ``which`` (1 or 2) of every couple, from the candidates' text columns."""
        rows, side = (self.rows1, self.side1) if which == 1 else (self.rows2, self.side2)
        return np.where(side == 0, text1[rows], text2[rows])


def article_mask(
    article_tokens: npt.ArrayLike | None, article_range: Sequence[int | None] | None, n: int
) -> npt.NDArray[np.bool_]:
    if article_range is None or list(article_range) == [None, None]:
        return np.ones(n, dtype=bool)
    if article_tokens is None:
        raise ValueError("article_range needs the candidates' article_tokens")
    lo, hi = article_range
    tokens = np.asarray(article_tokens, dtype=np.int64)
    mask = np.ones(n, dtype=bool)
    if lo is not None:
        mask &= tokens >= lo
    if hi is not None:
        mask &= tokens < hi
    return mask


def plan_authors(
    paragraphs: npt.NDArray[np.int64],
    rng: np.random.Generator,
    proportions: Mapping[str, float],
    max_couples: int | None,
    length: str,
) -> CouplePlan:
    """The authors' construction (module docstring) over candidates in corpus order."""
    order = np.argsort(paragraphs, kind="stable")  # corpus order: article id, paragraph
    n = order.size
    # pool entries in the order the code adds them: text 1 of candidate 0, text 2 of
    # candidate 10, text 1 of candidate 20, ...; a pool is processed when it holds 100
    entry = np.arange(0, n, AUTHORS_STRIDE // 2)
    entry_side = (np.arange(entry.size) % 2).astype(np.int8)
    n_pools = entry.size // AUTHORS_POOL
    src, dst, s1, s2 = [], [], [], []
    for p in range(n_pools):
        items = np.arange(p * AUTHORS_POOL, (p + 1) * AUTHORS_POOL)
        for _ in range(AUTHORS_SHUFFLES):
            items = rng.permutation(items)
            src.append(entry[items[:-1]])
            dst.append(entry[items[1:]])
            s1.append(entry_side[items[:-1]])
            s2.append(entry_side[items[1:]])
    non1 = order[np.concatenate(src)] if src else np.empty(0, np.int64)
    non2 = order[np.concatenate(dst)] if dst else np.empty(0, np.int64)
    side_a = np.concatenate(s1) if s1 else np.empty(0, np.int8)
    side_b = np.concatenate(s2) if s2 else np.empty(0, np.int8)
    n_each = min(n, non1.size)
    if max_couples is not None:
        n_each = min(n_each, max_couples // 2)
    if n_each == 0:
        raise ValueError(
            f"no couples of length {length}: the authors' construction needs at least "
            f"{AUTHORS_POOL * AUTHORS_STRIDE // 2} candidates for one pool, got {n}"
        )
    split = assign_splits(n_each, proportions)  # consecutive stretches, train first
    rows1 = np.concatenate([order[:n_each], non1[:n_each]])
    rows2 = np.concatenate([order[:n_each], non2[:n_each]])
    side1 = np.concatenate([np.zeros(n_each, np.int8), side_a[:n_each]])
    side2 = np.concatenate([np.ones(n_each, np.int8), side_b[:n_each]])
    related = np.repeat([True, False], n_each)
    splits = np.concatenate([split, split])
    final = rng.permutation(2 * n_each)
    return CouplePlan(
        rows1[final], rows2[final], related[final], splits[final], side1[final], side2[final]
    )
