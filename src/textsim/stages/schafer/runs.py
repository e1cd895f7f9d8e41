"""Workflow glue of the final runs: rule schafer_run (searched hyperparameters, test split)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from textsim.core.io import PathLike, read_json, write_json, write_npz
from textsim.core.options import settings_of
from textsim.runtime.checkpoint import Checkpoint, checkpoint_for
from textsim.stages.schafer.evaluation import TrainingRun, evaluate_on_split

_RUN = re.compile(r"^(?P<model>[a-z0-9_]+)-(?P<wv>\d+)wv-(?P<dv>\d+|pso|fix)dv$")


@dataclass(frozen=True)
class FinalRun:
    """Rule schafer_run's settings (one mapping, read by :func:`settings_of`): the
    ``run`` (``<model>-<word>wv-<doc|pso|fix>dv``), the model's ``fixed``
    hyperparameters (None: the search's best) and the ``training``
    (:class:`~textsim.stages.schafer.evaluation.TrainingRun`)."""

    run: str
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
    configuration's ``fixed`` ones, the run's word and document sizes (``pso``: the
    search's), scored on the test split; with the training's ``stopping`` at
    ``valid_score``, stopped early on the valid split (``valid_reference``). The
    training's state is kept beside ``output`` after every epoch, so a killed run
    resumes. ``options``: :class:`FinalRun`."""
    opts = settings_of(FinalRun, options, "final run")
    run, fixed = opts.run, opts.fixed
    m = _RUN.match(run)
    if m is None:
        raise ValueError(f"run name {run!r} is not <model>-<word>wv-<doc|pso|fix>dv")
    if fixed is not None:
        params = dict(fixed)
    elif best is not None:
        params = dict(read_json(best)["params"])
    else:
        raise ValueError(f"run {run!r}: neither searched nor fixed hyperparameters")
    if m["dv"].isdigit():
        params["doc_size"] = int(m["dv"])
    training = TrainingRun.of(opts.training)
    record, vectors, labels = evaluate_on_split(
        dataset,
        words_path,
        reference_path,
        model=m["model"],
        params=params,
        word_size=int(m["wv"]),
        split="test",
        training=training,
        checkpoint=checkpoint_for(output),
        select=valid_reference if training.settings.stopping == "valid_score" else None,
    )
    record["run"] = run
    record["hyperparameters"] = "fixed" if fixed is not None else "searched"
    write_json(record, output)
    write_npz(vectors_out, vectors=vectors, labels=np.asarray(labels, dtype=str))
    Checkpoint(checkpoint_for(output), "").clear()  # the outputs are stored
