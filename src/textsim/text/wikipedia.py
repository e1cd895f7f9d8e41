"""Wikipedia corpus: XML dump extraction, WikiExtractor shard reading, cleaning.

All readers stream: memory does not grow with the corpus. Malformed input
raises :class:`CorpusFormatError` naming the file and the line.

Cleaning follows De Boom et al. (2015, 2016): lowercase, every number
(``[-+]?[\\d,]*\\.*\\d+``) becomes the token ``0``, every non-word character a
space; one paragraph (line) per output line.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import heapq
import html
import io
import itertools
import logging
import lzma
import multiprocessing
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from tqdm import tqdm

from textsim.core.io import atomic_path
from textsim.text.cleaning import clean_lines, clean_tokens

__all__ = [
    "CleanCorpus",
    "CorpusFormatError",
    "Document",
    "clean_corpus",
    "clean_tokens",
    "extract_dump",
    "iter_clean",
    "iter_documents",
    "split_evenly",
]

log = logging.getLogger(__name__)

_DOC_OPEN_RE = re.compile(r'^<doc id="([^"]+)"(?: url="[^"]*")? title="(.*)">\s*$')


class CorpusFormatError(ValueError):
    """A corpus file is malformed; the message names the file and the line."""


@dataclass(frozen=True)
class Document:
    """One article: its id, title and non-empty text lines (title line first)."""

    id: str
    title: str
    lines: tuple[str, ...]


def _open_text(path: Path) -> IO[str]:
    """Open plain, bzip2, gzip or xz text, recognised by its magic bytes."""
    with open(path, "rb") as f:
        magic = f.read(6)
    if magic.startswith(b"BZh"):
        return bz2.open(path, "rt", encoding="utf-8")
    if magic.startswith(b"\x1f\x8b"):
        return gzip.open(path, "rt", encoding="utf-8")
    if magic.startswith(b"\xfd7zXZ"):
        return lzma.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


class _Lines:
    """Iterate over a (possibly compressed) text file, remembering the line number.

    Decompression and decoding errors are re-raised as CorpusFormatError with
    the file name and the last line read.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lineno = 0

    def __iter__(self) -> Iterator[str]:
        try:
            with _open_text(self.path) as f:
                for line in f:
                    self.lineno += 1
                    yield line
        except (EOFError, OSError, UnicodeDecodeError, lzma.LZMAError) as err:
            raise CorpusFormatError(
                f"{self.path}: unreadable after line {self.lineno} "
                f"(truncated or corrupt file?): {err}"
            ) from err


def iter_documents(path: str | os.PathLike[str]) -> Iterator[Document]:
    """Stream the articles of one WikiExtractor output file (plain or compressed)."""
    path = Path(path)
    lines = _Lines(path)
    current: tuple[str, str, int] | None = None
    body: list[str] = []
    for raw in lines:
        line = raw.rstrip("\n")
        if line.startswith("<doc "):
            if current is not None:
                raise CorpusFormatError(
                    f"{path}:{lines.lineno}: <doc> opened while the one from line "
                    f"{current[2]} is still open"
                )
            m = _DOC_OPEN_RE.match(line)
            if m is None:
                raise CorpusFormatError(
                    f"{path}:{lines.lineno}: malformed <doc> header (expected id, url and title)"
                )
            current = (m.group(1), html.unescape(m.group(2)), lines.lineno)
            body = []
        elif line == "</doc>":
            if current is None:
                raise CorpusFormatError(f"{path}:{lines.lineno}: </doc> without an open <doc>")
            yield Document(current[0], current[1], tuple(s for s in body if s.strip()))
            current = None
        elif current is not None:
            body.append(line)
        elif line.strip():
            raise CorpusFormatError(f"{path}:{lines.lineno}: text outside any <doc>: {line[:60]!r}")
    if current is not None:
        raise CorpusFormatError(
            f"{path}:{lines.lineno}: truncated file, <doc> from line {current[2]} never closed"
        )


