"""Wikipedia cleaned line by line as De Boom's code did (``corpus.cleaning: authors``).

The authors built their corpus with a script of regular expressions run over the raw
MediaWiki XML dump, one line at a time (``clean.pyx`` of their public repository,
March 2015, Python 2), instead of an extractor that parses the wikitext. This module
applies the same rules, in the same order, with the same quirks:

* **Which lines.** The line holding ``<text ...>`` starts a page's text and is skipped
  whole, so each page's first text line is lost. A line containing ``#redirect`` (any
  case) ends the text; so does ``</text>``, after its own line is cleaned. After
  removing leading white space, lines starting with ``: ``, ``{|``, ``|``, ``!`` or
  ``{{`` (indented quotes, tables, templates) and every line containing ``==``
  (section headings) are skipped. Every page of the dump is read, whatever its
  namespace.
* **Inside a line**, in order: lower-case; the greedy ``<.*>`` removed *before*
  ``&amp;``, ``&lt;``, ``&gt;`` are unescaped, so the escaped references of the dump
  survive it and are removed later by ``<ref[^<]*</ref>`` and ``<[^>]*>``, one at a
  time; external links cut to ``[``; ``|thumb``, ``|left``, ``|right``, ``|NNpx`` and
  image and file links removed; ``[[category:X|...]]`` kept as the text ``X``; other
  ``[[prefix:...]]`` links removed; ``[[target|label]]`` kept as ``label``; templates
  ``{{...}}`` (two passes) and ``{...}`` removed; brackets dropped; other entities
  become a space; numbers (``[-+]?[\\d,]*\\.*\\d+``) become ``0``; every character
  that is not an ASCII letter, digit or ``_`` becomes a space. Lines of at most one
  character or starting with ``__`` are dropped.
* **Quirks kept.** Python 2 read the dump as bytes: ``lower()`` changes ASCII letters
  only and ``\\w`` is ``[a-zA-Z0-9_]``, so a non-ASCII letter splits its word
  (``café`` → ``caf``); we work on bytes for the same result. The script passed
  ``re.IGNORECASE`` as the fourth positional argument of ``re.sub``, which is
  ``count``: those ten substitutions (thumb, left, right, px, image, file, category)
  replace at most two matches per line.

The script printed lines only, so page boundaries were lost; here each line keeps its
page id, which our couple rules need (non-related texts from different articles).

On WikiExtractor text (the offline mirror) only a subset applies
(:func:`authors_lines_of_extracted`): the title line is dropped and each line gets the
rules inside a line. The raw line skipped with ``<text ...>`` is, on real pages, almost
always a template or hatnote (``{{Redirect|...}}``, an infobox's first line), which
WikiExtractor has already removed, so the lead paragraph is kept, as the XML port keeps
it. What cannot be reproduced on extracted text: WikiExtractor has removed tables,
templates, lists, image captions, category links and references, which the port keeps
wherever a raw line of them survives its skip rules (list items, captions, category
names, reference fragments); and section headings cannot be told from one-line
paragraphs there (WikiExtractor writes a heading as a line ending in ``.``), so they
stay where the port drops them. :func:`compare_with_port` measures both on one dump.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import re
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from textsim.core.io import atomic_path

__all__ = [
    "CleaningComparison",
    "authors_lines_of_extracted",
    "clean_wikitext_line",
    "compare_with_port",
    "extract_dump_authors",
    "iter_dump_lines",
    "split_lines",
]

log = logging.getLogger(__name__)

_FLAGS = 0  # bytes patterns: \w, \d and \s are ASCII, as Python 2's str patterns

#: (pattern, replacement, count) in clean.pyx's order; count 2 where the script passed
#: re.IGNORECASE (= 2) as re.sub's count
_STEPS: tuple[tuple[re.Pattern[bytes], bytes, int], ...] = tuple(
    (re.compile(p, _FLAGS), r, c)
    for p, r, c in (
        (rb"<.*>", b"", 0),
        (rb"&amp;", b"&", 0),
        (rb"&lt;", b"<", 0),
        (rb"&gt;", b">", 0),
        (rb"<ref[^<]*<\/ref>", b"", 0),
        (rb"<[^>]*>", b"", 0),
        (rb"\[http:[^] ]*", b"[", 0),
        (rb"\|thumb", b"", 2),
        (rb"\|left", b"", 2),
        (rb"\|right", b"", 2),
        (rb"\|\d+px", b"", 2),
        (rb"\[\[image:[^\[\]]*\|", b"", 2),
        (rb"\[\[image:[^\[\]]*", b"", 2),
        (rb"\[\[file:[^\[\]]*\|", b"", 2),
        (rb"\[\[file:[^\[\]]*", b"", 2),
        (rb"\[\[category:([^|\]]*)[^]]*\]\]", rb"[[\1]]", 2),
        (rb"\[\[category:", b"[[", 2),
        (rb"\[\[[a-z\-]*:[^\]]*\]\]", b"", 0),
        (rb"\[\[[^\|\]]*\|", b"[[", 0),
        (rb"{{[^}]*}}", b"", 0),
        (rb"{{[^}]*}}", b"", 0),
        (rb"{[^}]*}", b"", 0),
        (rb"\[", b"", 0),
        (rb"\]", b"", 0),
        (rb"&[^;]*;", b" ", 0),
        (rb"[-+]?[\d,]*\.*\d+", b"0", 0),
        (rb"[^\w]", b" ", 0),
        (rb"\s+", b" ", 0),
    )
)
_SKIP_STARTS = (b": ", b"{|", b"|", b"!", b"{{")
_TEXT_OPEN = re.compile(rb"<text ")
_TEXT_CLOSE = re.compile(rb"<\/text>")
_REDIRECT = re.compile(rb"#redirect", re.IGNORECASE)
_PAGE_ID = re.compile(rb"^\s*<id>(\d+)</id>")


def _as_bytes(line: str | bytes) -> bytes:
    return line.encode("utf-8") if isinstance(line, str) else line


def clean_wikitext_line(line: str | bytes) -> str | None:
    """One line of page text through clean.pyx's rules (the skip rules included), or
    ``None`` where the script printed nothing."""
    data = _as_bytes(line).lstrip()
    if data == b"\n" or data.startswith(_SKIP_STARTS) or b"==" in data:
        return None
    data = data.lower()
    for pattern, replacement, count in _STEPS:
        data = pattern.sub(replacement, data, count=count)
    data = data.strip()
    if len(data) > 1 and not data.startswith(b"__"):
        return data.decode("ascii")
    return None


def iter_dump_lines(lines: Iterable[str | bytes]) -> Iterator[tuple[str, str]]:
    """``(page id, cleaned line)`` for each line clean.pyx printed from the XML dump
    ``lines`` (in order). A page's id is the first ``<id>`` after its ``<page>``."""
    in_text = False
    page = ""
    want_id = False
    for raw in lines:
        line = _as_bytes(raw)
        if b"<page>" in line:
            want_id = True
        elif want_id and (m := _PAGE_ID.match(line)) is not None:
            page, want_id = m.group(1).decode("ascii"), False
        if _TEXT_OPEN.search(line) is not None:
            in_text = True
            continue
        if _REDIRECT.search(line) is not None:
            in_text = False
        if in_text:
            if _TEXT_CLOSE.search(line.lstrip()) is not None:
                in_text = False
            cleaned = clean_wikitext_line(line)
            if cleaned is not None:
                yield page, cleaned


