"""Document frequencies (per paragraph, i.e. per corpus line) and idf.

De Boom et al. count a word's document frequency as the number of paragraphs
(lines) that contain it. Two idf forms exist:

* ``paper`` (eq. 1): ``idf = log(N / (1 + df))``;
* ``code`` (the authors' code): ``idf = ln N − ln df``.

Both sort words identically.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from textsim.core.io import atomic_path
from textsim.text.wikipedia import CorpusFormatError, iter_clean

__all__ = [
    "DocumentFrequencies",
    "count_document_frequencies",
    "idf_from_df",
    "merge_document_frequencies",
]

log = logging.getLogger(__name__)

IdfVariant = Literal["paper", "code"]
_HEADER = "#n_documents"


def _count(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``"²".isdigit()`` is true,
    but int() refuses it)."""
    return text.isascii() and text.isdigit()


def idf_from_df(
    df: npt.ArrayLike, n_documents: int, variant: IdfVariant = "paper"
) -> npt.NDArray[np.float64]:
    """idf of document frequencies ``df`` in a collection of ``n_documents`` lines.

    ``paper``: ``log(N / (1 + df))``; ``code``: ``ln N − ln df`` (df < 1 is taken as 1).
    """
    d = np.asarray(df, dtype=np.float64)
    if n_documents < 1:
        raise ValueError("n_documents must be ≥ 1")
    if variant == "paper":
        return np.asarray(np.log(n_documents / (1.0 + d)), dtype=np.float64)
    if variant == "code":
        return np.asarray(np.log(n_documents) - np.log(np.maximum(d, 1.0)), dtype=np.float64)
    raise ValueError(f"unknown idf variant {variant!r} (use 'paper' or 'code')")


@dataclass
class DocumentFrequencies:
    """Word → document frequency over ``n_documents`` lines."""

    counts: dict[str, int]
    n_documents: int

    def df(self, words: Iterable[str], missing: int = 0) -> npt.NDArray[np.int64]:
        """Document frequencies of ``words``; ``missing`` for words never seen."""
        return np.fromiter((self.counts.get(w, missing) for w in words), dtype=np.int64)

    def idf(
        self, words: Iterable[str], variant: IdfVariant = "paper", missing: int = 0
    ) -> npt.NDArray[np.float64]:
        return idf_from_df(self.df(words, missing), self.n_documents, variant)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write ``word<TAB>df`` lines (most frequent first) after a ``#n_documents`` header."""
        items = sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0]))
        with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as f:
            f.write(f"{_HEADER}\t{self.n_documents}\n")
            f.writelines(f"{w}\t{c}\n" for w, c in items)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> DocumentFrequencies:
        """Read a file written by :meth:`save`; errors name the file and line."""
        path = Path(path)
        counts: dict[str, int] = {}
        lineno = 1
        try:
            with open(path, encoding="utf-8") as f:
                header = f.readline().rstrip("\n").split("\t")
                if len(header) != 2 or header[0] != _HEADER or not _count(header[1]):
                    raise CorpusFormatError(
                        f"{path}:1: not a document-frequency file "
                        f"(expected a '{_HEADER}<TAB>N' header)"
                    )
                n = int(header[1])
                for lineno, line in enumerate(f, start=2):
                    word, sep, count = line.rstrip("\n").partition("\t")
                    if not sep or not _count(count):
                        raise CorpusFormatError(
                            f"{path}:{lineno}: expected 'word<TAB>df' with a whole-number df"
                        )
                    counts[word] = int(count)
        except FileNotFoundError:
            raise CorpusFormatError(f"{path}: no such document-frequency file") from None
        except IsADirectoryError:
            raise CorpusFormatError(
                f"{path}: is a directory, not a document-frequency file"
            ) from None
        except UnicodeDecodeError:
            raise CorpusFormatError(
                f"{path}: not UTF-8 text (after line {lineno}), not a document-frequency file"
            ) from None
        return cls(counts, n)


def count_document_frequencies(paths: Sequence[str | os.PathLike[str]]) -> DocumentFrequencies:
    """Count, for every word, the number of lines of the cleaned shards containing it."""
    counts: Counter[str] = Counter()
    n = 0
    for _, tokens in iter_clean(paths):
        counts.update(set(tokens))
        n += 1
    log.info("counted document frequencies of %d words over %d lines", len(counts), n)
    return DocumentFrequencies(dict(counts), n)


def merge_document_frequencies(parts: Iterable[DocumentFrequencies]) -> DocumentFrequencies:
    total: Counter[str] = Counter()
    n = 0
    for part in parts:
        total.update(part.counts)
        n += part.n_documents
    return DocumentFrequencies(dict(total), n)
