"""Document collections for the Schäfer (2018) evaluation framework.

The thesis' preprocessing (§3.2.2.4): shuffle the corpus; clean title and body
(split sentences, tokenise, lemmatise, strip non-alphanumeric characters, drop
empty and one-character tokens); drop documents with an empty title or body and
duplicates (same cleaned title); then a vocabulary without the tokens that occur
in 10 documents or fewer or in at least 10% of the documents, every other token
replaced by ``UNK``. The "10 topics" datasets (Core10k10) are balanced subsets of
the ten most frequent topics; here of OHSUMED's MeSH categories and of the 20
Newsgroups.

Collections are frames with columns ``doc_id``, ``label``, ``title`` and
``sentences`` (raw text, the title first); prepared datasets add ``split``
(train / valid / test) and ``tokens`` (cleaned sentences, lists of tokens).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.core.io import atomic_path
from textsim.text.documents import DocumentFormatError, split_sentences, tar_texts

__all__ = [
    "PAD",
    "UNK",
    "Vocabulary",
    "balanced_subset",
    "clean_sentences",
    "dataset_statistics",
    "prepare_dataset",
    "read_dataset",
    "read_newsgroups",
    "write_dataset",
]

PAD = "<PAD>"
UNK = "<UNK>"
_TOKEN = re.compile(r"\w+(?:[-'.]\w+)*|[^\w\s]", re.UNICODE)
_NON_ALNUM = re.compile(r"[^0-9a-z]")
_NEWS_MEMBER = re.compile(r"^(?:\./)?20news-bydate-(train|test)/([a-z0-9.\-]+)/(\d+)$")
_QUOTE_INTRO = re.compile(r"(writes|wrote|says|said)\s*:\s*$", re.IGNORECASE)


@lru_cache(maxsize=500_000)
def _lemma(token: str) -> str:
    import simplemma

    return str(simplemma.lemmatize(token, lang="en"))


def clean_sentences(sentences: Iterable[str]) -> list[list[str]]:
    """The thesis' cleaning of one text: per sentence, tokenise, lower-case,
    lemmatise (simplemma's English dictionary), strip non-alphanumeric characters,
    drop empty and single-character tokens; sentences left empty are dropped."""
    out: list[list[str]] = []
    for sentence in sentences:
        tokens = []
        for raw in _TOKEN.findall(sentence.lower()):
            token = _NON_ALNUM.sub("", _lemma(raw).lower())
            if len(token) > 1:
                tokens.append(token)
        if tokens:
            out.append(tokens)
    return out


def _news_body(text: str) -> tuple[str, list[str]]:
    """Subject and body lines of a 20 Newsgroups post: headers dropped, as are quoted
    lines (``>``, ``|``) and the attribution line introducing them."""
    head, _, body = text.partition("\n\n")
    subject = ""
    for line in head.splitlines():
        if line.lower().startswith("subject:"):
            subject = line[8:].strip()
    lines = []
    for line in body.splitlines():
        stripped = line.strip()
        if stripped.startswith((">", "|")) or _QUOTE_INTRO.search(stripped):
            continue
        lines.append(line)
    return subject, lines


def read_newsgroups(path: str | os.PathLike[str]) -> pd.DataFrame:
    """The 20 Newsgroups "bydate" archive as a collection: ``doc_id`` (split/group/id),
    ``label`` (the newsgroup), ``title`` (the subject line) and ``sentences``
    (subject first, then the body's sentences, headers and quotations removed)."""
    rows: list[dict[str, object]] = []
    layout = "20news-bydate-(train|test)/<group>/<id>"
    # the posts predate UTF-8 usenet: latin-1 reads every byte
    for m, text in tar_texts(path, _NEWS_MEMBER, layout, encoding="latin-1"):
        subject, lines = _news_body(text)
        split, group, number = m.groups()
        body = split_sentences(" ".join(lines).replace("  ", " "))
        rows.append(
            {
                "doc_id": f"{split}/{group}/{number}",
                "label": group,
                "title": subject,
                "sentences": [subject, *body],
            }
        )
    return pd.DataFrame(rows)


DUPLICATES = ("title", "text")


def _clean_collection(frame: pd.DataFrame, seed: int, duplicates: str = "title") -> pd.DataFrame:
    """Shuffle, clean, drop empty titles/bodies and duplicates (first kept): documents
    with the same cleaned title (``title``, the thesis') or the same cleaned title
    and body (``text``: for collections whose titles name threads, not documents)."""
    if duplicates not in DUPLICATES:
        raise ValueError(f"duplicates must be one of {DUPLICATES}, got {duplicates!r}")
    rng = np.random.default_rng(seed)
    shuffled = frame.iloc[rng.permutation(len(frame))].reset_index(drop=True)
    title_tokens = [
        " ".join(t for s in clean_sentences([title]) for t in s) for title in shuffled["title"]
    ]
    body_tokens = [clean_sentences(s[1:]) for s in shuffled["sentences"]]
    out = shuffled.assign(clean_title=title_tokens, tokens=pd.Series(body_tokens, dtype=object))
    keep = (out["clean_title"] != "") & out["tokens"].map(bool)
    out = out[keep]
    if duplicates == "title":
        out = out[~out["clean_title"].duplicated(keep="first")]
    else:
        text = out["clean_title"] + "\n" + out["tokens"].map(lambda b: " ".join(map(" ".join, b)))
        out = out[~text.duplicated(keep="first")]
    # the title (cleaned) is the document's first sentence, as in the readers
    joined = [[t.split(), *b] for t, b in zip(out["clean_title"], out["tokens"], strict=True)]
    out = out.assign(tokens=pd.Series(joined, index=out.index, dtype=object))
    return out.drop(columns="clean_title").reset_index(drop=True)


def balanced_subset(
    frame: pd.DataFrame, n_topics: int, per_topic: int | None, seed: int
) -> pd.DataFrame:
    """The ``n_topics`` most frequent labels, ``per_topic`` documents each (all
    topics the size of the smallest of them when ``per_topic`` is None)."""
    counts = frame["label"].value_counts()
    if len(counts) < n_topics:
        raise ValueError(f"only {len(counts)} labels, {n_topics} topics asked for")
    top = counts.sort_values(ascending=False, kind="stable").index[:n_topics]
    size = int(counts[top].min()) if per_topic is None else per_topic
    if size > counts[top].min():
        raise ValueError(
            f"per_topic {size} exceeds the smallest of the {n_topics} topics "
            f"({top[-1]}: {counts[top].min()} documents)"
        )
    rng = np.random.default_rng(seed)
    parts = []
    for label in sorted(top):
        rows = np.flatnonzero(frame["label"].to_numpy() == label)
        parts.append(frame.iloc[np.sort(rng.choice(rows, size, replace=False))])
    return pd.concat(parts).reset_index(drop=True)


def _assign_splits(labels: npt.ArrayLike, fractions: dict[str, float], seed: int) -> list[str]:
    """Stratified train/valid/test assignment (``fractions`` of valid and test)."""
    labels = np.asarray(labels)
    rng = np.random.default_rng(seed)
    split = np.empty(len(labels), dtype=object)
    for label in np.unique(labels):
        rows = rng.permutation(np.flatnonzero(labels == label))
        n_test = round(fractions["test"] * len(rows))
        n_valid = round(fractions["valid"] * len(rows))
        split[rows[:n_test]] = "test"
        split[rows[n_test : n_test + n_valid]] = "valid"
        split[rows[n_test + n_valid :]] = "train"
    return list(split)


@dataclass(frozen=True)
class Vocabulary:
    """Token ids: 0 = ``PAD``, 1 = ``UNK``, then kept tokens by descending document
    frequency (ties alphabetical). ``doc_freq``/``count`` hold every token's statistics."""

    tokens: tuple[str, ...]
    doc_freq: dict[str, int]
    count: dict[str, int]
    n_documents: int

    @classmethod
    def build(
        cls,
        documents: Iterable[Sequence[Sequence[str]]],
        min_documents: int = 10,
        max_fraction: float = 0.1,
    ) -> Vocabulary:
        """Keep tokens in more than ``min_documents`` documents and in fewer than
        ``max_fraction`` of all documents (the thesis: 10 and 10%)."""
        df: Counter[str] = Counter()
        tf: Counter[str] = Counter()
        n = 0
        for doc in documents:
            n += 1
            words = [t for s in doc for t in s]
            tf.update(words)
            df.update(set(words))
        kept = [t for t, c in df.items() if c > min_documents and c < max_fraction * n]
        kept.sort(key=lambda t: (-df[t], t))
        return cls((PAD, UNK, *kept), dict(df), dict(tf), n)

    def __len__(self) -> int:
        return len(self.tokens)

    @cached_property
    def index(self) -> dict[str, int]:
        """Token -> id (built once; :meth:`encode` runs per document)."""
        return {t: i for i, t in enumerate(self.tokens)}

    def encode(self, sentences: Sequence[Sequence[str]]) -> list[list[int]]:
        """Token ids per sentence; tokens outside the vocabulary become ``UNK`` (1)."""
        index = self.index
        return [[index.get(t, 1) for t in s] for s in sentences]


def prepare_dataset(
    collection: pd.DataFrame,
    *,
    n_topics: int,
    per_topic: int | None,
    fractions: dict[str, float],
    seed: int,
    min_documents: int = 10,
    max_fraction: float = 0.1,
    duplicates: str = "title",
) -> tuple[pd.DataFrame, Vocabulary]:
    """Clean, deduplicate (``duplicates``: by ``title`` or whole ``text``), balance and
    split a collection. The pruned vocabulary (and its document frequencies) comes
    from the whole cleaned collection, every label included, as the thesis builds its
    vocabulary on the whole corpus and draws its 10-topic datasets from it (§3.2.2.4)."""
    cleaned = _clean_collection(collection, seed, duplicates)
    vocab = Vocabulary.build(cleaned["tokens"], min_documents, max_fraction)
    subset = balanced_subset(cleaned, n_topics, per_topic, seed)
    subset = subset.assign(split=_assign_splits(subset["label"], fractions, seed))
    return subset[["doc_id", "split", "label", "title", "tokens"]], vocab


def write_dataset(frame: pd.DataFrame, vocab: Vocabulary, path: str | os.PathLike[str]) -> None:
    """One JSON object per line (a header line with the vocabulary first)."""
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as fh:
        header = {
            "vocabulary": list(vocab.tokens),
            "doc_freq": vocab.doc_freq,
            "count": vocab.count,
            "n_documents": vocab.n_documents,
        }
        fh.write(json.dumps(header) + "\n")
        for row in frame.itertuples(index=False):
            record = {
                "doc_id": row.doc_id,
                "split": row.split,
                "label": row.label,
                "title": row.title,
                "tokens": row.tokens,
            }
            fh.write(json.dumps(record) + "\n")


def read_dataset(path: str | os.PathLike[str]) -> tuple[pd.DataFrame, Vocabulary]:
    """Inverse of :func:`write_dataset`; errors name the file and line."""
    rows = []
    with open(path, encoding="utf-8") as fh:
        try:
            header = json.loads(fh.readline())
            vocab = Vocabulary(
                tuple(header["vocabulary"]),
                header["doc_freq"],
                header["count"],
                header["n_documents"],
            )
        except (json.JSONDecodeError, KeyError, TypeError) as err:
            raise DocumentFormatError(f"{path}:1: not a dataset header ({err})") from None
        for number, line in enumerate(fh, start=2):
            try:
                record = json.loads(line)
                rows.append({k: record[k] for k in ("doc_id", "split", "label", "title", "tokens")})
            except (json.JSONDecodeError, KeyError, TypeError) as err:
                raise DocumentFormatError(f"{path}:{number}: not a document ({err})") from None
    if not rows:
        raise DocumentFormatError(f"{path}: no documents")
    return pd.DataFrame(rows), vocab


def document_texts(
    path: str | os.PathLike[str],
) -> tuple[dict[str, list[str]], dict[str, npt.NDArray[np.str_]]]:
    """Each split's documents of a dataset file as the zero-training methods read them
    (the thesis' tokens in its vocabulary, joined by spaces; whole documents), and
    their topic labels."""
    frame, vocab = read_dataset(path)
    kept = set(vocab.tokens[2:])
    texts = {
        str(split): [" ".join(t for s in d for t in s if t in kept) for d in part["tokens"]]
        for split, part in frame.groupby("split")
    }
    labels = {str(split): part["label"].to_numpy() for split, part in frame.groupby("split")}
    return texts, labels


def dataset_statistics(frame: pd.DataFrame, vocab: Vocabulary) -> dict[str, int]:
    """The thesis' Table 3.1 columns plus the split sizes and vocabulary size."""
    out = {
        "documents": len(frame),
        "sentences": int(frame["tokens"].map(len).sum()),
        "words": int(frame["tokens"].map(lambda d: sum(map(len, d))).sum()),
        "labels": int(frame["label"].nunique()),
    }
    for split in ("train", "valid", "test"):
        out[f"{split} documents"] = int((frame["split"] == split).sum())
    out["vocabulary"] = len(vocab)
    return out
