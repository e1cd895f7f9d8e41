"""Workflow glue of the selection procedure (:mod:`textsim.schafer.selection`): rules
schafer_trial (one trial, or a selected configuration's seed, or its untrained
control) and schafer_select (the best trial of a row)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from textsim.core.io import PathLike, read_json, write_json, write_npz
from textsim.core.options import settings_of
from textsim.runtime.checkpoint import Checkpoint, checkpoint_for
from textsim.schafer.selection import Point, best_trial, trial_settings
from textsim.stages.schafer.evaluation import TrainingRun, evaluate_on_split


@dataclass(frozen=True)
class Trial:
    """Rule schafer_trial's settings (one mapping, read by :func:`settings_of`): the
    ``row``, the ``point`` (:class:`Point`'s fields: its learning rate and early
    stopping, as the rule takes them from the configured grid), the models' ``fixed``
    hyperparameters, the ``word_size``, the ``training``
    (:class:`~textsim.stages.schafer.evaluation.TrainingRun`; its settings with
    ``untrained`` for a control)."""

    row: str
    point: Mapping[str, Any]
    fixed: Mapping[str, Mapping[str, Any]]
    word_size: int
    training: Mapping[str, Any]


def trial(
    dataset: PathLike,
    words_path: PathLike,
    reference_path: PathLike,
    valid_reference: PathLike,
    output: PathLike,
    vectors_out: PathLike,
    *,
    options: Mapping[str, Any],
) -> None:
    """Train one trial on the training split, early-stopped and scored on the valid
    split, and score the test split; the record holds both. Resumes a killed training
    from its per-epoch state beside ``output``."""
    opts = settings_of(Trial, options, "selection trial")
    run = TrainingRun.of(opts.training)
    point = Point(**opts.point)
    model, params, settings = trial_settings(opts.row, point, opts.fixed, run.settings)
    record, vectors, labels = evaluate_on_split(
        dataset,
        words_path,
        reference_path,
        model=model,
        params=params,
        word_size=opts.word_size,
        split="test",
        training=TrainingRun(settings, run.seed, run.backend, run.deterministic),
        checkpoint=checkpoint_for(output),
        select=valid_reference,
    )
    record |= {"row": opts.row, "point": point.name, "seed": run.seed}
    write_json(record, output)
    write_npz(vectors_out, vectors=vectors, labels=np.asarray(labels, dtype=str))
    Checkpoint(checkpoint_for(output), "").clear()  # the outputs are stored


def select(trials: Sequence[PathLike], output: PathLike) -> None:
    """The row's best trial by valid eq. 3.1, with every trial's valid score."""
    records = [read_json(p) for p in trials]
    best = best_trial(records)
    grid = [
        {
            "point": r["point"],
            "valid_total": r["valid_scores"]["total"],
            "epochs": r["epochs"],
            "best_epoch": r.get("best_epoch"),
        }
        for r in records
    ]
    write_json({"row": best["row"], "point": best["point"], "grid": grid}, output)
