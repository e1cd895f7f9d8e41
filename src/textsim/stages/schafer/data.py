"""Workflow glue of the Schäfer data rules: schafer_dataset, schafer_reference, schafer_words."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

import numpy as np

from textsim.io import PathLike, write_json, write_npz

log = logging.getLogger(__name__)


READERS = ("ohsumed", "newsgroups")


def prepare(
    source: PathLike,
    output: PathLike,
    statistics: PathLike,
    *,
    reader: str,
    topics: int,
    per_topic: int | None,
    fractions: Mapping[str, float],
    min_documents: int,
    max_fraction: float,
    duplicates: str,
    seed: int,
) -> None:
    from textsim.schafer.datasets import (
        dataset_statistics,
        prepare_dataset,
        read_newsgroups,
        write_dataset,
    )
    from textsim.text.documents import read_ohsumed

    if reader not in READERS:
        raise ValueError(f"config key schafer.datasets.*.reader: {reader!r} not in {READERS}")
    collection = read_ohsumed(source) if reader == "ohsumed" else read_newsgroups(source)
    log.info("%s: %d documents, %d labels", source, len(collection), collection["label"].nunique())
    frame, vocab = prepare_dataset(
        collection,
        n_topics=topics,
        per_topic=per_topic,
        fractions=dict(fractions),
        seed=seed,
        min_documents=min_documents,
        max_fraction=max_fraction,
        duplicates=duplicates,
    )
    stats = dataset_statistics(frame, vocab)
    log.info("prepared: %s", stats)
    write_dataset(frame, vocab, output)
    write_json(stats, statistics)


def reference(
    dataset: PathLike,
    vectors: PathLike,
    outputs: Mapping[str, PathLike],
    *,
    top_words: int,
    triplets: int,
    queries: int,
    near: int,
    far_fraction: float,
    seed: int,
) -> None:
    """WISDM similarities, triplets and rank queries of each split in ``outputs``."""
    from textsim.formats.vectorfile import read_vectors
    from textsim.schafer.datasets import read_dataset
    from textsim.schafer.metrics import Reference, rv_similarity_matrix, wisdm_matrices

    frame, vocab = read_dataset(dataset)
    kv = read_vectors(vectors)
    for i, (split, path) in enumerate(outputs.items()):
        docs = list(frame.loc[frame["split"] == split, "tokens"])
        mats = wisdm_matrices(docs, kv, vocab.doc_freq, vocab.n_documents, top_words)
        S = rv_similarity_matrix(mats)
        described = np.asarray([m is not None for m in mats])
        ref = Reference.draw(
            S,
            n_triplets=triplets,
            n_queries=queries,
            near=near,
            far_fraction=far_fraction,
            seed=seed + i,
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
