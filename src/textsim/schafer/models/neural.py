"""The Keras document models: Topic-LSTM, Topic-CNN, naive and recurrent autoencoders."""

from __future__ import annotations

import logging
import time
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from textsim.backend import set_seed
from textsim.schafer.models.base import (
    F32,
    DocumentModel,
    Documents,
    epoch_timer,
    make_optimizer,
    mean_vectors,
    pad_documents,
)

log = logging.getLogger(__name__)


class _KerasModel(DocumentModel):
    """Keras training loop shared by the four Keras models."""

    monitor: ClassVar[str] = "val_loss"

    def __init__(
        self,
        word_vectors: F32,
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
        seed: int = 0,
    ) -> None:
        self.word_vectors = word_vectors
        self.doc_size = doc_size
        self.batch_size = batch_size
        self.optimizer = optimizer
        self.learning_rate = learning_rate
        self.dropout = dropout
        self.max_words = max_words
        self.max_epochs = max_epochs
        self.patience = patience
        self.min_delta = min_delta
        self.train_word_vectors = train_word_vectors
        self.seed = seed

    def _embedding(self, mask_zero: bool) -> Any:
        import keras

        W = np.asarray(self.word_vectors, dtype=np.float32)
        return keras.layers.Embedding(
            W.shape[0],
            W.shape[1],
            embeddings_initializer=keras.initializers.Constant(W),
            trainable=self.train_word_vectors,
            mask_zero=mask_zero,
        )

    def _inputs(self, X: Documents) -> Any:
        return pad_documents(X, self.max_words)

    def _build(self, n_classes: int) -> tuple[Any, Any]:
        """(trained model, encoder model)."""
        raise NotImplementedError

    def _targets(self, X: Documents, y: npt.ArrayLike | None, inputs: Any) -> Any:
        raise NotImplementedError

    def _train(self, model: Any, inputs: Any, targets: Any, loss: str, metrics: list[str]) -> None:
        import keras

        n = len(targets)
        rng = np.random.default_rng(self.seed)
        order = rng.permutation(n)
        n_valid = max(1, n // 10)
        valid, train = order[:n_valid], order[n_valid:]
        self.n_train_ = len(train)
        self.epoch_seconds_ = []
        model.compile(
            optimizer=make_optimizer(self.optimizer, self.learning_rate), loss=loss, metrics=metrics
        )
        stop = keras.callbacks.EarlyStopping(
            monitor=self.monitor,
            min_delta=self.min_delta,
            patience=self.patience,
            mode="max" if "accuracy" in self.monitor else "min",
            restore_best_weights=True,
        )
        hist = model.fit(
            inputs[train],
            targets[train],
            validation_data=(inputs[valid], targets[valid]),
            batch_size=int(self.batch_size),
            epochs=int(self.max_epochs),
            callbacks=[stop, epoch_timer(self.epoch_seconds_)],
            shuffle=True,
            verbose=0,
        )
        self.history_ = {k: [float(v) for v in vals] for k, vals in hist.history.items()}
        self.epochs_ = len(hist.history["loss"])

    def fit(self, X: Documents, y: npt.ArrayLike | None = None) -> Self:
        if not 0 <= self.dropout < 1:
            raise ValueError(f"dropout must be in [0, 1), got {self.dropout}")
        t0 = time.perf_counter()
        set_seed(self.seed)
        n_classes = 0
        if self.uses_labels:
            if y is None:
                raise ValueError(f"{type(self).__name__} is trained on topic labels: pass y")
            self.classes_, codes = np.unique(np.asarray(y), return_inverse=True)
            n_classes = len(self.classes_)
            y = codes
        model, self.encoder_ = self._build(n_classes)
        inputs = self._inputs(X)
        targets = self._targets(X, y, inputs)
        loss = "sparse_categorical_crossentropy" if self.uses_labels else "mse"
        self._train(model, inputs, targets, loss, ["accuracy"] if self.uses_labels else [])
        self.train_seconds_ = time.perf_counter() - t0
        return self

    def transform(self, X: Documents) -> F32:
        out = self.encoder_.predict(self._inputs(X), batch_size=256, verbose=0)
        return np.asarray(out, dtype=np.float32)


class TopicLSTM(_KerasModel):
    """LSTM over the words trained to predict the topic; its final state is the vector."""

    name = "topic_lstm"
    uses_labels = True
    monitor = "val_accuracy"

    def _build(self, n_classes: int) -> tuple[Any, Any]:
        import keras

        inp = keras.Input((self.max_words,), dtype="int32")
        state = keras.layers.LSTM(self.doc_size)(self._embedding(mask_zero=True)(inp))
        out = keras.layers.Dense(n_classes, activation="softmax")(
            keras.layers.Dropout(self.dropout, seed=self.seed)(state)
        )
        return keras.Model(inp, out), keras.Model(inp, state)

    def _targets(self, X: Documents, y: npt.ArrayLike | None, inputs: Any) -> Any:
        return np.asarray(y)


def _filter_counts(doc_size: int) -> tuple[int, int, int]:
    """Filters of widths 3, 4, 5 summing to ``doc_size`` (as equal as possible)."""
    if doc_size < 3:
        raise ValueError(f"Topic-CNN needs doc_size >= 3 (one filter per width), got {doc_size}")
    base, extra = divmod(doc_size, 3)
    counts = [base + (1 if i < extra else 0) for i in range(3)]
    return counts[0], counts[1], counts[2]


class TopicCNN(_KerasModel):
    """Kim (2014): filters over 3, 4 and 5 words, max-pooled over time and
    concatenated (the vector, ``doc_size`` long), then the topic softmax."""

    name = "topic_cnn"
    uses_labels = True
    monitor = "val_accuracy"

    def _build(self, n_classes: int) -> tuple[Any, Any]:
        import keras

        inp = keras.Input((self.max_words,), dtype="int32")
        emb = self._embedding(mask_zero=False)(inp)
        pooled = [
            keras.layers.GlobalMaxPooling1D()(keras.layers.Conv1D(n, width, activation="relu")(emb))
            for n, width in zip(_filter_counts(self.doc_size), (3, 4, 5), strict=True)
        ]
        code = keras.layers.Concatenate()(pooled)
        out = keras.layers.Dense(n_classes, activation="softmax")(
            keras.layers.Dropout(self.dropout, seed=self.seed)(code)
        )
        return keras.Model(inp, out), keras.Model(inp, code)

    def _targets(self, X: Documents, y: npt.ArrayLike | None, inputs: Any) -> Any:
        return np.asarray(y)


class NaiveAutoencoder(_KerasModel):
    """Dense autoencoder of the mean word vector; hidden layers halfway between
    the word and document sizes."""

    name = "autoencoder"

    def _inputs(self, X: Documents) -> Any:
        return mean_vectors(X, np.asarray(self.word_vectors, dtype=np.float32))

    def _build(self, n_classes: int) -> tuple[Any, Any]:
        import keras

        dim = np.asarray(self.word_vectors).shape[1]
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


class RecurrentAutoencoder(_KerasModel):
    """LSTM encoder → code (``doc_size``) → repeated → LSTM decoder → word vectors."""

    name = "rae"

    def _build(self, n_classes: int) -> tuple[Any, Any]:
        import keras

        dim = np.asarray(self.word_vectors).shape[1]
        inp = keras.Input((self.max_words,), dtype="int32")
        code = keras.layers.LSTM(self.doc_size)(self._embedding(mask_zero=True)(inp))
        h = keras.layers.Dropout(self.dropout, seed=self.seed)(code)
        h = keras.layers.RepeatVector(self.max_words)(h)
        h = keras.layers.LSTM(self.doc_size, return_sequences=True)(h)
        out = keras.layers.TimeDistributed(keras.layers.Dense(dim))(h)
        return keras.Model(inp, out), keras.Model(inp, code)

    def _targets(self, X: Documents, y: npt.ArrayLike | None, inputs: Any) -> Any:
        W = np.asarray(self.word_vectors, dtype=np.float32)
        return W[inputs]  # PAD rows are zero
