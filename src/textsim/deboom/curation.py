"""Balanced related / non-related couples from pair candidates, with splits (De Boom
et al. 2015, 2016; step 2 of :mod:`textsim.deboom.pairs`).

Half of the candidate paragraphs give related couples (their own two texts), half
non-related couples (text 1 of one paragraph with text 2 of a paragraph from a
**different article**; the code's variant only asks for a different paragraph); the
classes are balanced and split train / test / validation in the paper's proportions
1.5 / 1.5 / 1.9. The couples are planned from the candidates' ids only, so the stage
streams candidate files (:func:`curate_couple_files`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NotRequired, TypedDict, Unpack

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.deboom.pairs import SPLITS, CouplesFormatError, NonPairSource, _seed_for

__all__ = [
    "COUPLE_COLUMNS",
    "CouplePlan",
    "CurationOptions",
    "assign_splits",
    "couples_frame",
    "curate_couple_files",
    "curate_couples",
    "plan_couples",
    "write_couples",
]

log = logging.getLogger(__name__)


class CurationOptions(TypedDict):
    """How couples are chosen: the keywords of :func:`plan_couples`, which
    :func:`curate_couples` and :func:`curate_couple_files` pass on to it.

    ``seed`` and ``length`` (the candidates' set, e.g. ``"20"``) seed the choice;
    ``proportions`` weigh the splits (keys: SPLITS); ``nonpair_source``
    (``different-articles``, the default, or ``different-paragraphs``) is where a
    non-related couple's text 2 may come from; ``max_couples`` (default: no cap)
    caps the couples, half of each class.
    """

    seed: int
    length: str
    proportions: Mapping[str, float]
    nonpair_source: NotRequired[NonPairSource]
    max_couples: NotRequired[int | None]


def _check_proportions(proportions: Mapping[str, float]) -> None:
    if set(proportions) != set(SPLITS):
        raise ValueError(f"proportions must name exactly {SPLITS}, got {sorted(proportions)}")


def assign_splits(n: int, proportions: Mapping[str, float]) -> npt.NDArray[np.object_]:
    """Split labels for ``n`` items in order, in the given proportions of SPLITS."""
    _check_proportions(proportions)
    total = sum(proportions[s] for s in SPLITS)
    bounds = np.floor(np.cumsum([proportions[s] / total for s in SPLITS]) * n).astype(int)
    bounds[-1] = n
    split = np.empty(n, dtype=object)
    start = 0
    for name, stop in zip(SPLITS, bounds, strict=True):
        split[start:stop] = name
        start = stop
    return split


def write_couples(
    couples: pd.DataFrame, output: str | os.PathLike[str], summary: str | os.PathLike[str]
) -> None:
    """Write a couples table (Parquet) and its counts per split and class (CSV), atomically."""
    from textsim.io import atomic_path

    with atomic_path(output) as tmp:
        couples.to_parquet(tmp, index=False)
    counts = (
        couples.groupby(["split", "related"], observed=True).size().rename("couples").reset_index()
    )
    with atomic_path(summary) as tmp:
        counts.to_csv(tmp, index=False)


def _derange(
    groups: npt.NDArray[np.int64], rng: np.random.Generator, max_rounds: int = 200
) -> npt.NDArray[np.int64]:
    """A permutation π with ``groups[π[i]] != groups[i]`` wherever possible.

    Start from a shift by one over the (already shuffled) items, then
    repeatedly reshuffle the targets of conflicting items together with as
    many random others. Items still in conflict at the end get -1.
    """
    m = groups.size
    target = np.roll(np.arange(m), -1)
    for _ in range(max_rounds):
        bad = np.flatnonzero(groups[target] == groups)
        if bad.size == 0:
            return target
        others = rng.choice(m, size=min(m, bad.size), replace=False)
        idx = np.unique(np.concatenate([bad, others]))
        target[idx] = target[rng.permutation(idx)]
    bad = groups[target] == groups
    target[bad] = -1
    return target


@dataclass(frozen=True)
class CouplePlan:
    """Which candidate rows make each couple, in the couples' final order.

    ``rows1[i]`` gives couple ``i`` its text 1 (and article1, paragraph1),
    ``rows2[i]`` its text 2; both index the candidates in the order they were
    given. Only ids go into a plan, so it is made without the texts.
    """

    rows1: npt.NDArray[np.int64]
    rows2: npt.NDArray[np.int64]
    related: npt.NDArray[np.bool_]
    split: npt.NDArray[np.object_]


def plan_couples(
    article: npt.ArrayLike,
    paragraph: npt.ArrayLike,
    **options: Unpack[CurationOptions],
) -> CouplePlan:
    """Balanced related / non-related couples with train / test / validation splits,
    chosen from the candidates' article and global paragraph ids only.

    The candidates are taken in paragraph order (whatever order they come in),
    a seeded permutation gives half of them to related couples (their own two
    texts) and half to the non-related pool, whose texts 2 are deranged so that
    no couple keeps its own article (``different-articles``) or paragraph.
    Keywords: :class:`CurationOptions`.
    """
    known = CurationOptions.__required_keys__ | CurationOptions.__optional_keys__
    unknown = sorted(set(options) - known)
    missing = sorted({"seed", "length", "proportions"} - set(options))
    if unknown or missing:
        raise TypeError(f"couple curation: unknown keywords {unknown}, missing {missing}")
    seed, length, proportions = options["seed"], options["length"], options["proportions"]
    nonpair_source = options.get("nonpair_source", "different-articles")
    max_couples = options.get("max_couples")
    _check_proportions(proportions)
    rng = np.random.default_rng(_seed_for(seed, "curate", length))
    paragraphs = np.asarray(paragraph, dtype=np.int64)
    by_paragraph = np.argsort(paragraphs, kind="stable")
    order = by_paragraph[rng.permutation(paragraphs.size)]
    half = paragraphs.size // 2
    rel_rows = order[:half]
    pool_rows = order[half : 2 * half]

    key = pd.Series(article).to_numpy() if nonpair_source == "different-articles" else paragraphs
    groups = pd.factorize(key[pool_rows])[0].astype(np.int64)
    target = _derange(groups, rng)
    ok = target >= 0
    if not ok.all():
        log.warning(
            "dropped %d non-related couples that could not avoid their own %s",
            int((~ok).sum()),
            "article" if nonpair_source == "different-articles" else "paragraph",
        )
    non_src = pool_rows[ok]
    non_dst = pool_rows[target[ok]]

    n_each = min(rel_rows.size, non_src.size)
    if max_couples is not None:
        n_each = min(n_each, max_couples // 2)
    if n_each == 0:
        raise ValueError(
            f"no couples of length {length}: corpus too small or vocabulary too narrow"
        )
    split = assign_splits(n_each, proportions)  # both classes are in random order already
    rows1 = np.concatenate([rel_rows[:n_each], non_src[:n_each]])
    rows2 = np.concatenate([rel_rows[:n_each], non_dst[:n_each]])
    related = np.repeat([True, False], n_each)
    splits = np.concatenate([split, split])
    final = rng.permutation(2 * n_each)
    return CouplePlan(rows1[final], rows2[final], related[final], splits[final])


COUPLE_COLUMNS = (
    "split",
    "related",
    "text1",
    "text2",
    "article1",
    "article2",
    "paragraph1",
    "paragraph2",
    "n1",
    "n2",
)


def couples_frame(
    plan: CouplePlan,
    text1: npt.ArrayLike,
    text2: npt.ArrayLike,
    article1: npt.ArrayLike,
    article2: npt.ArrayLike,
    paragraph1: npt.ArrayLike,
    paragraph2: npt.ArrayLike,
) -> pd.DataFrame:
    """The couples table of a plan, given each couple's texts and ids (in plan order)."""
    couples = pd.DataFrame(
        {
            "split": pd.Categorical(plan.split, categories=list(SPLITS)),
            "related": plan.related,
            "text1": np.asarray(text1, dtype=object),
            "text2": np.asarray(text2, dtype=object),
            "article1": np.asarray(article1, dtype=object),
            "article2": np.asarray(article2, dtype=object),
            "paragraph1": np.asarray(paragraph1, dtype=np.int64),
            "paragraph2": np.asarray(paragraph2, dtype=np.int64),
        }
    )
    couples["n1"] = couples["text1"].str.count(" ").astype(np.int32) + 1
    couples["n2"] = couples["text2"].str.count(" ").astype(np.int32) + 1
    log.info(
        "%s",
        couples.groupby(["split", "related"], observed=True).size().to_dict(),
    )
    return couples[list(COUPLE_COLUMNS)]


def curate_couples(
    candidates: pd.DataFrame,
    **options: Unpack[CurationOptions],
) -> pd.DataFrame:
    """Balanced related / non-related couples of in-memory candidates (see
    :func:`plan_couples`; :func:`curate_couple_files` streams candidate files).

    Returns columns ``split``, ``related``, ``text1``, ``text2``, ``article1``,
    ``article2``, ``paragraph1``, ``paragraph2``, ``n1``, ``n2``.
    """
    plan = plan_couples(
        candidates["article"],
        candidates["paragraph"],
        **options,
    )
    cols = {c: candidates[c].to_numpy() for c in ("text1", "text2", "article", "paragraph")}
    return couples_frame(
        plan,
        cols["text1"][plan.rows1],
        cols["text2"][plan.rows2],
        cols["article"][plan.rows1],
        cols["article"][plan.rows2],
        cols["paragraph"][plan.rows1],
        cols["paragraph"][plan.rows2],
    )


def _read_candidates(
    path: str | os.PathLike[str], length: str, columns: Sequence[str]
) -> pd.DataFrame:
    import pyarrow as pa

    try:
        return pd.read_parquet(path, columns=list(columns), filters=[("length", "==", length)])
    except (OSError, ValueError, KeyError, pa.ArrowException) as err:
        raise CouplesFormatError(
            f"{path}: not a readable candidates file (truncated or corrupt?): {err}"
        ) from None


def curate_couple_files(
    candidates: Sequence[str | os.PathLike[str]],
    **options: Unpack[CurationOptions],
) -> pd.DataFrame:
    """:func:`curate_couples` of the candidates of several files (one per shard), equal
    to it on their concatenation, without holding every candidate's texts: the plan is
    made from the ids, then the chosen texts are taken one file at a time. Memory:
    the ids of every candidate (about 20 bytes each) and the couples' texts."""
    if not candidates:
        raise ValueError("no candidate files to curate couples from")
    length = options["length"]
    ids = [_read_candidates(p, length, ("article", "paragraph")) for p in candidates]
    sizes = np.array([len(f) for f in ids], dtype=np.int64)
    article = pd.api.types.union_categoricals([f["article"].astype("category") for f in ids])
    paragraph = np.concatenate([f["paragraph"].to_numpy(np.int64) for f in ids])
    del ids
    plan = plan_couples(
        np.asarray(article.codes),
        paragraph,
        **options,
    )
    n = plan.rows1.size
    text1 = np.empty(n, dtype=object)
    text2 = np.empty(n, dtype=object)
    starts = np.concatenate([[0], np.cumsum(sizes)])
    for path, lo, hi in zip(candidates, starts[:-1], starts[1:], strict=True):
        in1 = np.flatnonzero((plan.rows1 >= lo) & (plan.rows1 < hi))
        in2 = np.flatnonzero((plan.rows2 >= lo) & (plan.rows2 < hi))
        if in1.size == 0 and in2.size == 0:
            continue
        texts = _read_candidates(path, length, ("text1", "text2"))
        if len(texts) != hi - lo:
            raise CouplesFormatError(f"{path}: changed while it was read")
        text1[in1] = texts["text1"].to_numpy()[plan.rows1[in1] - lo]
        text2[in2] = texts["text2"].to_numpy()[plan.rows2[in2] - lo]
        del texts
    names = np.asarray(article.categories, dtype=object)
    codes = np.asarray(article.codes)
    return couples_frame(
        plan,
        text1,
        text2,
        names[codes[plan.rows1]],
        names[codes[plan.rows2]],
        paragraph[plan.rows1],
        paragraph[plan.rows2],
    )
