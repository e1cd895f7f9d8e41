"""Workflow glue of the Schäfer data rules: schafer_dataset, schafer_reference, schafer_words."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from textsim.core.io import PathLike, write_json, write_npz
from textsim.core.options import settings_of

log = logging.getLogger(__name__)


READERS = ("ohsumed", "newsgroups")


@dataclass(frozen=True)
class DatasetOptions:
    """Rule schafer_dataset's settings (one mapping, read by :func:`settings_of`): the
    collection's ``reader`` (READERS), the ``topics`` kept and documents ``per_topic``
    (None: all), the splits' ``fractions``, the vocabulary's ``min_documents`` and
    ``max_fraction``, how ``duplicates`` are treated, ``seed``
    (:func:`textsim.schafer.datasets.prepare_dataset`)."""

    reader: str
    topics: int
    per_topic: int | None
    fractions: Mapping[str, float]
    min_documents: int
    max_fraction: float
    duplicates: str
    seed: int


def prepare(
    source: PathLike, output: PathLike, statistics: PathLike, *, options: Mapping[str, Any]
) -> None:
    """The prepared collection (documents, splits, vocabulary) and its statistics;
    ``options``: :class:`DatasetOptions`."""
    from textsim.schafer.datasets import (
        dataset_statistics,
        prepare_dataset,
        read_newsgroups,
        write_dataset,
    )
    from textsim.text.documents import read_ohsumed

    o = settings_of(DatasetOptions, options, "Schäfer dataset")
    reader = o.reader
    if reader not in READERS:
        raise ValueError(f"config key schafer.datasets.*.reader: {reader!r} not in {READERS}")
    collection = read_ohsumed(source) if reader == "ohsumed" else read_newsgroups(source)
    log.info("%s: %d documents, %d labels", source, len(collection), collection["label"].nunique())
    frame, vocab = prepare_dataset(
        collection,
        n_topics=o.topics,
        per_topic=o.per_topic,
        fractions=dict(o.fractions),
        seed=o.seed,
        min_documents=o.min_documents,
        max_fraction=o.max_fraction,
        duplicates=o.duplicates,
    )
    stats = dataset_statistics(frame, vocab)
    log.info("prepared: %s", stats)
    write_dataset(frame, vocab, output)
    write_json(stats, statistics)


@dataclass(frozen=True)
class ReferenceOptions:
    """Rule schafer_reference's settings (one mapping, read by :func:`settings_of`):
    config ``schafer.wisdm`` (``top_words`` per document, ``triplets``, ``queries``,
    ``near``, ``far_fraction``: :class:`textsim.schafer.metrics.Reference`) and
    ``seed``."""

    top_words: int
    triplets: int
    queries: int
    near: int
    far_fraction: float
    seed: int


def reference(
    dataset: PathLike,
    vectors: PathLike,
    outputs: Mapping[str, PathLike],
    *,
    options: Mapping[str, Any],
) -> None:
    """WISDM similarities, triplets and rank queries of each split in ``outputs``;
    ``options``: :class:`ReferenceOptions`."""
    from textsim.formats.vectorfile import read_vectors
    from textsim.schafer.datasets import read_dataset
    from textsim.schafer.metrics import Reference, rv_similarity_matrix, wisdm_matrices

    o = settings_of(ReferenceOptions, options, "Schäfer reference")
    frame, vocab = read_dataset(dataset)
    kv = read_vectors(vectors)
    for i, (split, path) in enumerate(outputs.items()):
        docs = list(frame.loc[frame["split"] == split, "tokens"])
        mats = wisdm_matrices(docs, kv, vocab.doc_freq, vocab.n_documents, o.top_words)
        S = rv_similarity_matrix(mats)
        described = np.asarray([m is not None for m in mats])
        ref = Reference.draw(
            S,
            n_triplets=o.triplets,
            n_queries=o.queries,
            near=o.near,
            far_fraction=o.far_fraction,
            seed=o.seed + i,
            described=described,
        )
        log.info(
            "%s: %d documents (%d without a word vector: no queries), mean RV %.3f",
            split,
            len(S),
            int((~described).sum()),
            S.mean(),
        )
        write_npz(path, similarity=ref.similarity, triplets=ref.triplets, queries=ref.queries)


def words(
    dataset: PathLike, vectors: PathLike, output: PathLike, *, sizes: Sequence[int], seed: int
) -> None:
    from textsim.formats.vectorfile import read_vectors
    from textsim.schafer.datasets import read_dataset
    from textsim.schafer.search import word_matrices

    _, vocab = read_dataset(dataset)
    mats = word_matrices(vocab, read_vectors(vectors), sizes, seed)
    write_npz(output, **{str(k): v for k, v in mats.items()})
