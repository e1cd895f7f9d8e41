"""Workflow glue of the final runs: rule schafer_run (searched hyperparameters, test split)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from textsim.core.io import PathLike, read_json, write_json, write_npz
from textsim.core.options import settings_of
from textsim.runtime.checkpoint import Checkpoint, checkpoint_for
from textsim.stages.schafer.evaluation import TrainingRun, evaluate_on_split


@dataclass(frozen=True)
class FinalRun:
    """Rule schafer_run's settings (one mapping, read by :func:`settings_of`): the
    ``run``'s name (``<model>-<word>wv-<doc|pso|fix>dv``, for its record only), the
    ``model``, its ``word_size``, its ``doc_size`` (None: its hyperparameters' own, the
    search's or the fixed configuration's), the model's ``fixed`` hyperparameters (None:
    the search's best) and the ``training``
    (:class:`~textsim.stages.schafer.evaluation.TrainingRun`)."""

    run: str
    model: str
    word_size: int
    doc_size: int | None
    fixed: Mapping[str, Any] | None
    training: Mapping[str, Any]


def final_run(
    best: PathLike | None,
    dataset: PathLike,
    words_path: PathLike,
    reference_path: PathLike,
    valid_reference: PathLike,
    output: PathLike,
    vectors_out: PathLike,
    *,
    options: Mapping[str, Any],
) -> None:
    """A Table A.1/A.2 row: the search's best hyperparameters (``best``) or the
    configuration's ``fixed`` ones, at the run's word and document sizes, scored on the
    test split; with the training's ``stopping`` at ``valid_score``, stopped early on
    the valid split (``valid_reference``). The training's state is kept beside
    ``output`` after every epoch, so a killed run resumes. ``options``:
    :class:`FinalRun`."""
    opts = settings_of(FinalRun, options, "final run")
    if opts.fixed is not None:
        params = dict(opts.fixed)
    elif best is not None:
        params = dict(read_json(best)["params"])
    else:
        raise ValueError(f"run {opts.run!r}: neither searched nor fixed hyperparameters")
    if opts.doc_size is not None:
        params["doc_size"] = int(opts.doc_size)
    training = TrainingRun.of(opts.training)
    record, vectors, labels = evaluate_on_split(
        dataset,
        words_path,
        reference_path,
        model=opts.model,
        params=params,
        word_size=int(opts.word_size),
        split="test",
        training=training,
        checkpoint=checkpoint_for(output),
        select=valid_reference if training.settings.stopping == "valid_score" else None,
    )
    record["run"] = opts.run
    record["hyperparameters"] = "fixed" if opts.fixed is not None else "searched"
    write_json(record, output)
    write_npz(vectors_out, vectors=vectors, labels=np.asarray(labels, dtype=str))
    Checkpoint(checkpoint_for(output), "").clear()  # the outputs are stored
