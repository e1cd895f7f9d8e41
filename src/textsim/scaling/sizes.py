"""Training-corpus sizes of the scaling study and the nested slices cut for them."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from textsim.core.io import PathLike, atomic_path

log = logging.getLogger(__name__)

ALL = "all"


class SliceTooLargeError(ValueError):
    """A requested slice is larger than the training part of the corpus."""


@dataclass(frozen=True, order=True)
class Size:
    """One training slice: the first ``tokens`` cleaned tokens (None = all of them)."""

    tokens: int | None
    label: str

    @staticmethod
    def parse(value: int | str) -> Size:
        if value == ALL:
            return Size(None, ALL)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"a size is a positive number of tokens or {ALL!r}, not {value!r}")
        for unit, suffix in ((1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")):
            if value % unit == 0:
                return Size(value, f"{value // unit}{suffix}")
        return Size(value, str(value))


def parse_sizes(values: Sequence[int | str]) -> list[Size]:
    """Sizes in increasing order, ``all`` last; duplicates are an error."""
    sizes = [Size.parse(v) for v in values]
    labels = [s.label for s in sizes]
    if len(set(labels)) != len(labels):
        raise ValueError(f"scaling.sizes: a size is given twice: {labels}")
    return sorted(sizes, key=lambda s: (s.tokens is None, s.tokens or 0))


def write_slice(
    shards: Sequence[PathLike], output: PathLike, stats: PathLike, *, tokens: int | None
) -> dict[str, int]:
    """The first ``tokens`` tokens of the cleaned shards, whole articles in article-id
    order (stopping after the article that reaches the count), as one cleaned shard.
    Slices of one corpus are nested: a smaller one is the start of every larger one.
    Streams (one article in memory). ``tokens=None`` takes every article.

    Raises :class:`SliceTooLargeError` when the shards hold fewer tokens."""
    from textsim.text.wikipedia import iter_articles_in_order

    counts = {"articles": 0, "lines": 0, "tokens": 0}
    with atomic_path(output) as tmp, open(tmp, "w", encoding="utf-8") as out:
        for article, paragraphs in iter_articles_in_order([os.fspath(p) for p in shards]):
            if tokens is not None and counts["tokens"] >= tokens:
                break
            for words in paragraphs:
                out.write(f"{article}\t{' '.join(words)}\n")
                counts["tokens"] += len(words)
            counts["lines"] += len(paragraphs)
            counts["articles"] += 1
        if tokens is not None and counts["tokens"] < tokens:
            raise SliceTooLargeError(
                f"scaling.sizes: {tokens:,} tokens asked for, but the training shards "
                f"({len(shards)} files) hold only {counts['tokens']:,}; use a smaller size "
                f"or '{ALL}'"
            )
    with atomic_path(stats) as tmp:
        Path(tmp).write_text(json.dumps({"requested": tokens, **counts}, indent=1))
    log.info("slice of %s tokens: %s", tokens if tokens is not None else ALL, counts)
    return counts
