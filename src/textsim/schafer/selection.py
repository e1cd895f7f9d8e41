"""One selection procedure for every Schäfer model, fixed before the run.

Each model keeps its configured hyperparameters (``schafer.fixed``) except the learning
rate, which runs over a grid of its optimizer's (``schafer.selection.learning_rates``);
the LSTM models also train with a longer patience and epoch limit (§4.1: "Topic LSTM
mostly uses its maximum of 50 epochs … this number should be increased"). Every trial
trains on the whole training split and, for the Keras models, stops early on eq. 3.1
of the valid split (the swarm's fitness; Doc2Vec and Doc2Sent2Vec keep their own
epochs). The trial with the best valid eq. 3.1 on the selection dataset is the
model's configuration; it then trains with every seed on every dataset, each seed
beside its untrained control, and is scored on the test split.

A row is a model, or a model in another reading (:data:`READINGS`: the recurrent
autoencoder reconstructing the mean word vector, §3.3.1.6's other reading).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textsim.schafer.hyperparameters import DECLARATIONS
from textsim.schafer.settings import TrainingSettings

__all__ = [
    "READINGS",
    "ROWS",
    "Point",
    "best_trial",
    "grid",
    "grid_edge",
    "row_model",
    "trial_settings",
]

#: rows that are a model in another reading: row -> (model, training settings it sets)
READINGS: dict[str, tuple[str, dict[str, Any]]] = {
    "rae-mean": ("rae", {"reconstruct": "mean"}),
}
#: every row the selection knows: the six models, then the other readings
ROWS = (*DECLARATIONS, *READINGS)

_POINT = re.compile(r"^lr(?P<lr>[0-9.e+-]+?)-p(?P<patience>\d+)-e(?P<epochs>\d+)$")


def row_model(row: str) -> tuple[str, dict[str, Any]]:
    """(the model, the training settings of its reading) of a row."""
    if row in READINGS:
        model, settings = READINGS[row]
        return model, dict(settings)
    if row in DECLARATIONS:
        return row, {}
    raise ValueError(f"unknown selection row {row!r}; known: {', '.join(ROWS)}")


@dataclass(frozen=True, order=True)
class Point:
    """One trial's learning rate and early stopping."""

    learning_rate: float
    patience: int
    max_epochs: int

    @property
    def name(self) -> str:
        return f"lr{self.learning_rate:g}-p{self.patience}-e{self.max_epochs}"

    @classmethod
    def parse(cls, name: str) -> Point:
        m = _POINT.match(name)
        if m is None:
            raise ValueError(f"{name!r} is not a selection point (lr<rate>-p<patience>-e<epochs>)")
        return cls(float(m["lr"]), int(m["patience"]), int(m["epochs"]))


def grid(
    row: str,
    fixed: Mapping[str, Mapping[str, Any]],
    selection: Mapping[str, Any],
    training: Mapping[str, Any],
) -> list[Point]:
    """The trials of ``row``: every learning rate of its optimizer's grid (a model
    without an optimizer, Doc2Vec: the grid under its own name, gensim's alpha), at the
    training's patience and epoch limit and, for the rows under
    ``selection.long.models`` whose model stops early (its declaration takes
    ``max_epochs``), also at the long ones."""
    model, _ = row_model(row)
    if model not in fixed:
        raise ValueError(
            f"schafer.selection.models: {row} needs its hyperparameters in schafer.fixed.{model}"
        )
    declaration = DECLARATIONS[model]
    optimized = "optimizer" in declaration.searched
    key = str(fixed[model]["optimizer"]) if optimized else model
    rates = selection["learning_rates"][key]
    stops = [(int(training["patience"]), int(training["max_epochs"]))]
    long = selection["long"]
    if row in long["models"] and "max_epochs" in declaration.settings:
        stops.append((int(long["patience"]), int(long["max_epochs"])))
    points = [Point(float(lr), p, e) for lr in rates for p, e in stops]
    return list(dict.fromkeys(points))


def trial_settings(
    row: str,
    point: Point,
    fixed: Mapping[str, Mapping[str, Any]],
    training: TrainingSettings | Mapping[str, Any],
) -> tuple[str, dict[str, Any], TrainingSettings]:
    """(model, hyperparameters, training settings) of one trial."""
    model, reading = row_model(row)
    params = {**fixed[model], "learning_rate": point.learning_rate}
    settings = TrainingSettings.of(training).with_changes(
        **reading, patience=point.patience, max_epochs=point.max_epochs
    )
    return model, params, settings


def best_trial(trials: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The trial record with the highest valid eq. 3.1 (``valid_scores.total``); a tie
    goes to the first in grid order. A trial whose score is not finite never wins."""
    if not trials:
        raise ValueError("no trial to select from")
    best: Mapping[str, Any] | None = None
    for trial in trials:
        if "valid_scores" not in trial:
            raise ValueError(f"trial {trial.get('point')!r} has no valid-split scores")
        total = float(trial["valid_scores"]["total"])
        if math.isfinite(total) and (best is None or total > best["valid_scores"]["total"]):
            best = trial
    if best is None:
        raise ValueError("no trial has a finite valid-split score")
    return best


def grid_edge(chosen: str, points: Sequence[str]) -> str | None:
    """Where the ``chosen`` point's learning rate sits in the grid of ``points`` (every
    trial's name): ``"lowest"`` or ``"highest"`` when no trial tried a rate beyond it on
    that side, None when it lies strictly inside. A choice on an edge says the optimum
    may lie beyond the grid; a grid of one rate has only edges."""
    rate = Point.parse(chosen).learning_rate
    rates = sorted({Point.parse(p).learning_rate for p in points} | {rate})
    if rate == rates[-1]:
        return "highest"
    if rate == rates[0]:
        return "lowest"
    return None
