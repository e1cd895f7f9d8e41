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
from collections.abc import Iterator
from pathlib import Path

import pandas as pd

__all__ = ["DocumentFormatError", "read_ohsumed", "split_sentences", "tar_texts"]

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


def tar_texts(
    path: str | os.PathLike[str], member: re.Pattern[str], layout: str, encoding: str = "utf-8"
) -> Iterator[tuple[re.Match[str], str]]:
    """The (name match, decoded text) of every file in a tar archive (any compression).
    A member not matching ``member`` (described by ``layout``), text not in
    ``encoding``, an unreadable or an empty archive raise :class:`DocumentFormatError`
    naming the archive and member."""
    path = Path(path)
    found = False
    try:
        with tarfile.open(path, "r:*") as tf:
            for info in tf:
                if not info.isfile():
                    continue
                m = member.match(info.name)
                if m is None:
                    raise DocumentFormatError(f"{path}: member {info.name} is not {layout}")
                src = tf.extractfile(info)
                assert src is not None
                raw = src.read()
                try:
                    text = raw.decode(encoding)
                except UnicodeDecodeError as err:
                    raise DocumentFormatError(
                        f"{path}: member {info.name}: not {encoding.upper()} "
                        f"({err.reason} at byte {err.start})"
                    ) from None
                found = True
                yield m, text
    except (tarfile.TarError, EOFError, OSError) as err:
        raise DocumentFormatError(f"{path}: unreadable archive ({err})") from None
    if not found:
        raise DocumentFormatError(f"{path}: no documents")


def read_ohsumed(path: str | os.PathLike[str], max_documents: int | None = None) -> pd.DataFrame:
    """One row per abstract: ``doc_id``, ``split`` (train/test), ``label`` (Cxx),
    ``title`` and ``sentences`` (title first), sorted by split, label and id.

    ``max_documents`` keeps the documents of each split with the smallest ids
    (a deterministic subset, unrelated to the labels, for quick runs)."""
    rows: list[dict[str, object]] = []
    for m, text in tar_texts(path, _OHSUMED_MEMBER, "<root>/(training|test)/Cxx/<id>"):
        sentences = split_sentences(text)
        if not sentences:
            raise DocumentFormatError(f"{path}: member {m.string} is empty")
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
    frame = pd.DataFrame(rows).sort_values(["split", "doc_id", "label"], ignore_index=True)
    if max_documents is not None:
        frame = frame.groupby("split", sort=False).head(max_documents)
    return frame.sort_values(["split", "label", "doc_id"], ignore_index=True)


#: OHSUMED's 23 MeSH disease categories (the single-label subset's folder names)
OHSUMED_CATEGORIES = {
    "C01": "Bacterial Infections and Mycoses",
    "C02": "Virus Diseases",
    "C03": "Parasitic Diseases",
    "C04": "Neoplasms",
    "C05": "Musculoskeletal Diseases",
    "C06": "Digestive System Diseases",
    "C07": "Stomatognathic Diseases",
    "C08": "Respiratory Tract Diseases",
    "C09": "Otorhinolaryngologic Diseases",
    "C10": "Nervous System Diseases",
    "C11": "Eye Diseases",
    "C12": "Urologic and Male Genital Diseases",
    "C13": "Female Genital Diseases and Pregnancy Complications",
    "C14": "Cardiovascular Diseases",
    "C15": "Hemic and Lymphatic Diseases",
    "C16": "Neonatal Diseases and Abnormalities",
    "C17": "Skin and Connective Tissue Diseases",
    "C18": "Nutritional and Metabolic Diseases",
    "C19": "Endocrine Diseases",
    "C20": "Immunologic Diseases",
    "C21": "Disorders of Environmental Origin",
    "C22": "Animal Diseases",
    "C23": "Pathological Conditions, Signs and Symptoms",
}


def category_name(label: str) -> str:
    """A label as a reader knows it: ``C04`` → ``C04 Neoplasms``; other labels unchanged
    (20 Newsgroups' labels are already the group names)."""
    name = OHSUMED_CATEGORIES.get(label)
    return f"{label} {name}" if name else label
