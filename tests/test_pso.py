"""Particle swarm in ask/tell form (Optunity's update), hyperparameter decoding."""

import json

import numpy as np
import pytest

from textsim.schafer.hyperparameters import check_fixed
from textsim.schafer.pso import Dimension, decode, initial_swarm, next_swarm
from textsim.schafer.search import search_space

SPACE = [Dimension("x", -5, 5), Dimension("y", -5, 5)]


def _fitness(state):
    return [-((x - 1.5) ** 2) - (y + 2) ** 2 for x, y in state["position"]]


def test_swarm_improves_and_approaches_the_optimum():
    state = initial_swarm(SPACE, particles=7, generations=30, seed=3)
    first = max(_fitness(state))
    for _ in range(30):
        state = next_swarm(SPACE, state, _fitness(state))
    assert state["global_fitness"] >= first
    assert state["global_fitness"] > -0.05
    np.testing.assert_allclose(state["global_position"], [1.5, -2], atol=0.25)
    assert np.all(np.abs(np.asarray(state["position"])) <= 5)


def test_swarm_state_survives_json_and_is_deterministic():
    a = initial_swarm(SPACE, 4, 5, seed=1)
    b = json.loads(json.dumps(a))
    assert next_swarm(SPACE, a, _fitness(a)) == next_swarm(SPACE, b, _fitness(b))
    with pytest.raises(ValueError, match="fitness"):
        next_swarm(SPACE, a, [0.0])


def test_decode_kinds():
    space = [
        Dimension("n", 20, 200, "int"),
        Dimension("lr", 1e-4, 0.1, "log"),
        Dimension("opt", 0, 0, "choice", ("sgd", "adam", "adagrad")),
    ]
    assert space[1].bounds == pytest.approx((-4, -1))
    assert space[2].bounds == (0, 3)
    assert decode(space, [20.4, -3, 2.9999]) == {
        "n": 20,
        "lr": pytest.approx(1e-3),
        "opt": "adagrad",
    }


def test_search_space_per_model():
    bounds = {
        "doc_size": [20, 200],
        "batch_size": [20, 500],
        "learning_rate": [1e-4, 0.1],
        "dropout": [0, 0.99],
    }
    assert [d.name for d in search_space("doc2vec", bounds)] == ["doc_size", "learning_rate"]
    assert [d.name for d in search_space("topic_lstm", bounds)] == [
        "doc_size",
        "batch_size",
        "optimizer",
        "learning_rate",
        "dropout",
    ]
    assert search_space("rae", bounds, "log")[3].kind == "log"
    with pytest.raises(ValueError, match="unknown model"):
        search_space("bert", bounds)


def test_fixed_configurations_name_exactly_the_searched_hyperparameters():
    """What a fixed configuration must name is what the swarm searches (one list)."""
    bounds = {k: (0.0, 1.0) for k in ("doc_size", "batch_size", "learning_rate", "dropout")}
    ok = {m: {d.name: 1 for d in search_space(m, bounds)} for m in ("doc2vec", "topic_cnn")}
    check_fixed(ok)
    with pytest.raises(ValueError, match=r"schafer\.fixed\.doc2vec: doc2vec takes no dropout"):
        check_fixed({"doc2vec": {**ok["doc2vec"], "dropout": 0.1}})
    with pytest.raises(ValueError, match=r"schafer\.fixed\.topic_cnn: missing optimizer"):
        check_fixed({"topic_cnn": {k: v for k, v in ok["topic_cnn"].items() if k != "optimizer"}})
