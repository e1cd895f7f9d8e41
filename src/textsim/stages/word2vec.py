"""Workflow glue of the word2vec stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from textsim.core.io import PathLike, write_csv

log = logging.getLogger(__name__)


def train_word2vec(
    shards: Sequence[PathLike],
    output: PathLike,
    *,
    settings: Mapping[str, Any],
    seed: int,
    workers: int,
) -> None:
    """Word vectors of ``shards`` with gensim's word2vec ``settings`` (the config's
    ``word2vec``), resumable from the per-epoch checkpoint beside ``output``."""
    from textsim.formats.vectorfile import write_vectors
    from textsim.runtime.checkpoint import checkpoint_for
    from textsim.vectors.word2vec import train_word2vec as train

    checkpoint = Path(checkpoint_for(output))
    kv = train(shards, settings, seed=seed, workers=workers, checkpoint=checkpoint)
    write_vectors(output, kv)
    checkpoint.unlink(missing_ok=True)  # the vectors are stored: the training is done
    log.info("saved %d vectors of dimension %d to %s", len(kv), kv.vector_size, output)


def evaluate_word2vec(
    vectors: PathLike, analogies: PathLike, wordsim: PathLike, output: PathLike
) -> None:
    from textsim.formats.vectorfile import read_vectors
    from textsim.vectors.word2vec import evaluate_word_vectors

    frame = evaluate_word_vectors(read_vectors(vectors), analogies, wordsim)
    write_csv(frame, output, float_format="%.4f")


def convert_vectors(source: PathLike, output: PathLike) -> None:
    """Published vectors in word2vec format (e.g. Google News, gzip binary) → textsim
    ``.npz`` (read many times faster than the word2vec format is parsed)."""
    from textsim.formats.vectorfile import read_vectors, write_vectors

    kv = read_vectors(source, trusted=False)
    log.info("read %d vectors of dimension %d from %s", len(kv), kv.vector_size, source)
    write_vectors(output, kv)