def clean_corpus(
    inputs: Sequence[str | os.PathLike[str]],
    output: str | os.PathLike[str],
    tokenize: Callable[[Sequence[str]], list[list[str]]] = clean_lines,
) -> dict[str, int]:
    """Clean WikiExtractor files into one TSV shard: ``article_id<TAB>tokens`` per line.

    ``tokenize`` turns an article's lines into token lists (default: the paper's
    cleaning, :func:`clean_lines`). Lines that are empty after cleaning are dropped.
    Returns counts of documents, lines and tokens written.
    """
    stats = {"documents": 0, "lines": 0, "tokens": 0}
    with atomic_path(output) as tmp, open(tmp, "w", encoding="utf-8") as out:
        for src in tqdm(inputs, desc="clean", unit="file", mininterval=10):
            for doc in iter_documents(src):
                if "\t" in doc.id or "\n" in doc.id:
                    raise CorpusFormatError(f"{src}: article id {doc.id!r} is not usable")
                stats["documents"] += 1
                for tokens in tokenize(doc.lines):
                    if tokens:
                        out.write(f"{doc.id}\t{' '.join(tokens)}\n")
                        stats["lines"] += 1
                        stats["tokens"] += len(tokens)
    log.info("cleaned %d files into %s: %s", len(inputs), output, stats)
    return stats


def iter_clean(paths: Iterable[str | os.PathLike[str]]) -> Iterator[tuple[str, list[str]]]:
    """Stream ``(article_id, tokens)`` from cleaned TSV shards."""
    for p in paths:
        path = Path(p)
        lines = _Lines(path)
        for raw in lines:
            article, sep, text = raw.rstrip("\n").partition("\t")
            if not sep or not article:
                raise CorpusFormatError(f"{path}:{lines.lineno}: expected 'article_id<TAB>tokens'")
            yield article, text.split()


def _article_key(article: str) -> tuple[int, int, str]:
    return (0, int(article), "") if article.isdigit() else (1, 0, article)


def _iter_articles(
    path: str | os.PathLike[str],
) -> Iterator[tuple[tuple[int, int, str], str, list[list[str]]]]:
    """``(sort key, article id, paragraphs)`` per article of one cleaned shard."""
    for article, group in itertools.groupby(iter_clean([path]), key=lambda x: x[0]):
        yield _article_key(article), article, [tokens for _, tokens in group]


def iter_articles_in_order(
    paths: Sequence[str | os.PathLike[str]],
) -> Iterator[tuple[str, list[list[str]]]]:
    """``(article id, paragraphs)`` over cleaned shards, merged in article-id order
    (each shard is in dump order, ascending page id): the same stream for any number
    of shards. Streams: one article of each shard in memory at a time."""
    streams = [_iter_articles(p) for p in paths]
    for _, article, paragraphs in heapq.merge(*streams, key=lambda x: x[0]):
        yield article, paragraphs


class CleanCorpus:
    """A restartable iterable of token lists over cleaned shards (for gensim).

    Articles are merged across shards in article-id order (each shard is in
    dump order, i.e. ascending page id), so the sentence stream (and hence a
    single-threaded word2vec model) is the same for any number of shards.
    """

    def __init__(self, paths: Sequence[str | os.PathLike[str]]) -> None:
        self.paths = list(paths)

    def __iter__(self) -> Iterator[list[str]]:
        for _, paragraphs in iter_articles_in_order(self.paths):
            yield from paragraphs


def split_evenly(items: Sequence[str], n_parts: int) -> list[list[str]]:
    """Split ``items`` into ``n_parts`` contiguous blocks whose sizes differ by ≤ 1."""
    if n_parts < 1:
        raise ValueError("n_parts must be ≥ 1")
    n_parts = min(n_parts, max(1, len(items)))
    q, r = divmod(len(items), n_parts)
    out, start = [], 0
    for i in range(n_parts):
        end = start + q + (1 if i < r else 0)
        out.append(list(items[start:end]))
        start = end
    return out


