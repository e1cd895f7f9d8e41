"""Labelled document collections: readers and sentence splitting.

OHSUMED (single-label, 23 MeSH disease categories) as held in the mirror: a
tar archive ``ohsumed_single_23/{training,test}/Cxx/<id>``, one abstract per
file, the title on the first line and (in this collection) one sentence per
following line.
"""

from __future__ import annotations

import os
import re
import tarfile
from pathlib import Path

import pandas as pd

__all__ = ["DocumentFormatError", "read_ohsumed", "split_sentences"]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
_OHSUMED_MEMBER = re.compile(r"^(?:\./)?[^/]+/(training|test)/(C\d\d)/([^/]+)$")


class DocumentFormatError(ValueError):
    """A malformed document collection; the message names the file (and member)."""


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text``: each line, further split after ``.``, ``!`` or ``?``
    followed by white space and a capital letter, digit, quote or bracket."""
    out: list[str] = []
    for line in text.splitlines():
        out += [s.strip() for s in _SENTENCE_END.split(line) if s.strip()]
    return out


def read_ohsumed(path: str | os.PathLike[str], max_documents: int | None = None) -> pd.DataFrame:
    """One row per abstract: ``doc_id``, ``split`` (train/test), ``label`` (Cxx),
    ``title`` and ``sentences`` (title first), sorted by split, label and id.

    ``max_documents`` keeps the documents of each split with the smallest ids
    (a deterministic subset, unrelated to the labels, for quick runs)."""
    path = Path(path)
    rows: list[dict[str, object]] = []
    try:
        with tarfile.open(path, "r:*") as tf:
            for info in tf:
                if not info.isfile():
                    continue
                m = _OHSUMED_MEMBER.match(info.name)
                if m is None:
                    raise DocumentFormatError(
                        f"{path}: member {info.name} is not <root>/(training|test)/Cxx/<id>"
                    )
                src = tf.extractfile(info)
                assert src is not None
                raw = src.read()
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as err:
                    raise DocumentFormatError(
                        f"{path}: member {info.name}: not UTF-8 ({err.reason} at byte {err.start})"
                    ) from None
                sentences = split_sentences(text)
                if not sentences:
                    raise DocumentFormatError(f"{path}: member {info.name} is empty")
                split, label, doc_id = m.groups()
                rows.append(
                    {
                        "doc_id": doc_id,
                        "split": "train" if split == "training" else "test",
                        "label": label,
                        "title": sentences[0],
                        "sentences": sentences,
                    }
                )
    except (tarfile.TarError, EOFError, OSError) as err:
        raise DocumentFormatError(f"{path}: unreadable archive ({err})") from None
    if not rows:
        raise DocumentFormatError(f"{path}: no documents")
    frame = pd.DataFrame(rows).sort_values(["split", "doc_id", "label"], ignore_index=True)
    if max_documents is not None:
        frame = frame.groupby("split", sort=False).head(max_documents)
    return frame.sort_values(["split", "label", "doc_id"], ignore_index=True)
