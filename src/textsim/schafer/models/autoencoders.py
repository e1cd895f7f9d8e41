"""The autoencoders of the Schäfer framework: the naive (dense) and the recurrent one."""

from __future__ import annotations

from typing import Any

import numpy.typing as npt

from textsim.schafer.hyperparameters import (
    ADAGRAD_FORMS,
    AUTOENCODER,
    RAE,
    RECONSTRUCTIONS,
    RECURRENT_ACTIVATIONS,
)
from textsim.schafer.models.base import (
    F32,
    KERAS_PARAMS_DOC,
    Documents,
    mean_vectors,
)
from textsim.schafer.models.neural import KerasDocumentModel


class NaiveAutoencoder(KerasDocumentModel):
    __doc__ = (
        """Dense autoencoder of the mean word vector; hidden layers halfway between
    the word and document sizes.
"""
        + KERAS_PARAMS_DOC
    )

    declaration = AUTOENCODER
    name = AUTOENCODER.name
    sequential = False

    def _inputs(self, X: Documents) -> Any:
        return mean_vectors(X, self._vectors())

    def _build(self, n_classes: int) -> tuple[Any, Any]:
        import keras

        dim = self._vectors().shape[1]
        hidden = (dim + self.doc_size) // 2
        inp = keras.Input((dim,))
        h = keras.layers.Dense(hidden, activation="relu")(inp)
        h = keras.layers.Dropout(self.dropout, seed=self.seed)(h)
        code = keras.layers.Dense(self.doc_size)(h)
        h = keras.layers.Dense(hidden, activation="relu")(code)
        h = keras.layers.Dropout(self.dropout, seed=self.seed + 1)(h)
        out = keras.layers.Dense(dim)(h)
        return keras.Model(inp, out), keras.Model(inp, code)

    def _targets(self, X: Documents, y: npt.ArrayLike | None, inputs: Any) -> Any:
        return inputs


def _words_mse(y_true: Any, y_pred: Any) -> Any:
    """Mean squared error over each document's words only: the positions whose
    target is not the zero PAD vector; per document, so that it does not depend on
    how far a batch is padded."""
    from keras import ops

    words = ops.cast(ops.any(ops.not_equal(y_true, 0), axis=-1), y_pred.dtype)
    per_word = ops.mean(ops.square(y_true - y_pred), axis=-1)
    return ops.sum(per_word * words, axis=-1) / ops.maximum(ops.sum(words, axis=-1), 1.0)


class RecurrentAutoencoder(KerasDocumentModel):
    __doc__ = (
        """LSTM encoder → code (``doc_size``) → repeated → LSTM decoder → word vectors.

    ``reconstruct``: ``padded`` (the thesis' Keras default: mean squared error over
    all ``max_words`` positions, the zero vectors after a document's end included),
    ``words`` (our option: over the document's words only, so a short document's
    code is not spent on reproducing its padding; batches are then trimmed) or
    ``mean`` (the other reading of §3.3.1.6: a dense layer reconstructs the
    document's mean word vector from the code; no decoder LSTM).
"""
        + KERAS_PARAMS_DOC
        + """
    reconstruct:
        ``padded``, ``words`` or ``mean`` (above)."""
    )

    declaration = RAE
    name = RAE.name
    fused_width_step = 200  # the decoder's output layer and the loss work at every position

    def __init__(
        self,
        word_vectors: F32 | None = None,
        doc_size: int = 100,
        batch_size: int = 100,
        optimizer: str = "adam",
        learning_rate: float = 0.001,
        dropout: float = 0.2,
        max_words: int = 400,
        max_epochs: int = 50,
        patience: int = 3,
        min_delta: float = 0.001,
        train_word_vectors: bool = False,
        batching: str = "shuffled",
        trim: bool | None = None,
        recurrent: str = "keras",
        checkpoint: str | None = None,
        reconstruct: str = "padded",
        seed: int = 0,
        adagrad: str = ADAGRAD_FORMS[0],
        recurrent_activation: str = RECURRENT_ACTIVATIONS[0],
    ) -> None:
        super().__init__(
            word_vectors,
            doc_size=doc_size,
            batch_size=batch_size,
            optimizer=optimizer,
            learning_rate=learning_rate,
            dropout=dropout,
            max_words=max_words,
            max_epochs=max_epochs,
            patience=patience,
            min_delta=min_delta,
            train_word_vectors=train_word_vectors,
            batching=batching,
            trim=trim,
            recurrent=recurrent,
            checkpoint=checkpoint,
            seed=seed,
            adagrad=adagrad,
            recurrent_activation=recurrent_activation,
        )
        self.reconstruct = reconstruct

    def _exact_trim(self) -> bool:
        if self.reconstruct not in RECONSTRUCTIONS:
            raise ValueError(
                f"reconstruct must be one of {RECONSTRUCTIONS}, got {self.reconstruct!r}"
            )
        return self.reconstruct in ("words", "mean")

    def _trails(self) -> bool:
        return self.reconstruct != "mean"

    def _trim_hint(self) -> str:
        return f" with reconstruct={self.reconstruct!r}"

    def _loss(self) -> Any:
        return _words_mse if self.reconstruct == "words" else "mse"

    def _build(self, n_classes: int) -> tuple[Any, Any]:
        import keras

        dim = self._vectors().shape[1]
        inp = keras.Input((None,), dtype="int32")
        code = self._lstm()(self._embedding(mask_zero=True)(inp))
        h = keras.layers.Dropout(self.dropout, seed=self.seed)(code)
        if self.reconstruct == "mean":
            return keras.Model(inp, keras.layers.Dense(dim)(h)), keras.Model(inp, code)
        if self._fused():
            words = self.reconstruct == "words"
            activation = self._recurrent_activation()
            from textsim.schafer.models.layers import RepeatedLSTM

            h = RepeatedLSTM(self.doc_size, to_words=words, recurrent_activation=activation)(h, inp)
        else:
            from textsim.schafer.models.layers import RepeatToLength

            h = RepeatToLength()(h, inp)
            h = self._lstm(return_sequences=True)(h)
        out = keras.layers.Dense(dim)(h)
        return keras.Model(inp, out), keras.Model(inp, code)

    def _targets(self, X: Documents, y: npt.ArrayLike | None, inputs: Any) -> Any:
        W = self._vectors()
        if self.reconstruct == "mean":
            return mean_vectors(X, W)
        return W[inputs]  # PAD rows are zero
