"""One model evaluated on one split from the stage's files (swarm and final runs)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from textsim.core.io import PathLike
from textsim.core.options import settings_of
from textsim.runtime.backend import select_backend
from textsim.schafer.settings import TrainingSettings

log = logging.getLogger(__name__)


def _load_reference(path: PathLike) -> Any:
    from textsim.schafer.metrics import Reference

    return Reference.load(path)


@dataclass(frozen=True)
class TrainingRun:
    """How every Schäfer training runs (the swarm's and the final runs' shared settings,
    one mapping read by :func:`settings_of`): ``settings`` (config ``schafer.training``
    as :class:`~textsim.schafer.settings.TrainingSettings`), ``seed``, ``backend``
    (Keras), ``deterministic``."""

    settings: TrainingSettings
    seed: int
    backend: str
    deterministic: bool

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> TrainingRun:
        run = settings_of(cls, options, "Schäfer training")
        return dataclasses.replace(run, settings=TrainingSettings.of(run.settings))


def evaluate_on_split(
    dataset: PathLike,
    words_path: PathLike,
    reference_path: PathLike,
    *,
    model: str,
    params: Mapping[str, Any],
    word_size: int,
    split: str,
    training: TrainingRun,
    checkpoint: str | None = None,
    select: PathLike | None = None,
) -> tuple[dict[str, Any], Any, Any]:
    """Train ``model`` on the train split and score ``split``, on the Keras
    ``backend`` (selected here, before keras is first imported); ``checkpoint``:
    the per-epoch training state's file (a rerun resumes from it); ``select``: the
    valid split's reference, to stop early and select on (see
    :func:`textsim.schafer.search.evaluate_model`)."""
    settings, seed, deterministic = training.settings, training.seed, training.deterministic
    select_backend(training.backend, deterministic=deterministic)
    from textsim.runtime.backend import describe, seed_everything
    from textsim.schafer.datasets import read_dataset
    from textsim.schafer.search import evaluate_model

    seed_everything(seed, deterministic=deterministic)

    frame, vocab = read_dataset(dataset)
    with np.load(words_path) as z:
        W = z[str(word_size)]
    record, vectors = evaluate_model(
        model,
        params,
        frame,
        vocab,
        W,
        _load_reference(reference_path),
        split,
        settings,
        seed,
        checkpoint=checkpoint,
        select=None if select is None else _load_reference(select),
    )
    record["runtime"] = describe()
    log.info("trained with Keras %(keras)s on %(backend)s, device %(device)s", record["runtime"])
    log.info(
        "%s %s: %s, %d epochs, %.1f s",
        model,
        params,
        {k: round(v, 4) for k, v in record["scores"].items()},
        record["epochs"],
        record["train_seconds"],
    )
    return record, vectors, frame.loc[frame["split"] == split, "label"].to_numpy()
