"""The document-model base: padding, optimizers, the fit/transform contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, Self, get_args

import numpy as np
import numpy.typing as npt

from textsim.methods.base import ParamsMixin
from textsim.schafer.hyperparameters import (  # the options' closed sets, declared there
    ADAGRAD_FORMS,
    BATCHINGS,
    Declaration,
)

F32 = npt.NDArray[np.float32]


Documents = Sequence[Sequence[Sequence[int]]]


Optimizer = Literal["sgd", "adam", "adagrad"]
OPTIMIZERS: tuple[str, ...] = get_args(Optimizer)


def pad_documents(X: Documents, max_words: int) -> npt.NDArray[np.int32]:
    """The first ``max_words`` ids of each document (sentences concatenated),
    padded with 0 (PAD) at the end."""
    out = np.zeros((len(X), max_words), dtype=np.int32)
    for i, doc in enumerate(X):
        ids = [t for s in doc for t in s][:max_words]
        out[i, : len(ids)] = ids
    return out


#: a trimmed batch is padded to its longest document rounded up to a multiple of this,
#: so that a backend compiles at most max_words / WIDTH_STEP shapes of the model
WIDTH_STEP = 25

#: documents per bucketing pool: the epoch's shuffled order is cut into pools of this
#: many batches, each sorted by length before it is cut into batches
POOL_BATCHES = 32


def document_lengths(padded: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    """Words of each padded document (ids are padded with 0 at the end)."""
    return np.asarray(np.count_nonzero(padded, axis=1), dtype=np.int64)


def batch_width(lengths: npt.NDArray[np.int64], max_words: int, step: int = WIDTH_STEP) -> int:
    """The padded width of a batch: its longest document rounded up to a multiple of
    ``step``, at most ``max_words``."""
    longest = int(lengths.max()) if len(lengths) else 1
    return min(max_words, -(-max(longest, 1) // step) * step)


def epoch_batches(
    items: npt.NDArray[np.int64],
    lengths: npt.NDArray[np.int64] | None,
    batch_size: int,
    seed: int,
    epoch: int,
    batching: str = "shuffled",
) -> list[npt.NDArray[np.int64]]:
    """The batches of ``items`` for ``epoch``, drawn from ``(seed, epoch)`` alone (so a
    resumed training sees the batches an uninterrupted one saw). ``shuffled``: a
    random permutation cut into batches (the last one shorter). ``bucketed``: the
    permutation cut into pools of :data:`POOL_BATCHES` batches, each pool sorted by
    length (stable), the whole cut into batches, and the batches shuffled."""
    if batching not in BATCHINGS:
        raise ValueError(f"batching must be one of {BATCHINGS}, got {batching!r}")
    rng = np.random.default_rng([seed, epoch])
    order = rng.permutation(np.asarray(items, dtype=np.int64))
    if batching == "bucketed" and lengths is not None:
        pool = POOL_BATCHES * batch_size
        order = np.concatenate(
            [
                part[np.argsort(lengths[part], kind="stable")]
                for part in np.split(order, range(pool, len(order), pool))
            ]
        )
    batches = np.split(order, range(batch_size, len(order), batch_size))
    if batching == "bucketed":
        batches = [batches[i] for i in rng.permutation(len(batches))]
    return [b for b in batches if len(b)]


def eval_batches(
    items: npt.NDArray[np.int64], lengths: npt.NDArray[np.int64] | None, size: int
) -> list[npt.NDArray[np.int64]]:
    """Batches of at most ``size`` items for inference, sorted by length when known
    (a prediction does not depend on its batch)."""
    items = np.asarray(items, dtype=np.int64)
    if lengths is not None:
        items = items[np.argsort(lengths[items], kind="stable")]
    return [b for b in np.split(items, range(size, len(items), size)) if len(b)]


def indexed_batches(
    inputs: npt.NDArray[Any],
    targets: npt.NDArray[Any],
    batches: Sequence[npt.NDArray[np.int64]],
    widths: Sequence[int | None],
    trim_targets: bool,
) -> Any:
    """A Keras ``PyDataset`` of the given batches, in order: batch ``i`` is
    ``inputs[batches[i], :widths[i]]`` (the whole row where the width is None) with
    its targets (trimmed too when they are sequences, ``trim_targets``)."""
    import keras

    class IndexedBatches(keras.utils.PyDataset):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()

        def __len__(self) -> int:
            return len(batches)

        def inputs_of(self, i: int) -> Any:
            x = inputs[batches[i]]
            return x if widths[i] is None else x[:, : widths[i]]

        def __getitem__(self, i: int) -> tuple[Any, Any]:
            y = targets[batches[i]]
            if trim_targets and widths[i] is not None:
                y = y[:, : widths[i]]
            return self.inputs_of(i), y

    return IndexedBatches()


def mean_vectors(X: Documents, word_vectors: F32) -> F32:
    """Mean word vector of each document's known words (PAD and UNK skipped)."""
    out = np.zeros((len(X), word_vectors.shape[1]), dtype=np.float32)
    for i, doc in enumerate(X):
        ids = np.asarray([t for s in doc for t in s if t > 1], dtype=np.int64)
        if len(ids):
            out[i] = word_vectors[ids].mean(axis=0)
    return out


