"""Workflow glue of the corpus stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from textsim.core.io import PathLike, atomic_path, read_json, write_csv


def extract_wiki_dump(
    dump: PathLike,
    outputs: Sequence[PathLike],
    *,
    processes: int,
    max_articles: int | None,
    cleaning: str = "paper",
) -> None:
    """The dump's articles as WikiExtractor text (``cleaning`` paper), or its lines
    cleaned as the authors' code did (``authors``, :mod:`textsim.text.wikitext`)."""
    if cleaning == "authors":
        from textsim.text.wikitext import extract_dump_authors

        extract_dump_authors(dump, outputs, max_articles=max_articles)
        return
    from textsim.text.wikipedia import extract_dump

    extract_dump(dump, outputs, processes=processes, max_articles=max_articles)


def clean_wiki_shard(
    inputs: Sequence[PathLike],
    output: PathLike,
    stats: PathLike,
    *,
    cleaning: str = "paper",
    source: str = "extracted",
) -> None:
    """One corpus shard: the paper's cleaning, or the authors' (``corpus.cleaning``):
    on a dump its lines come cleaned from :func:`extract_wiki_dump`, on WikiExtractor
    text the subset of its rules that applies there."""
    from textsim.text.wikipedia import clean_corpus
    from textsim.text.wikitext import authors_lines_of_extracted, split_lines

    if cleaning == "authors":
        tokenize = split_lines if source == "dump" else authors_lines_of_extracted
        counts = clean_corpus(inputs, output, tokenize)
    else:
        counts = clean_corpus(inputs, output)
    with atomic_path(stats) as tmp:
        tmp.write_text(json.dumps(counts, indent=1))


def corpus_statistics(stats: Sequence[PathLike], output: PathLike) -> None:
    rows = [{"shard": Path(p).stem, **read_json(p)} for p in stats]
    frame = pd.DataFrame(rows)
    frame.loc[len(frame)] = {"shard": "total", **frame.drop(columns="shard").sum().to_dict()}
    write_csv(frame, output, float_format=None)