def authors_lines_of_extracted(lines: Sequence[str]) -> list[list[str]]:
    """The subset of clean.pyx that applies to one WikiExtractor article (its title
    line first, then its paragraphs): the tokens of each kept line, the title dropped."""
    out = []
    for line in lines[1:]:
        cleaned = clean_wikitext_line(line)
        if cleaned is not None:
            out.append(cleaned.split())
    return out


def extract_dump_authors(
    dump: str | os.PathLike[str],
    outputs: Sequence[str | os.PathLike[str]],
    *,
    max_articles: int | None = None,
) -> int:
    """Clean a MediaWiki XML dump as clean.pyx did into WikiExtractor-format files whose
    lines are already cleaned (no title line): page ``k`` with any line kept goes to
    ``outputs[k % len(outputs)]``, as :func:`textsim.text.wikipedia.extract_dump`.
    Returns the page count."""
    from textsim.text.wikipedia import CorpusFormatError, _DumpLines

    path = Path(dump)
    lines = _DumpLines(path)
    n = 0
    with contextlib.ExitStack() as stack:
        tmps = [stack.enter_context(atomic_path(o)) for o in outputs]
        files = [stack.enter_context(open(t, "w", encoding="utf-8")) for t in tmps]
        for page, group in itertools.groupby(iter_dump_lines(lines), key=lambda x: x[0]):
            if max_articles is not None and n >= max_articles:
                break
            body = "".join(f"{text}\n" for _, text in group)
            files[n % len(files)].write(f'<doc id="{page}" title="">\n{body}</doc>\n')
            n += 1
        else:
            lines.check_complete()
        for f in files:
            f.close()
    if n == 0:
        raise CorpusFormatError(f"{path}: no page text found (is this a MediaWiki XML dump?)")
    log.info("cleaned %d pages of %s as the authors' code into %d files", n, path, len(outputs))
    return n


