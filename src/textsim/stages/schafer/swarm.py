"""Workflow glue of the particle swarm: schafer_swarm_start/evaluate_on_split/_step/_best."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textsim.core.io import PathLike, read_json, write_json
from textsim.core.options import settings_of
from textsim.runtime.checkpoint import Checkpoint, checkpoint_for
from textsim.stages.schafer.evaluation import TrainingRun, evaluate_on_split

log = logging.getLogger(__name__)


def _space(model: str, search: Mapping[str, Any]) -> Any:
    from textsim.schafer.search import search_space

    return search_space(model, search["bounds"], search["learning_rate_scale"])


def swarm_start(output: PathLike, *, model: str, search: Mapping[str, Any], seed: int) -> None:
    from textsim.schafer.pso import initial_swarm

    state = initial_swarm(_space(model, search), search["particles"], search["generations"], seed)
    write_json(state, output)


def swarm_step(
    state: PathLike, evaluations: Sequence[PathLike], output: PathLike, *, model: str, search: Any
) -> None:
    from textsim.schafer.pso import next_swarm

    fitness = [read_json(p)["scores"]["total"] for p in evaluations]
    new = next_swarm(_space(model, search), read_json(state), fitness)
    log.info("generation %d -> %d, fitness %s", new["generation"] - 1, new["generation"], fitness)
    write_json(new, output)


@dataclass(frozen=True)
class SwarmEvaluation:
    """Rule schafer_swarm_evaluate's settings (one mapping, read by
    :func:`settings_of`): the ``model``, the ``particle`` evaluated, the ``word_size``,
    the ``search`` (config ``schafer.search``) and the ``training``
    (:class:`~textsim.stages.schafer.evaluation.TrainingRun`)."""

    model: str
    particle: int
    word_size: int
    search: Mapping[str, Any]
    training: Mapping[str, Any]


def swarm_evaluate(
    state: PathLike,
    dataset: PathLike,
    words_path: PathLike,
    reference_path: PathLike,
    output: PathLike,
    *,
    options: Mapping[str, Any],
) -> None:
    """One particle of one generation, scored on the validation split; ``options``:
    :class:`SwarmEvaluation`."""
    from textsim.schafer.pso import decode

    opts = settings_of(SwarmEvaluation, options, "swarm evaluation")
    swarm = read_json(state)
    params = decode(_space(opts.model, opts.search), swarm["position"][opts.particle])
    training = TrainingRun.of(opts.training)
    record, _, _ = evaluate_on_split(
        dataset,
        words_path,
        reference_path,
        model=opts.model,
        params=params,
        word_size=opts.word_size,
        split="valid",
        training=training,
        checkpoint=checkpoint_for(output),
        select=reference_path if training.settings.stopping == "valid_score" else None,
    )
    record.update(generation=swarm["generation"], particle=opts.particle)
    write_json(record, output)
    Checkpoint(checkpoint_for(output), "").clear()  # the output is stored


def swarm_best(evaluations: Sequence[PathLike], output: PathLike) -> None:
    """The best evaluation of the search (validation total score; first on ties)."""
    records = [read_json(p) for p in evaluations]
    best = max(records, key=lambda r: r["scores"]["total"])
    log.info("best: %s %s", best["params"], best["scores"])
    write_json(best, output)
