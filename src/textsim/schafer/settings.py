"""How every Schäfer training runs: one frozen settings object (config ``schafer.training``).

The swarm, the final runs and the selection's trials all hand the same settings to
:func:`textsim.schafer.search.evaluate_model`, which turns them into each model's
keyword arguments. The closed sets are ``Literal`` types whose values the config
schema lists (``tests/test_config.py`` checks both the names and the defaults).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_type_hints

from textsim.core.options import settings_of
from textsim.schafer.hyperparameters import (
    AdagradForm,
    Batching,
    Reconstruction,
    Recurrent,
    RecurrentActivation,
)

__all__ = ["STOPPINGS", "Stopping", "TrainingSettings"]

#: what the Keras models' early stopping watches: ``held_out_loss`` (Keras' way: a
#: tenth of the training documents held out, their loss or accuracy) or ``valid_score``
#: (the whole training split trains; the valid split's eq. 3.1, the swarm's fitness, as
#: in the selection procedure's trials); the first is the default
Stopping = Literal["held_out_loss", "valid_score"]
STOPPINGS: tuple[str, ...] = get_args(Stopping)


@dataclass(frozen=True)
class TrainingSettings:
    """The settings every Schäfer training shares.

    ``max_words``: words per document of the sequence models; ``max_epochs``,
    ``patience``, ``min_delta``: the epoch limit and early stopping of the Keras models;
    ``doc2vec_epochs``: gensim Doc2Vec's epochs; ``batching``, ``reconstruct``,
    ``recurrent``, ``adagrad``, ``recurrent_activation``: the closed options of
    :class:`~textsim.schafer.models.neural.KerasDocumentModel` and the recurrent
    autoencoder (the first value of each is the default); ``stopping``: what early
    stopping watches (:data:`STOPPINGS`; the selection procedure's trials always watch
    the valid split); ``untrained``: the untrained control (every model as its seed
    initialised it, no epoch of training).
    """

    max_words: int
    max_epochs: int
    patience: int
    min_delta: float
    doc2vec_epochs: int
    batching: Batching = "shuffled"
    reconstruct: Reconstruction = "padded"
    recurrent: Recurrent = "keras"
    adagrad: AdagradForm = "keras2"
    recurrent_activation: RecurrentActivation = "keras2_hard_sigmoid"
    stopping: Stopping = "held_out_loss"
    untrained: bool = False

    def __post_init__(self) -> None:
        for name, kind in get_type_hints(type(self)).items():
            allowed = get_args(kind)
            value = getattr(self, name)
            if allowed and value not in allowed:
                raise ValueError(
                    f"schafer.training.{name}: {value!r} is not one of "
                    f"{', '.join(map(str, allowed))}"
                )
        for name in ("max_words", "max_epochs", "patience", "doc2vec_epochs"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"schafer.training.{name}: {value!r} is not a count")

    @classmethod
    def of(cls, options: Mapping[str, Any] | TrainingSettings) -> TrainingSettings:
        """The settings of a config mapping (an unknown or missing key is named)."""
        if isinstance(options, TrainingSettings):
            return options
        return settings_of(cls, options, "schafer.training")

    def with_changes(self, **changes: Any) -> TrainingSettings:
        """These settings with ``changes`` (a reading's, a trial's stopping)."""
        return dataclasses.replace(self, **changes)

    @classmethod
    def defaults(cls) -> dict[str, Any]:
        """Each optional setting's default (the config schema gives the same)."""
        return {
            f.name: f.default
            for f in dataclasses.fields(cls)
            if f.default is not dataclasses.MISSING
        }
