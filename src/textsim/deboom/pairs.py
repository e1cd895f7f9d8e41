"""Related / non-related Wikipedia text couples (De Boom et al. 2015, 2016).

Two steps, so that the corpus can be processed shard by shard:

1. :func:`extract_candidates` reads one cleaned shard and, for every paragraph
   long enough, cuts two consecutive texts: text 1 = the first L in-vocabulary
   tokens, then 2 raw tokens are skipped, text 2 = the next L in-vocabulary
   tokens. Fixed lengths need ≥ 2.5·L raw tokens in the paragraph; the
   variable-length set draws L1, L2 uniformly from 10..30 and needs
   ≥ L1 + L2 + (L1 + L2) // 4 tokens.
2. :func:`textsim.deboom.curation.curate_couples` pools the candidates of all shards,
   assigns half of
   the paragraphs to related couples (their own two texts) and half to
   non-related couples (text 1 of one paragraph with text 2 of a paragraph
   from a **different article**; the code's variant only asks for a different
   paragraph), balances the classes and splits train / test / validation in
   the paper's proportions 1.5 / 1.5 / 1.9.

Every random choice derives from the config seed, the length and global
article / paragraph ids, so the couples are identical for a given corpus and
seed, whatever the number of shards and the order they are processed in.
"""

from __future__ import annotations

import hashlib
import logging
import os
import zlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from tqdm import tqdm

from textsim.text.wikipedia import iter_clean

__all__ = [
    "SPLITS",
    "CouplesFormatError",
    "LengthSpec",
    "NonPairSource",
    "cut_pair",
    "extract_candidates",
    "parse_length",
    "read_couples",
]

log = logging.getLogger(__name__)

NonPairSource = Literal["different-articles", "different-paragraphs"]
SPLITS = ("train", "test", "validation")


class CouplesFormatError(ValueError):
    """A couples file is truncated, corrupt or lacks a column; the message names it."""


def read_couples(
    path: str | os.PathLike[str],
    columns: Sequence[str] = ("split", "related", "text1", "text2"),
) -> pd.DataFrame:
    """Read a couples Parquet file (Wikipedia or Twitter), checking its columns."""
    import pyarrow as pa

    try:
        frame = pd.read_parquet(path)
    except (OSError, ValueError, pa.ArrowException) as err:
        raise CouplesFormatError(
            f"{path}: not a readable couples file (truncated or corrupt?): {err}"
        ) from None
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise CouplesFormatError(f"{path}: missing column(s) {', '.join(missing)}")
    frame = frame[list(columns)]
    missing_value = frame.isna().any(axis=1).to_numpy()
    if missing_value.any():
        raise CouplesFormatError(f"{path}: row {int(missing_value.argmax())}: missing value")
    return frame


@dataclass(frozen=True)
class LengthSpec:
    """A fixed length (``low == high``) or a uniform range of lengths."""

    name: str
    low: int
    high: int

    @property
    def variable(self) -> bool:
        return self.low != self.high


def parse_length(name: str, variable_range: tuple[int, int] = (10, 30)) -> LengthSpec:
    """``"20"`` → fixed 20 words; ``"var"`` → uniform in ``variable_range``."""
    if name == "var":
        return LengthSpec("var", *variable_range)
    if not name.isdigit() or int(name) < 1:
        raise ValueError(f"pair length must be a positive integer or 'var', got {name!r}")
    return LengthSpec(name, int(name), int(name))


def _seed_for(seed: int, *parts: str | int) -> list[int]:
    return [seed, *(zlib.crc32(str(p).encode()) for p in parts)]


def paragraph_id(article: str, index: int) -> int:
    """A global paragraph id: article id · 10⁵ + index of the paragraph in its article
    (non-numeric article ids are hashed)."""
    number = int(article) if article.isdigit() else zlib.crc32(article.encode()) & 0x7FFFFFFF
    return number * 100_000 + index


