"""Particle swarm optimisation as Optunity's ``ParticleSwarm`` does it (the
optimiser of Schäfer 2018, §3.2.3.7), in ask/tell form so that every fitness
evaluation can be its own cached workflow job.

A swarm's state is a plain dict (JSON-serialisable): each generation's
positions are derived from the previous generation's state and the fitness of
its particles alone, so an interrupted search resumes from the evaluations
already on disk. Update (Optunity): ``speed += U(0, φ1)·(personal best − x) +
U(0, φ2)·(global best − x)``, clipped to ±``max_speed``·(upper − lower)
(``max_speed`` = 0.7 / generations by default, as Optunity 1.1), ``x += speed``;
φ1 = 1.5, φ2 = 2.0. Differences from Optunity: initial positions are uniform
(seeded) rather than a Sobol sequence; positions are clipped to the bounds (a
dropout of 1.2 or a batch of 5 cannot be evaluated); personal bests are copies
(Optunity's alias the moving position). Fitness is maximised.

Dimensions map a position to a hyperparameter: ``float``, ``log`` (searched
on log10), ``int`` (rounded) and ``choice`` (floor into the options).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Dimension", "decode", "initial_swarm", "next_swarm"]


@dataclass(frozen=True)
class Dimension:
    name: str
    low: float
    high: float
    kind: str = "float"  # float | log | int | choice
    options: tuple[Any, ...] = ()

    @property
    def bounds(self) -> tuple[float, float]:
        if self.kind == "log":
            return math.log10(self.low), math.log10(self.high)
        if self.kind == "choice":
            return 0.0, float(len(self.options))
        return float(self.low), float(self.high)

    def value(self, x: float) -> Any:
        if self.kind == "log":
            return float(10**x)
        if self.kind == "int":
            return round(x)
        if self.kind == "choice":
            return self.options[min(math.floor(x), len(self.options) - 1)]
        return float(x)


def decode(space: Sequence[Dimension], position: Sequence[float]) -> dict[str, Any]:
    """Hyperparameters of one particle position."""
    return {d.name: d.value(x) for d, x in zip(space, position, strict=True)}


def _limits(space: Sequence[Dimension]) -> tuple[np.ndarray, np.ndarray]:
    b = np.asarray([d.bounds for d in space], dtype=np.float64)
    return b[:, 0], b[:, 1]


def initial_swarm(
    space: Sequence[Dimension],
    particles: int,
    generations: int,
    seed: int,
    max_speed: float | None = None,
) -> dict[str, Any]:
    """Generation 0: uniform positions in the bounds, uniform speeds within ±smax."""
    lo, hi = _limits(space)
    smax = (0.7 / generations if max_speed is None else max_speed) * (hi - lo)
    rng = np.random.default_rng([seed, 0])
    pos = rng.uniform(lo, hi, (particles, len(space)))
    speed = rng.uniform(-smax, smax, (particles, len(space)))
    return {
        "generation": 0,
        "seed": seed,
        "names": [d.name for d in space],
        "smax": smax.tolist(),
        "position": pos.tolist(),
        "speed": speed.tolist(),
        "best_position": None,
        "best_fitness": None,
        "global_position": None,
        "global_fitness": None,
    }


def next_swarm(
    space: Sequence[Dimension],
    state: Mapping[str, Any],
    fitness: Sequence[float],
    phi1: float = 1.5,
    phi2: float = 2.0,
) -> dict[str, Any]:
    """The next generation from this one's state and its particles' fitness."""
    pos = np.asarray(state["position"], dtype=np.float64)
    speed = np.asarray(state["speed"], dtype=np.float64)
    fit = np.asarray(fitness, dtype=np.float64)
    if fit.shape != (len(pos),):
        raise ValueError(f"{len(pos)} particles but {fit.shape} fitness values")
    if state["best_position"] is None:
        best_pos, best_fit = pos.copy(), fit.copy()
    else:
        best_pos = np.asarray(state["best_position"], dtype=np.float64)
        best_fit = np.asarray(state["best_fitness"], dtype=np.float64)
        better = fit > best_fit
        best_pos[better], best_fit[better] = pos[better], fit[better]
    g = int(np.argmax(best_fit))
    if state["global_fitness"] is None or best_fit[g] > state["global_fitness"]:
        global_pos, global_fit = best_pos[g].copy(), float(best_fit[g])
    else:
        global_pos = np.asarray(state["global_position"], dtype=np.float64)
        global_fit = float(state["global_fitness"])
    generation = int(state["generation"]) + 1
    rng = np.random.default_rng([int(state["seed"]), generation])
    u1 = rng.uniform(0, phi1, pos.shape)
    u2 = rng.uniform(0, phi2, pos.shape)
    smax = np.asarray(state["smax"], dtype=np.float64)
    speed = np.clip(speed + u1 * (best_pos - pos) + u2 * (global_pos - pos), -smax, smax)
    lo, hi = _limits(space)
    pos = np.clip(pos + speed, lo, np.nextafter(hi, lo))
    return {
        **state,
        "generation": generation,
        "position": pos.tolist(),
        "speed": speed.tolist(),
        "best_position": best_pos.tolist(),
        "best_fitness": best_fit.tolist(),
        "global_position": global_pos.tolist(),
        "global_fitness": global_fit,
    }