# ---------------------------------------------------------------- XML dumps

_URLBASE = "https://en.wikipedia.org/wiki"


def _extract_page(page: tuple[str, str, str, list[str]]) -> str:
    from wikiextractor.extract import Extractor

    id_, revid, title, lines = page
    out = io.StringIO()
    Extractor(id_, revid, _URLBASE, title, lines).extract(out)
    return out.getvalue()


class _DumpLines:
    """A dump's lines passed through, remembering the last non-blank one, so that a dump
    cut short (no closing ``</mediawiki>``) is told apart from a complete one."""

    def __init__(self, path: Path) -> None:
        self.path, self.lines, self.last = path, _Lines(path), ""

    def __iter__(self) -> Iterator[str]:
        for line in self.lines:
            if line.strip():
                self.last = line.strip()
            yield line

    def check_complete(self) -> None:
        if self.last != "</mediawiki>":
            raise CorpusFormatError(
                f"{self.path}:{self.lines.lineno}: truncated XML dump "
                f"(no closing </mediawiki>; last line {self.last[:60]!r})"
            )


def _pages(lines: _DumpLines) -> Iterator[Any]:
    from wikiextractor import WikiExtractor

    # collect_pages skips titles starting with the template namespace, which the
    # command-line tool reads from <siteinfo>; the English dumps call it "Template".
    WikiExtractor.templateNamespace = "Template"
    yield from WikiExtractor.collect_pages(iter(lines))
    lines.check_complete()


#: libraries whose native thread pools make a forked child unsafe
_THREADED = ("jax", "tensorflow", "torch")


def _safe_processes(processes: int) -> int:
    """``processes``, or 1 in a process that has loaded JAX, TensorFlow or PyTorch: a
    child forked while one of their threads holds a lock can deadlock (a test process
    hung so), and spawning instead would re-run the caller's script in every child.
    The output is the same for any process count."""
    loaded = [name for name in _THREADED if name in sys.modules]
    if processes > 1 and loaded:
        log.warning("extracting in one process: %s is loaded (fork-unsafe)", ", ".join(loaded))
        return 1
    return processes


def extract_dump(
    dump: str | os.PathLike[str],
    outputs: Sequence[str | os.PathLike[str]],
    *,
    processes: int = 1,
    max_articles: int | None = None,
) -> int:
    """Extract a MediaWiki XML dump into WikiExtractor-format text files.

    Article ``k`` (in dump order) goes to ``outputs[k % len(outputs)]``, so the
    result is the same for any number of processes. Returns the article count.
    """
    path = Path(dump)
    pages: Iterator[Any] = _pages(_DumpLines(path))
    if max_articles is not None:
        # the pool is fed no more than it returns: a pool left with pages still queued
        # can hang in its own shutdown (its task feeder blocked on a full pipe once
        # terminate() has stopped the workers: a test hung so)
        pages = itertools.islice(pages, max_articles)
    n = 0
    with contextlib.ExitStack() as stack:
        tmps = [stack.enter_context(atomic_path(o)) for o in outputs]
        files = [stack.enter_context(open(t, "w", encoding="utf-8")) for t in tmps]
        processes = _safe_processes(processes)
        pool = stack.enter_context(multiprocessing.Pool(processes)) if processes > 1 else None
        it: Iterator[str]
        it = pool.imap(_extract_page, pages, chunksize=16) if pool else map(_extract_page, pages)
        for text in tqdm(it, desc="extract", unit="article", mininterval=10):
            files[n % len(files)].write(text)
            n += 1
        if pool is not None:
            pool.close()
            pool.join()
        for f in files:
            f.close()
    if n == 0:
        raise CorpusFormatError(f"{path}: no articles found (is this a MediaWiki XML dump?)")
    log.info("extracted %d articles from %s into %d files", n, path, len(outputs))
    return n