#: the parameters every Keras document model takes (numpydoc), composed into each
#: model's docstring after its own description
KERAS_PARAMS_DOC = """
    Parameters
    ----------
    word_vectors:
        The pretrained word vectors, one row per vocabulary id (row 0: padding).
    doc_size:
        The document vector's size (the thesis searches 20–200).
    batch_size:
        Documents per training batch (searched 20–500).
    optimizer:
        ``sgd``, ``adam`` or ``adagrad`` (searched).
    learning_rate:
        The optimizer's learning rate (searched 1e-4–0.1).
    dropout:
        Dropout before the model's output layer (searched 0–1).
    max_words:
        Words read per document (the thesis: 400).
    max_epochs:
        The epoch limit (0: the untrained control, as its seed initialised it).
    patience:
        Epochs without improvement before early stopping.
    min_delta:
        The smallest change that counts as an improvement.
    train_word_vectors:
        Whether the word vectors are trained with the model (the thesis: no).
    batching:
        ``shuffled`` (random batches, as Keras' ``fit``; the thesis') or ``bucketed``
        (documents of similar length batched together; ours, for speed).
    trim:
        Pad each batch only to its longest document (None: where the result does not
        depend on the padding).
    recurrent:
        ``keras`` (Keras' LSTM) or ``fused`` (ours, JAX backend; the same results).
    checkpoint:
        A file for the per-epoch training state, from which a killed training resumes.
    seed:
        Seeds the initial weights, the batches and the dropout.
    adagrad:
        ``keras2`` (the thesis' Keras 2 Adagrad, accumulators from 0) or ``keras3``.
    recurrent_activation:
        ``keras2_hard_sigmoid`` (the thesis' Keras 2 default) or ``sigmoid`` (Keras 3's)."""


def make_optimizer(name: str, learning_rate: float, *, adagrad: str = ADAGRAD_FORMS[0]) -> Any:
    """A Keras optimizer of the thesis' three: ``sgd``, ``adam`` or ``adagrad`` (in the
    form ``adagrad`` names: :data:`ADAGRAD_FORMS`)."""
    import keras

    if name not in OPTIMIZERS:
        raise ValueError(f"optimizer {name!r} is not one of {OPTIMIZERS}")
    if adagrad not in ADAGRAD_FORMS:
        raise ValueError(f"adagrad {adagrad!r} is not one of {ADAGRAD_FORMS}")
    if name == "adagrad" and adagrad == "keras2":
        from textsim.schafer.models.keras2 import Keras2Adagrad

        return Keras2Adagrad(learning_rate=learning_rate)
    make = {
        "sgd": keras.optimizers.SGD,
        "adam": keras.optimizers.Adam,
        "adagrad": keras.optimizers.Adagrad,
    }[name]
    return make(learning_rate=learning_rate)


class DocumentModel(ParamsMixin):
    """Shared estimator interface (parameters are the ``__init__`` arguments); each
    model's ``declaration`` says which of them the framework searches and sets
    (:mod:`textsim.schafer.hyperparameters`)."""

    declaration: ClassVar[Declaration]
    name: ClassVar[str] = ""
    uses_labels: ClassVar[bool] = False
    history_: dict[str, list[float]]
    epochs_: int
    train_seconds_: float
    epoch_seconds_: list[float]  # wall time of each training epoch (Keras models)

    def _vectors(self) -> F32:
        """The word vectors the model reads (``word_vectors``: data, not a parameter)."""
        vectors = getattr(self, "word_vectors", None)
        if vectors is None:
            raise ValueError(f"{type(self).__name__} needs word_vectors (an id -> vector matrix)")
        return np.asarray(vectors, dtype=np.float32)

    def fit(self, X: Documents, y: npt.ArrayLike | None = None) -> Self:
        raise NotImplementedError

    def transform(self, X: Documents) -> F32:
        raise NotImplementedError

    def fit_transform(self, X: Documents, y: npt.ArrayLike | None = None) -> F32:
        return self.fit(X, y).transform(X)
