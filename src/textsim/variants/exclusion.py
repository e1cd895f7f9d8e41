"""A training corpus without the evaluation texts: the cleaned shards less every
paragraph that gave a text to a couple (word2vec.exclude_couples). The paper trained
word2vec on all of Wikipedia, its couples' paragraphs included; this tests whether
seeing them helped."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from textsim.core.io import PathLike, atomic_path

__all__ = ["couple_paragraphs", "write_training_corpus"]

log = logging.getLogger(__name__)


def couple_paragraphs(couples: Sequence[PathLike]) -> set[int]:
    """Global paragraph ids of every text of every couple (all splits)."""
    from textsim.deboom.pairs import read_couples

    ids: set[int] = set()
    for path in couples:
        frame = read_couples(path, ("paragraph1", "paragraph2"))
        ids.update(frame["paragraph1"].astype("int64").tolist())
        ids.update(frame["paragraph2"].astype("int64").tolist())
    return ids


def write_training_corpus(
    shards: Sequence[PathLike], couples: Sequence[PathLike], output: PathLike
) -> dict[str, int]:
    """Write the shards' paragraphs that no couple used, in order, as one cleaned TSV.
    Paragraph ids are counted as :func:`textsim.deboom.pairs.extract_candidates`
    counts them. Returns the paragraphs and tokens kept and left out."""
    from textsim.deboom.pairs import paragraph_id
    from textsim.text.wikipedia import iter_clean

    excluded = couple_paragraphs(couples)
    counts = {"kept": 0, "excluded": 0, "tokens_kept": 0, "tokens_excluded": 0}
    with atomic_path(output) as tmp, open(tmp, "w", encoding="utf-8") as out:
        for shard in shards:
            previous, k = None, 0
            for article, tokens in iter_clean([shard]):
                k = k + 1 if article == previous else 0
                previous = article
                if paragraph_id(article, k) in excluded:
                    counts["excluded"] += 1
                    counts["tokens_excluded"] += len(tokens)
                    continue
                counts["kept"] += 1
                counts["tokens_kept"] += len(tokens)
                out.write(f"{article}\t{' '.join(tokens)}\n")
        if counts["excluded"] < len(excluded):  # inside: nothing is left behind
            missing = len(excluded) - counts["excluded"]
            raise ValueError(f"{missing} couple paragraphs are not in the corpus shards")
    log.info("training corpus without the couples' paragraphs: %s", counts)
    return counts