def _variable_lengths(seed: int, spec: LengthSpec, pid: int) -> tuple[int, int]:
    """L1, L2 uniform in ``spec.low..spec.high``, a function of (seed, spec, paragraph) only."""
    digest = hashlib.blake2b(f"{seed}:{spec.name}:{pid}".encode(), digest_size=8).digest()
    h = int.from_bytes(digest, "little")
    span = spec.high - spec.low + 1
    return spec.low + h % span, spec.low + (h // span) % span


def cut_pair(
    tokens: Sequence[str], vocab: Collection[str], len1: int, len2: int, skip: int = 2
) -> tuple[list[str], list[str]] | None:
    """Cut text 1 (``len1`` in-vocabulary tokens), skip ``skip`` raw tokens, cut text 2 (``len2``).

    Returns None when the paragraph runs out of in-vocabulary tokens.
    """
    first: list[str] = []
    i = 0
    n = len(tokens)
    while i < n and len(first) < len1:
        if tokens[i] in vocab:
            first.append(tokens[i])
        i += 1
    if len(first) < len1:
        return None
    i += skip
    second: list[str] = []
    while i < n and len(second) < len2:
        if tokens[i] in vocab:
            second.append(tokens[i])
        i += 1
    if len(second) < len2:
        return None
    return first, second


def extract_candidates(
    shard: str | os.PathLike[str],
    shard_index: int,
    vocab: Collection[str],
    lengths: Sequence[LengthSpec],
    *,
    seed: int,
    min_tokens_factor: float = 2.5,
    skip: int = 2,
) -> pd.DataFrame:
    """Candidate text couples of one cleaned shard, for each length spec.

    Columns: ``length`` (spec name), ``article``, ``paragraph`` (a global
    paragraph id: article id · 10⁵ + the paragraph's index in its article),
    ``text1``, ``text2`` and ``article_tokens`` (the raw tokens of the whole
    article, every paragraph counted: the article-length strata). Nothing depends
    on how the corpus was sharded: the variable lengths of a paragraph derive from
    the seed and its global id, so any ``corpus.n_shards`` gives the same
    candidates (``shard_index`` only labels the log).
    """
    cols: dict[str, list[object]] = {
        k: [] for k in ("length", "article", "paragraph", "text1", "text2")
    }
    article_tokens: list[int] = []  # per candidate, filled when its article ends
    start, total = 0, 0  # the current article's first candidate and its tokens so far
    previous, k = None, 0
    paragraphs = tqdm(iter_clean([shard]), desc="candidates", unit=" paragraphs", mininterval=10)
    for article, tokens in paragraphs:
        if article != previous:
            article_tokens += [total] * (len(cols["length"]) - start)
            start, total = len(cols["length"]), 0
        k = k + 1 if article == previous else 0
        previous = article
        total += len(tokens)
        pid = paragraph_id(article, k)
        for spec in lengths:
            if spec.variable:
                l1, l2 = _variable_lengths(seed, spec, pid)
                needed = l1 + l2 + (l1 + l2) // 4
            else:
                l1 = l2 = spec.low
                needed = int(np.ceil(min_tokens_factor * spec.low))
            if len(tokens) < needed:
                continue
            cut = cut_pair(tokens, vocab, l1, l2, skip)
            if cut is None:
                continue
            cols["length"].append(spec.name)
            cols["article"].append(article)
            cols["paragraph"].append(pid)
            cols["text1"].append(" ".join(cut[0]))
            cols["text2"].append(" ".join(cut[1]))
    article_tokens += [total] * (len(cols["length"]) - start)
    frame = pd.DataFrame({**cols, "article_tokens": article_tokens}).astype(
        {"length": str, "article": str, "paragraph": np.int64, "article_tokens": np.int64}
    )
    log.info(
        "shard %d: %s candidate couples", shard_index, frame.groupby("length").size().to_dict()
    )
    return frame
