"""Workflow glue of the word2vec stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from textsim.io import PathLike, atomic_path

log = logging.getLogger(__name__)


def train_word2vec(
    shards: Sequence[PathLike],
    output: PathLike,
    *,
    params: Mapping[str, Any],
    seed: int,
    workers: int,
) -> None:
    from textsim.vectors.word2vec import train_word2vec as train

    train(shards, output, params, seed=seed, workers=workers)


def evaluate_word2vec(
    vectors: PathLike, analogies: PathLike, wordsim: PathLike, output: PathLike
) -> None:
    from textsim.vectors.word2vec import evaluate_word_vectors, load_vectors

    frame = evaluate_word_vectors(load_vectors(vectors), analogies, wordsim)
    with atomic_path(output) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.4f")


def convert_vectors(source: PathLike, output: PathLike, *, binary: bool = True) -> None:
    """Published vectors in word2vec format (e.g. Google News, gzip binary) → gensim ``.kv``."""
    from gensim.models import KeyedVectors

    kv = KeyedVectors.load_word2vec_format(str(source), binary=binary)
    log.info("read %d vectors of dimension %d from %s", len(kv), kv.vector_size, source)
    with atomic_path(output) as tmp:
        kv.save(str(tmp), sep_limit=1 << 62, pickle_protocol=4)