def split_lines(lines: Sequence[str]) -> list[list[str]]:
    """The tokens of lines that are already cleaned (:func:`extract_dump_authors`)."""
    return [line.split() for line in lines]


@dataclass(frozen=True)
class CleaningComparison:
    """The XML port (:func:`extract_dump_authors`) and the stand-in on the same dump's
    WikiExtractor text (:func:`authors_lines_of_extracted`), page by page. A line of one
    counts as shared when a line of the other on the same page starts with the same
    ``prefix`` tokens (template renderings differ later in a line). ``leads``: pages
    whose stand-in keeps, as its first line, a line the port keeps too."""

    pages: int
    leads: int
    prefix: int
    port_lines: int
    stand_in_lines: int
    shared_port_lines: int
    shared_stand_in_lines: int
    only_port: tuple[tuple[str, str], ...]
    only_stand_in: tuple[tuple[str, str], ...]


def _pages_of(path: Path) -> dict[str, list[str]]:
    """``page id -> lines`` of a WikiExtractor-format file (blank lines left out)."""
    pages: dict[str, list[str]] = {}
    current: list[str] = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("<doc "):
                m = re.search(r'id="([^"]*)"', line)
                current = pages.setdefault(m.group(1) if m else str(len(pages)), [])
            elif not line.startswith("</doc>") and line.strip():
                current.append(line.rstrip("\n"))
    return pages


def compare_with_port(
    dump: str | os.PathLike[str], *, max_articles: int | None = None, prefix: int = 8
) -> CleaningComparison:
    """Clean ``dump`` both ways (the port on its XML, the stand-in on WikiExtractor's
    extraction of it, in a temporary folder) and compare the pages both keep."""
    from textsim.text.wikipedia import extract_dump

    with tempfile.TemporaryDirectory() as tmp:
        port_file, extracted = Path(tmp) / "port.txt", Path(tmp) / "extracted.txt"
        extract_dump_authors(dump, [port_file], max_articles=max_articles)
        extract_dump(dump, [extracted], max_articles=max_articles)
        port, wiki = _pages_of(port_file), _pages_of(extracted)

    def key(line: str) -> tuple[str, ...]:
        return tuple(line.split()[:prefix])

    leads = n_port = n_stand = shared_port = shared_stand = 0
    only_port: list[tuple[str, str]] = []
    only_stand: list[tuple[str, str]] = []
    pages = [p for p in wiki if p in port]
    for page in pages:
        stand = [" ".join(tokens) for tokens in authors_lines_of_extracted(wiki[page])]
        port_keys, stand_keys = {key(x) for x in port[page]}, {key(x) for x in stand}
        leads += bool(stand) and key(stand[0]) in port_keys
        n_port, n_stand = n_port + len(port[page]), n_stand + len(stand)
        for line in port[page]:
            if key(line) in stand_keys:
                shared_port += 1
            else:
                only_port.append((page, line))
        for line in stand:
            if key(line) in port_keys:
                shared_stand += 1
            else:
                only_stand.append((page, line))
    return CleaningComparison(
        pages=len(pages),
        leads=leads,
        prefix=prefix,
        port_lines=n_port,
        stand_in_lines=n_stand,
        shared_port_lines=shared_port,
        shared_stand_in_lines=shared_stand,
        only_port=tuple(only_port),
        only_stand_in=tuple(only_stand),
    )
