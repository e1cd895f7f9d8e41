"""Balanced related / non-related couples from pair candidates, with splits (De Boom
et al. 2015, 2016; step 2 of :mod:`textsim.deboom.pairs`).

Half of the candidate paragraphs give related couples (their own two texts), half
non-related couples (text 1 of one paragraph with text 2 of a paragraph from a
**different article**; the code's variant only asks for a different paragraph); the
classes are balanced and split train / test / validation in the paper's proportions
1.5 / 1.5 / 1.9. The couples are planned from the candidates' ids only, so the stage
streams candidate files (:func:`curate_couple_files`).

``construction="authors"`` builds the couples as the authors' code did instead
(:mod:`textsim.deboom.plans`). ``article_range`` keeps only candidates whose article has that many
raw tokens (the article-length strata).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.core.options import settings_of
from textsim.deboom.pairs import SPLITS, CouplesFormatError, NonPairSource, _seed_for
from textsim.deboom.plans import (
    Construction,
    CouplePlan,
    Selection,
    article_mask,
    assign_splits,
    check_proportions,
    plan_authors,
)

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


@dataclass(frozen=True)
class CurationOptions:
    """How couples are chosen: the keywords of :func:`plan_couples`, which
    :func:`curate_couples` and :func:`curate_couple_files` pass on to it (the rule
    curate_pairs passes them as one mapping; :meth:`of` names unknown and missing keys).

    ``seed`` and ``length`` (the candidates' set, e.g. ``"20"``) seed the choice;
    ``proportions`` weigh the splits (keys: SPLITS); ``nonpair_source``
    (``different-articles``, the default, or ``different-paragraphs``) is where a
    non-related couple's text 2 may come from; ``max_couples`` (default: no cap)
    caps the couples, half of each class; ``construction`` is ``paper`` (default) or
    ``authors`` (the authors' code: pooled texts, positional splits; see the module);
    ``article_range`` (``[min, max]``, either null) keeps the candidates whose article
    has min <= tokens < max (needs the candidates' ``article_tokens``);
    ``selection`` is ``spread`` (default: with ``max_couples``, couples drawn from all
    candidates) or ``prefix`` (from the first ``max_couples`` candidates in corpus
    order, as the authors' extraction stopped after its first 5M; the authors'
    construction takes a prefix either way).
    """

    seed: int
    length: str
    proportions: Mapping[str, float]
    nonpair_source: NonPairSource = "different-articles"
    max_couples: int | None = None
    construction: Construction = "paper"
    article_range: Sequence[int | None] | None = None
    selection: Selection = "spread"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> CurationOptions:
        return settings_of(cls, options, "couple curation")


def write_couples(
    couples: pd.DataFrame, output: str | os.PathLike[str], summary: str | os.PathLike[str]
) -> None:
    """Write a couples table (Parquet) and its counts per split and class (CSV), atomically."""
    from textsim.core.io import atomic_path, write_csv

    with atomic_path(output) as tmp:
        couples.to_parquet(tmp, index=False)
    counts = (
        couples.groupby(["split", "related"], observed=True).size().rename("couples").reset_index()
    )
    write_csv(counts, summary, float_format=None)


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


def plan_couples(
    article: npt.ArrayLike,
    paragraph: npt.ArrayLike,
    article_tokens: npt.ArrayLike | None = None,
    **options: Any,
) -> CouplePlan:
    """Balanced related / non-related couples with train / test / validation splits,
    chosen from the candidates' article and global paragraph ids only.

    The candidates are taken in paragraph order (whatever order they come in),
    a seeded permutation gives half of them to related couples (their own two
    texts) and half to the non-related pool, whose texts 2 are deranged so that
    no couple keeps its own article (``different-articles``) or paragraph.
    Keywords: :class:`CurationOptions`; ``article_tokens`` (per candidate) is needed
    only with ``article_range``.
    """
    opts = CurationOptions.of(options)
    seed, length, proportions = opts.seed, opts.length, opts.proportions
    nonpair_source, max_couples, construction = (
        opts.nonpair_source,
        opts.max_couples,
        opts.construction,
    )
    check_proportions(proportions)
    rng = np.random.default_rng(_seed_for(seed, "curate", length))
    all_paragraphs = np.asarray(paragraph, dtype=np.int64)
    kept = np.flatnonzero(article_mask(article_tokens, opts.article_range, all_paragraphs.size))
    if kept.size < all_paragraphs.size:
        log.info(
            "article_range %s keeps %d of %d candidates",
            opts.article_range,
            kept.size,
            all_paragraphs.size,
        )
    if construction == "authors":
        sub = plan_authors(all_paragraphs[kept], rng, proportions, max_couples, length)
        return CouplePlan(
            kept[sub.rows1], kept[sub.rows2], sub.related, sub.split, sub.side1, sub.side2
        )
    if construction != "paper":
        raise ValueError(f"couple construction must be 'paper' or 'authors', got {construction!r}")
    if opts.selection == "prefix" and max_couples is not None:
        # the first max_couples candidates in corpus order: half related, half pooled
        kept = np.sort(kept[np.argsort(all_paragraphs[kept], kind="stable")[:max_couples]])
        log.info("selection prefix keeps the first %d candidates in corpus order", kept.size)
    elif opts.selection not in ("spread", "prefix"):
        raise ValueError(f"selection must be 'spread' or 'prefix', got {opts.selection!r}")
    paragraphs = all_paragraphs[kept]
    by_paragraph = np.argsort(paragraphs, kind="stable")
    order = by_paragraph[rng.permutation(paragraphs.size)]
    half = paragraphs.size // 2
    rel_rows = order[:half]
    pool_rows = order[half : 2 * half]

    key = (
        pd.Series(article).to_numpy()[kept]
        if nonpair_source == "different-articles"
        else paragraphs
    )
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
    side1, side2 = np.zeros(2 * n_each, np.int8), np.ones(2 * n_each, np.int8)
    return CouplePlan(
        kept[rows1[final]], kept[rows2[final]], related[final], splits[final], side1, side2
    )


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
    **options: Any,
) -> pd.DataFrame:
    """Balanced related / non-related couples of in-memory candidates (see
    :func:`plan_couples`; :func:`curate_couple_files` streams candidate files).

    Returns columns ``split``, ``related``, ``text1``, ``text2``, ``article1``,
    ``article2``, ``paragraph1``, ``paragraph2``, ``n1``, ``n2``.
    """
    plan = plan_couples(
        candidates["article"],
        candidates["paragraph"],
        candidates.get("article_tokens"),
        **options,
    )
    cols = {c: candidates[c].to_numpy() for c in ("text1", "text2", "article", "paragraph")}
    return couples_frame(
        plan,
        plan.texts(cols["text1"], cols["text2"], 1),
        plan.texts(cols["text1"], cols["text2"], 2),
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
    **options: Any,
) -> pd.DataFrame:
    """:func:`curate_couples` of the candidates of several files (one per shard), equal
    to it on their concatenation, without holding every candidate's texts: the plan is
    made from the ids, then the chosen texts are taken one file at a time. Memory:
    the ids of every candidate (about 20 bytes each) and the couples' texts."""
    if not candidates:
        raise ValueError("no candidate files to curate couples from")
    opts = CurationOptions.of(options)
    length = opts.length
    by_article = opts.article_range not in (None, [None, None])
    id_columns = (
        ("article", "paragraph", "article_tokens") if by_article else ("article", "paragraph")
    )
    ids = [_read_candidates(p, length, id_columns) for p in candidates]
    sizes = np.array([len(f) for f in ids], dtype=np.int64)
    article = pd.api.types.union_categoricals([f["article"].astype("category") for f in ids])
    paragraph = np.concatenate([f["paragraph"].to_numpy(np.int64) for f in ids])
    tokens = (
        np.concatenate([f["article_tokens"].to_numpy(np.int64) for f in ids])
        if by_article
        else None
    )
    del ids
    plan = plan_couples(
        np.asarray(article.codes),
        paragraph,
        tokens,
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
        t1, t2 = texts["text1"].to_numpy(), texts["text2"].to_numpy()
        r1, r2 = plan.rows1[in1] - lo, plan.rows2[in2] - lo
        text1[in1] = np.where(plan.side1[in1] == 0, t1[r1], t2[r1])
        text2[in2] = np.where(plan.side2[in2] == 0, t1[r2], t2[r2])
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
