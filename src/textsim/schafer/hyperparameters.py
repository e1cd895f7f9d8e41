"""What each Schäfer model declares about its parameters: the hyperparameters the
thesis searches for it, the training settings it takes and what makes its untrained
control. Each model class (:mod:`textsim.schafer.models`) carries its declaration as
``declaration``; the swarm's search space, the selection's grid, the check of a
config's fixed configurations and the estimator's keyword arguments are all derived
from it, so no code branches on a model's name.

The declarations live apart from the model classes so that planning the workflow
(which checks ``schafer.fixed`` and lists the models) imports neither Keras nor
scikit-learn; ``tests/test_schafer_hyperparameters.py`` checks every declared
parameter against its class's constructor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

__all__ = [
    "ADAGRAD_FORMS",
    "ALL",
    "AUTOENCODER",
    "BATCHINGS",
    "DECLARATIONS",
    "DOC2SENT2VEC",
    "DOC2VEC",
    "KINDS",
    "RAE",
    "RECONSTRUCTIONS",
    "RECURRENT",
    "RECURRENT_ACTIVATIONS",
    "TOPIC_CNN",
    "TOPIC_LSTM",
    "AdagradForm",
    "Batching",
    "Declaration",
    "Reconstruction",
    "Recurrent",
    "RecurrentActivation",
    "check_fixed",
    "searched",
]

#: each hyperparameter the swarm can search and how a position maps to it
#: (:class:`textsim.schafer.pso.Dimension`'s kinds; ``learning_rate`` is searched on
#: a log scale when ``schafer.search.learning_rate_scale`` says so)
KINDS: dict[str, str] = {
    "doc_size": "int",
    "batch_size": "int",
    "optimizer": "choice",
    "learning_rate": "float",
    "dropout": "float",
}
#: every hyperparameter the swarm can search, in the thesis' order
ALL: tuple[str, ...] = tuple(KINDS)

#: the closed options of the models' training parameters (each a ``Literal`` type and its
#: values; the first value is the default; :class:`~textsim.schafer.settings.
#: TrainingSettings` and the config schema take the same)
#: how the Keras models batch: an epoch's shuffled order cut into batches, or pools of it
#: sorted by length first (less padding)
Batching = Literal["shuffled", "bucketed"]
BATCHINGS: tuple[str, ...] = get_args(Batching)
#: which Adagrad ``adagrad`` means: Keras 2.0–2.2's (accumulators from 0), the thesis'
#: Keras 2 (:class:`textsim.schafer.models.keras2.Keras2Adagrad`), or Keras 3's
#: (accumulators from 0.1)
AdagradForm = Literal["keras2", "keras3"]
ADAGRAD_FORMS: tuple[str, ...] = get_args(AdagradForm)
#: the LSTMs' recurrent activation: Keras 2's hard sigmoid, the default of the thesis'
#: Keras 2 (:func:`textsim.schafer.models.keras2.keras2_hard_sigmoid`), or Keras 3's sigmoid
RecurrentActivation = Literal["keras2_hard_sigmoid", "sigmoid"]
RECURRENT_ACTIVATIONS: tuple[str, ...] = get_args(RecurrentActivation)
#: the recurrent implementations of the Schäfer LSTM models
Recurrent = Literal["keras", "fused"]
RECURRENT: tuple[str, ...] = get_args(Recurrent)
#: the recurrent autoencoder's readings of §3.3.1.6: the word sequence over every padded
#: position (Keras' default loss), over the document's words only, or the mean word vector
Reconstruction = Literal["padded", "words", "mean"]
RECONSTRUCTIONS: tuple[str, ...] = get_args(Reconstruction)

_CAST = {"int": int, "float": float, "choice": str}


@dataclass(frozen=True)
class Declaration:
    """One model's parameters as the framework sets them.

    ``name``: the model's name in configs, run names and tables; ``searched``: the
    hyperparameters the swarm searches (a fixed configuration names exactly these);
    ``settings``: estimator parameter -> the :class:`~textsim.schafer.settings.
    TrainingSettings` field it takes; ``untrained``: the estimator parameters that make
    the untrained control (no epoch of training); ``pretrained``: whether the model
    reads the pretrained word vectors (and keeps a per-epoch checkpoint).
    """

    name: str
    searched: tuple[str, ...]
    settings: Mapping[str, str] = field(default_factory=dict)
    untrained: Mapping[str, Any] = field(default_factory=dict)
    pretrained: bool = True

    def __post_init__(self) -> None:
        if unknown := sorted(set(self.searched) - set(KINDS)):
            raise ValueError(f"{self.name}: no search dimension for {', '.join(unknown)}")

    def arguments(self, params: Mapping[str, Any], settings: Any, seed: int) -> dict[str, Any]:
        """The estimator's keyword arguments (word vectors and checkpoint aside): the
        searched hyperparameters of ``params``, the declared ``settings`` fields and the
        ``seed``; with ``settings.untrained``, the untrained control's parameters."""
        kwargs: dict[str, Any] = {"seed": seed}
        kwargs.update({name: _CAST[KINDS[name]](params[name]) for name in self.searched})
        kwargs.update({param: getattr(settings, f) for param, f in self.settings.items()})
        if settings.untrained:
            kwargs.update(self.untrained)
        return kwargs


