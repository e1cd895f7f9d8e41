"""The selection procedure's grid, point names and choice (textsim.schafer.selection)."""

import math

import pytest

from textsim.schafer.selection import ROWS, Point, best_trial, grid, row_model, trial_settings
from textsim.schafer.settings import TrainingSettings

FIXED = {
    "doc2vec": {"doc_size": 138, "learning_rate": 0.025},
    "topic_lstm": {
        "doc_size": 143,
        "batch_size": 50,
        "optimizer": "adagrad",
        "learning_rate": 0.01,
        "dropout": 0.2,
    },
    "rae": {
        "doc_size": 176,
        "batch_size": 50,
        "optimizer": "adagrad",
        "learning_rate": 0.01,
        "dropout": 0.2,
    },
}
SELECTION = {
    "learning_rates": {
        "adagrad": [0.003, 0.01],
        "adam": [0.001],
        "sgd": [0.01],
        "doc2vec": [0.025, 0.05],
    },
    "long": {"models": ["topic_lstm", "rae-mean", "doc2vec"], "patience": 10, "max_epochs": 100},
}
TRAINING = {
    "patience": 3,
    "max_epochs": 50,
    "reconstruct": "words",
    "max_words": 400,
    "min_delta": 0.001,
    "doc2vec_epochs": 20,
}


def test_grid_crosses_the_optimizers_rates_with_the_stopping_rules():
    lstm = grid("topic_lstm", FIXED, SELECTION, TRAINING)
    assert [p.name for p in lstm] == [
        "lr0.003-p3-e50",
        "lr0.003-p10-e100",
        "lr0.01-p3-e50",
        "lr0.01-p10-e100",
    ]
    # Doc2Vec: its own rates, no early stopping to vary; rae: not under long.models
    assert [p.learning_rate for p in grid("doc2vec", FIXED, SELECTION, TRAINING)] == [0.025, 0.05]
    assert len(grid("rae", FIXED, SELECTION, TRAINING)) == 2
    assert len(grid("rae-mean", FIXED, SELECTION, TRAINING)) == 4
    with pytest.raises(ValueError, match=r"schafer\.fixed\.topic_cnn"):
        grid("topic_cnn", FIXED, SELECTION, TRAINING)


def test_points_round_trip_through_their_names():
    for point in (Point(0.0003, 3, 50), Point(1e-4, 10, 100), Point(0.1, 0, 1)):
        assert Point.parse(point.name) == point
    with pytest.raises(ValueError, match="not a selection point"):
        Point.parse("lr0.01-p3")


def test_a_reading_trains_its_model_with_its_settings():
    assert row_model("rae-mean") == ("rae", {"reconstruct": "mean"})
    assert set(ROWS) >= {"doc2vec", "rae", "rae-mean"}
    model, params, settings = trial_settings("rae-mean", Point(0.03, 10, 100), FIXED, TRAINING)
    assert model == "rae" and params["learning_rate"] == 0.03 and params["doc_size"] == 176
    assert settings.reconstruct == "mean" and settings.patience == 10
    assert settings.max_epochs == 100 and settings.max_words == 400
    assert settings.batching == TrainingSettings.defaults()["batching"]
    with pytest.raises(ValueError, match="unknown selection row"):
        row_model("lstm")


def test_the_best_valid_score_wins_ties_go_first_and_nan_never_wins():
    def trial(name, total):
        return {"point": name, "valid_scores": {"total": total}}

    trials = [trial("a", 0.4), trial("b", math.nan), trial("c", 0.6), trial("d", 0.6)]
    assert best_trial(trials)["point"] == "c"
    assert best_trial([trial("b", math.nan), trial("a", 0.1)])["point"] == "a"
    with pytest.raises(ValueError, match="finite"):
        best_trial([trial("b", math.nan)])
    with pytest.raises(ValueError, match="no valid-split scores"):
        best_trial([{"point": "x"}])


def test_a_choice_on_the_grids_edge_is_named() -> None:
    """The grid-edge check: a rate strictly inside the grid is fine; the grid's highest
    or lowest rate (at any stopping) is an edge, where the optimum may lie beyond."""
    from textsim.schafer.selection import grid_edge

    points = ["lr0.003-p3-e50", "lr0.01-p3-e50", "lr0.03-p3-e50", "lr0.1-p3-e50", "lr0.1-p10-e100"]
    assert grid_edge("lr0.01-p3-e50", points) is None
    assert grid_edge("lr0.03-p3-e50", points) is None
    assert grid_edge("lr0.1-p10-e100", points) == "highest"  # the thesis-size Topic-LSTM
    assert grid_edge("lr0.003-p3-e50", points) == "lowest"
    assert grid_edge("lr0.05-p1-e2", ["lr0.05-p1-e2", "lr0.05-p2-e3"]) == "highest"  # one rate
