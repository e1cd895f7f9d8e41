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
    from textsim.word2vec import train_word2vec as train

    train(shards, output, params, seed=seed, workers=workers)


def evaluate_word2vec(
    vectors: PathLike, analogies: PathLike, wordsim: PathLike, output: PathLike
) -> None:
    from textsim.word2vec import evaluate_word_vectors, load_vectors

    frame = evaluate_word_vectors(load_vectors(vectors), analogies, wordsim)
    with atomic_path(output) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.4f")
