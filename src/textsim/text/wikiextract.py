"""A MediaWiki XML dump laid out as the WikiExtractor command line writes it.

Kept apart from :mod:`textsim.text.wikipedia` (whose extraction it shares) so that the
corpus rules, whose code inputs that module is, do not rerun for it: only the
preparation of the Wikipedia text from an official dump (:mod:`textsim.sources.official`)
uses it.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from tqdm import tqdm

from textsim.text.wikipedia import (
    CorpusFormatError,
    _DumpLines,
    _extract_page,
    _pages,
    _safe_processes,
)

__all__ = ["SHARD_BYTES", "extract_dump_shards"]

log = logging.getLogger(__name__)

#: WikiExtractor's default file size (``--bytes 1M``)
SHARD_BYTES = 1 << 20


def extract_dump_shards(
    dump: str | os.PathLike[str],
    folder: str | os.PathLike[str],
    *,
    max_bytes: int = SHARD_BYTES,
    processes: int = 1,
) -> list[str]:
    """Extract a MediaWiki XML dump into ``folder`` as the WikiExtractor command line
    lays it out with ``--compress``: ``AA/wiki_00.bz2`` … ``AA/wiki_99.bz2``,
    ``AB/wiki_00.bz2`` …, articles in dump order, a new file before the text would pass
    ``max_bytes`` (WikiExtractor's own :class:`OutputSplitter`). The text is
    :func:`textsim.text.wikipedia.extract_dump`'s. ``folder`` appears whole or not at
    all. Returns the files' relative names, in order."""
    from wikiextractor.WikiExtractor import NextFile, OutputSplitter

    path, target = Path(dump), Path(folder)
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    n = 0
    try:
        with contextlib.ExitStack() as stack:
            out = OutputSplitter(NextFile(str(partial)), max_bytes, compress=True)
            stack.callback(out.close)
            pages = _pages(_DumpLines(path))
            workers = _safe_processes(processes)
            pool = stack.enter_context(multiprocessing.Pool(workers)) if workers > 1 else None
            texts: Iterator[str] = (
                pool.imap(_extract_page, pages, chunksize=16) if pool else map(_extract_page, pages)
            )
            for text in tqdm(texts, desc="extract", unit="article", mininterval=10):
                out.write(text)
                n += 1
        if n == 0:
            raise CorpusFormatError(f"{path}: no articles found (is this a MediaWiki XML dump?)")
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    names = sorted(p.relative_to(partial).as_posix() for p in partial.glob("*/wiki_*.bz2"))
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)
    log.info("extracted %d articles from %s into %d WikiExtractor files", n, path, len(names))
    return names