#: the Keras models' early stopping and optimizer form
_KERAS = {
    "max_epochs": "max_epochs",
    "patience": "patience",
    "min_delta": "min_delta",
    "adagrad": "adagrad",
}
#: what the models over padded word ids or mean word vectors add
_WORDS = {**_KERAS, "max_words": "max_words", "batching": "batching"}
#: what the recurrent models add
_RECURRENT = {**_WORDS, "recurrent": "recurrent", "recurrent_activation": "recurrent_activation"}

#: gensim's PV-DBOW: no batch or optimizer in gensim, no dropout (§3.2.3.6)
DOC2VEC = Declaration(
    "doc2vec",
    searched=("doc_size", "learning_rate"),
    settings={"epochs": "doc2vec_epochs"},
    untrained={"epochs": 0},
    pretrained=False,
)
#: Doc2Sent2Vec: no dropout (§3.2.3.6); its sentence phase has epochs of its own
DOC2SENT2VEC = Declaration(
    "doc2sent2vec",
    searched=("doc_size", "batch_size", "optimizer", "learning_rate"),
    settings=_KERAS,
    untrained={"max_epochs": 0, "sentence_epochs": 0},
)
TOPIC_LSTM = Declaration("topic_lstm", ALL, _RECURRENT, {"max_epochs": 0})
TOPIC_CNN = Declaration("topic_cnn", ALL, _WORDS, {"max_epochs": 0})
AUTOENCODER = Declaration("autoencoder", ALL, _WORDS, {"max_epochs": 0})
RAE = Declaration("rae", ALL, {**_RECURRENT, "reconstruct": "reconstruct"}, {"max_epochs": 0})

#: every model's declaration by name, in the thesis' order
DECLARATIONS: dict[str, Declaration] = {
    d.name: d for d in (DOC2VEC, DOC2SENT2VEC, TOPIC_LSTM, TOPIC_CNN, AUTOENCODER, RAE)
}


def searched(model: str) -> tuple[str, ...]:
    """The hyperparameters the swarm searches for ``model``."""
    if model not in DECLARATIONS:
        raise ValueError(f"unknown model {model!r}; known: {', '.join(DECLARATIONS)}")
    return DECLARATIONS[model].searched


def check_fixed(fixed: Mapping[str, Mapping[str, Any]]) -> None:
    """Each fixed configuration names exactly the hyperparameters its model takes
    (those the swarm would search); a ValueError names the config key otherwise."""
    for model, params in fixed.items():
        if model not in DECLARATIONS:
            raise ValueError(
                f"schafer.fixed.{model}: unknown model; known: {', '.join(DECLARATIONS)}"
            )
        wanted = set(searched(model))
        if missing := sorted(wanted - set(params)):
            raise ValueError(f"schafer.fixed.{model}: missing {', '.join(missing)}")
        if extra := sorted(set(params) - wanted):
            raise ValueError(f"schafer.fixed.{model}: {model} takes no {', '.join(extra)}")
