"""The Schäfer trainings' shared settings: one frozen object, closed sets checked, the
config's unknown or missing keys named."""

from __future__ import annotations

import dataclasses

import pytest

from textsim.schafer.hyperparameters import DECLARATIONS
from textsim.schafer.settings import TrainingSettings

BASE = {"max_words": 50, "max_epochs": 4, "patience": 2, "min_delta": 0.001, "doc2vec_epochs": 3}
PARAMS = {
    "doc_size": 8,
    "learning_rate": 0.01,
    "batch_size": 10,
    "optimizer": "adagrad",
    "dropout": 0.1,
}


def test_the_settings_are_frozen_and_checked() -> None:
    settings = TrainingSettings.of(BASE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.patience = 9  # type: ignore[misc]
    with pytest.raises(ValueError, match=r"schafer.training.batching: 'sorted' is not one of"):
        TrainingSettings.of({**BASE, "batching": "sorted"})
    with pytest.raises(ValueError, match="max_epochs: -1 is not a count"):
        TrainingSettings.of({**BASE, "max_epochs": -1})
    with pytest.raises(ValueError, match="epochs_max"):
        TrainingSettings.of({**BASE, "epochs_max": 3})
    with pytest.raises(ValueError, match="doc2vec_epochs"):
        TrainingSettings.of({k: v for k, v in BASE.items() if k != "doc2vec_epochs"})


def _model_arguments(model: str, params: dict, settings: TrainingSettings, seed: int) -> dict:
    return DECLARATIONS[model].arguments(params, settings, seed)


def test_each_model_gets_the_settings_it_takes() -> None:
    """The recurrent models get the LSTM forms, the autoencoder its reconstruction,
    Doc2Vec its own epochs; the untrained control trains for no epoch."""
    settings = TrainingSettings.of({**BASE, "adagrad": "keras2", "reconstruct": "words"})
    rae = _model_arguments("rae", PARAMS, settings, seed=1)
    assert rae["adagrad"] == "keras2" and rae["reconstruct"] == "words"
    assert rae["max_epochs"] == 4 and rae["max_words"] == 50 and rae["recurrent"] == "keras"
    cnn = _model_arguments("topic_cnn", PARAMS, settings, seed=1)
    assert "reconstruct" not in cnn and "recurrent" not in cnn
    assert _model_arguments("doc2vec", PARAMS, settings, seed=1)["epochs"] == 3
    control = settings.with_changes(untrained=True)
    assert _model_arguments("rae", PARAMS, control, seed=1)["max_epochs"] == 0
    assert _model_arguments("doc2vec", PARAMS, control, seed=1)["epochs"] == 0
    assert _model_arguments("doc2sent2vec", PARAMS, control, seed=1)["sentence_epochs"] == 0
