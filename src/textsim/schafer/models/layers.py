"""The Schäfer models' own Keras layers, registered so that a saved ``.keras`` model
finds them (``package="textsim"``). Imported by the model builders when a model is
built (this module imports Keras, and so its backend).

* :class:`FusedLSTM`: Keras' ``LSTM`` over masked word vectors whose ``call`` runs the
  fused kernel (:mod:`textsim.schafer.models.fused`) on the JAX backend; Keras' own
  elsewhere. The same weights and configuration as ``LSTM``.
* :class:`RepeatedLSTM`: ``LSTM(return_sequences=True)`` reading a code vector at every
  position of the id matrix beside it; ``to_words``: the states after the batch's
  longest document are not needed (zero on the fused path).
* :class:`RepeatToLength`: a code vector repeated once per position of the id matrix
  beside it (Keras' ``RepeatVector`` with the batch's width instead of a fixed one).
"""

from __future__ import annotations

from typing import Any

import keras
from keras import ops

from textsim.schafer.models.fused import fused_available, fused_cell, plain_cell

# the thesis' gate activation, which these layers' configurations may name: importing
# this module registers it too, so that a loader needs this one import
from textsim.schafer.models.keras2 import Keras2Adagrad, keras2_hard_sigmoid

__all__ = ["FusedLSTM", "Keras2Adagrad", "RepeatToLength", "RepeatedLSTM", "keras2_hard_sigmoid"]


@keras.saving.register_keras_serializable(package="textsim")
class FusedLSTM(keras.layers.LSTM):  # type: ignore[misc]
    """Keras' ``LSTM(units)`` over masked word vectors, fused on the JAX backend."""

    def call(
        self, sequences: Any, initial_state: Any = None, mask: Any = None, training: bool = False
    ) -> Any:
        if not fused_available() or initial_state is not None or not plain_cell(self.cell):
            return super().call(
                sequences, initial_state=initial_state, mask=mask, training=training
            )
        B, T = ops.shape(sequences)[0], ops.shape(sequences)[1]
        if mask is None:
            mask = ops.ones((B, T), dtype="bool")
        n = ops.max(ops.sum(ops.cast(mask, "int32"), axis=1))
        return fused_cell(self.cell, sequences, mask, n, constant=False, sequences=False)


@keras.saving.register_keras_serializable(package="textsim")
class RepeatedLSTM(keras.layers.LSTM):  # type: ignore[misc]
    """``LSTM(units, return_sequences=True)`` over a code vector repeated to the width of
    the id matrix beside it (``layer(code, ids)``), fused on the JAX backend."""

    def __init__(self, units: int, to_words: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("return_sequences", True)
        super().__init__(units, **kwargs)
        self.to_words = bool(to_words)
        self.input_spec = None  # a code vector and an id matrix, not a sequence

    def build(self, code_shape: Any, ids_shape: Any = None) -> None:
        super().build((code_shape[0], None, code_shape[1]))

    def call(self, code: Any, ids: Any, training: bool = False) -> Any:
        width = ops.shape(ids)[1]
        if not fused_available() or not plain_cell(self.cell):
            repeated = ops.repeat(ops.expand_dims(code, 1), width, axis=1)
            return super().call(repeated, training=training)
        words = ops.not_equal(ids, 0)
        n = ops.max(ops.sum(ops.cast(words, "int32"), axis=1)) if self.to_words else width
        steps = ops.expand_dims(ops.arange(width), 0) < n
        mask = ops.broadcast_to(steps, ops.shape(ids))
        return fused_cell(self.cell, code, mask, n, constant=True, sequences=True)

    def compute_output_shape(self, code_shape: Any, ids_shape: Any = None) -> Any:
        return (code_shape[0], ids_shape[1] if ids_shape else None, self.units)

    def get_config(self) -> dict[str, Any]:
        config: dict[str, Any] = super().get_config()
        config["to_words"] = self.to_words
        return config


@keras.saving.register_keras_serializable(package="textsim")
class RepeatToLength(keras.layers.Layer):  # type: ignore[misc]
    """``layer(code, ids)``: ``code`` (batch, d) repeated to (batch, width of ids, d)."""

    def call(self, code: Any, ids: Any) -> Any:
        width = ops.shape(ids)[1]
        return ops.repeat(ops.expand_dims(code, 1), width, axis=1)

    def compute_output_shape(self, code_shape: Any, ids_shape: Any) -> Any:
        return (code_shape[0], ids_shape[1], code_shape[1])
