"""The document-model base: padding, optimizers, the fit/transform contract."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from textsim.vectors.base import ParamsMixin

log = logging.getLogger(__name__)


F32 = npt.NDArray[np.float32]


Documents = Sequence[Sequence[Sequence[int]]]


OPTIMIZERS = ("sgd", "adam", "adagrad")


def pad_documents(X: Documents, max_words: int) -> npt.NDArray[np.int32]:
    """The first ``max_words`` ids of each document (sentences concatenated),
    padded with 0 (PAD) at the end."""
    out = np.zeros((len(X), max_words), dtype=np.int32)
    for i, doc in enumerate(X):
        ids = [t for s in doc for t in s][:max_words]
        out[i, : len(ids)] = ids
    return out


def mean_vectors(X: Documents, word_vectors: F32) -> F32:
    """Mean word vector of each document's known words (PAD and UNK skipped)."""
    out = np.zeros((len(X), word_vectors.shape[1]), dtype=np.float32)
    for i, doc in enumerate(X):
        ids = np.asarray([t for s in doc for t in s if t > 1], dtype=np.int64)
        if len(ids):
            out[i] = word_vectors[ids].mean(axis=0)
    return out


def epoch_timer(seconds: list[float]) -> Any:
    """A Keras callback appending each epoch's wall time to ``seconds``."""
    import time

    import keras

    class EpochTimer(keras.callbacks.Callback):  # type: ignore[misc]
        def on_epoch_begin(self, epoch: int, logs: Any = None) -> None:
            self.t0 = time.perf_counter()

        def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
            seconds.append(time.perf_counter() - self.t0)

    return EpochTimer()


def make_optimizer(name: str, learning_rate: float) -> Any:
    """A Keras optimizer of the thesis' three: ``sgd``, ``adam`` or ``adagrad``."""
    import keras

    if name not in OPTIMIZERS:
        raise ValueError(f"optimizer {name!r} is not one of {OPTIMIZERS}")
    make = {
        "sgd": keras.optimizers.SGD,
        "adam": keras.optimizers.Adam,
        "adagrad": keras.optimizers.Adagrad,
    }[name]
    return make(learning_rate=learning_rate)


class DocumentModel(ParamsMixin):
    """Shared estimator interface (parameters are the ``__init__`` arguments)."""

    name: ClassVar[str] = ""
    uses_labels: ClassVar[bool] = False
    history_: dict[str, list[float]]
    epochs_: int
    train_seconds_: float
    epoch_seconds_: list[float]  # wall time of each training epoch (Keras models)

    def fit(self, X: Documents, y: npt.ArrayLike | None = None) -> Self:
        raise NotImplementedError

    def transform(self, X: Documents) -> F32:
        raise NotImplementedError

    def fit_transform(self, X: Documents, y: npt.ArrayLike | None = None) -> F32:
        return self.fit(X, y).transform(X)
