"""The Keras document models' training loop and the topic models: Topic-LSTM, Topic-CNN
(the autoencoders are in :mod:`textsim.schafer.models.autoencoders`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from textsim.runtime.backend import set_seed
from textsim.runtime.checkpoint import Checkpoint, EarlyStopping, fingerprint, fit_epochs
from textsim.schafer.hyperparameters import (
    ADAGRAD_FORMS,
    BATCHINGS,
    RECURRENT,
    RECURRENT_ACTIVATIONS,
    TOPIC_CNN,
    TOPIC_LSTM,
)
from textsim.schafer.models.base import (
    F32,
    KERAS_PARAMS_DOC,
    WIDTH_STEP,
    DocumentModel,
    Documents,
    batch_width,
    document_lengths,
    epoch_batches,
    eval_batches,
    indexed_batches,
    make_optimizer,
    pad_documents,
)
from textsim.schafer.models.fused import fused_available

#: a caller's validation: the model being trained → its scores on the caller's
#: validation set (higher is better; early stopping watches ``total``)
Validation = Callable[["KerasDocumentModel"], Mapping[str, float]]
#: the logged key early stopping watches when a caller validates
VALIDATION_MONITOR = "val_total"


class KerasDocumentModel(DocumentModel):
    """Keras training loop shared by the four Keras models.

    Each epoch's batches come from the seed and the epoch number (not Keras' global
    shuffle), so that with ``checkpoint`` set a training killed mid-run resumes from
    its last finished epoch (:mod:`textsim.runtime.checkpoint`) and ends exactly as an
    uninterrupted one. The file stays after ``fit`` (a fit of a finished training
    trains no epoch): whoever stores the results removes it once they are safe, as
    the workflow's stages do. ``batching``: ``shuffled`` (random batches, as Keras' ``fit``;
    the thesis') or ``bucketed`` (documents of similar length batched together, our
    option for speed, :func:`epoch_batches`). Models whose result does not depend on
    the padding after a document (masked recurrent encoders) pad each batch only to
    its longest document, rounded up to a multiple of :data:`WIDTH_STEP` (``trim``).
    ``recurrent``: ``keras`` (Keras' LSTM) or ``fused`` (our option, JAX backend:
    :mod:`textsim.schafer.models.fused`, the same results; batches are then not
    trimmed, since the kernel stops at each batch's longest document itself, and a
    training compiles one shape). ``adagrad`` and ``recurrent_activation``: Keras 2's
    forms, the thesis' (default; :mod:`textsim.schafer.models.keras2`: accumulators
    from 0; ``clip(0.2 x + 0.5, 0, 1)``), or Keras 3's, on either LSTM path.
    """

    monitor: ClassVar[str] = "val_loss"
    sequential: ClassVar[bool] = True  # input = padded word ids (not mean vectors)
    #: with the fused kernel, batches are trimmed to a multiple of this (fewer shapes to
    #: compile than WIDTH_STEP), or not at all (None: one shape): the kernel stops at the
    #: longest document itself, and a coarse trim only spares the work done at every
    #: position (an output layer, a loss)
    fused_width_step: ClassVar[int | None] = None

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
        seed: int = 0,
        adagrad: str = ADAGRAD_FORMS[0],
        recurrent_activation: str = RECURRENT_ACTIVATIONS[0],
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
        self.batching = batching
        self.trim = trim
        self.recurrent = recurrent
        self.checkpoint = checkpoint
        self.seed = seed
        self.adagrad = adagrad
        self.recurrent_activation = recurrent_activation

    def _exact_trim(self) -> bool:
        """Whether the result is independent of the padding after each document."""
        return False

    def _fused(self) -> bool:
        """Whether the LSTMs run the fused kernel (asked for, on JAX)."""
        return self.recurrent == "fused" and fused_available()

    def _recurrent_activation(self) -> Any:
        """The LSTMs' recurrent activation: ``"sigmoid"`` or Keras 2's hard sigmoid."""
        if self.recurrent_activation not in RECURRENT_ACTIVATIONS:
            raise ValueError(
                f"recurrent_activation must be one of {RECURRENT_ACTIVATIONS}, "
                f"got {self.recurrent_activation!r}"
            )
        if self.recurrent_activation == "sigmoid":
            return "sigmoid"
        from textsim.schafer.models.keras2 import keras2_hard_sigmoid

        return keras2_hard_sigmoid

    def _lstm(self, **kwargs: Any) -> Any:
        """An LSTM of ``doc_size`` units (the encoder: masked word vectors → final state)."""
        import keras

        activation = self._recurrent_activation()
        if self._fused() and not kwargs:
            from textsim.schafer.models.layers import FusedLSTM

            return FusedLSTM(self.doc_size, recurrent_activation=activation)
        return keras.layers.LSTM(self.doc_size, recurrent_activation=activation, **kwargs)

    def _trims(self) -> bool:
        if self.trim is None:
            coarse = self.fused_width_step is not None
            return self._exact_trim() and (not self._fused() or coarse)
        if self.trim and not self._exact_trim():
            raise ValueError(
                f"{type(self).__name__}{self._trim_hint()} depends on the padding after a "
                "document: trim=True would change its result"
            )
        return bool(self.trim)

    def _trim_hint(self) -> str:
        return ""

    def _trails(self) -> bool:
        """Whether the targets are sequences, trimmed with the inputs (the RAE's)."""
        return False

    def _embedding(self, mask_zero: bool) -> Any:
        import keras

        W = self._vectors()
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

    def _loss(self) -> Any:
        return "sparse_categorical_crossentropy" if self.uses_labels else "mse"

    def _batches(self, inputs: Any, targets: Any, batches: list[Any]) -> Any:
        lengths = document_lengths(inputs) if self.sequential else None
        step = (self._fused() and self.fused_width_step) or WIDTH_STEP
        widths = [
            batch_width(lengths[b], self.max_words, step)
            if lengths is not None and self._trims()
            else None
            for b in batches
        ]
        return indexed_batches(inputs, targets, batches, widths, self._trails())

    def _key(self, inputs: Any, targets: Any, validate: Validation | None = None) -> str:
        """The training's fingerprint: settings, backend, word vectors, inputs and the
        labels (an autoencoder's targets follow from its inputs and word vectors: not
        hashed again, 1.5 GB for the recurrent one at news10's size)."""
        from textsim.runtime.backend import active_backend

        params = {k: v for k, v in self.get_params().items() if k != "checkpoint"}
        W = self._vectors()
        labels = targets if self.uses_labels else None
        validated = validate is not None  # the whole set trains; another monitor
        return fingerprint(
            type(self).__name__, params, active_backend(), W, inputs, labels, validated
        )

    def _train(
        self,
        model: Any,
        inputs: Any,
        targets: Any,
        metrics: list[str],
        validate: Validation | None = None,
    ) -> None:
        n = len(targets)
        if validate is None:
            rng = np.random.default_rng(self.seed)
            order = rng.permutation(n)
            n_valid = max(1, n // 10)
            valid, train = order[:n_valid], order[n_valid:]
        else:  # the whole training set trains; the caller's validation split validates
            valid, train = np.zeros(0, dtype=np.int64), np.arange(n, dtype=np.int64)
        self.n_train_ = len(train)
        self.train_index_ = np.sort(train)  # the documents trained on (the rest validate)
        model.compile(
            optimizer=make_optimizer(self.optimizer, self.learning_rate, adagrad=self.adagrad),
            loss=self._loss(),
            metrics=metrics,
        )
        lengths = document_lengths(inputs) if self.sequential else None
        valid_batches = self._batches(inputs, targets, eval_batches(valid, lengths, 256))
        monitor = self.monitor if validate is None else VALIDATION_MONITOR
        mode = "max" if validate is not None or "accuracy" in monitor else "min"
        stop = EarlyStopping(mode, self.min_delta, self.patience)

        def run_epoch(epoch: int) -> dict[str, float]:
            batches = epoch_batches(
                train, lengths, int(self.batch_size), self.seed, epoch, self.batching
            )
            data = self._batches(inputs, targets, batches)
            logs = model.fit(data, epochs=1, shuffle=False, verbose=0).history  # our order
            out = {k: float(v[-1]) for k, v in logs.items()}
            if validate is not None:
                return out | {f"val_{k}": float(v) for k, v in validate(self).items()}
            val = model.evaluate(valid_batches, verbose=0, return_dict=True)
            return out | {f"val_{k}": float(v) for k, v in val.items()}

        history, seconds, self.resumed_seconds_ = fit_epochs(
            model,
            run_epoch,
            max_epochs=int(self.max_epochs),
            stopping=stop,
            monitor=monitor,
            checkpoint=Checkpoint(self.checkpoint, self._key(inputs, targets, validate)),
        )
        self.history_ = history
        self.epoch_seconds_ = seconds
        self.epochs_ = len(history.get("loss", []))
        self.best_epoch_ = stop.best_epoch + 1  # the epoch whose weights are kept (0: none)

    def fit(
        self, X: Documents, y: npt.ArrayLike | None = None, *, validate: Validation | None = None
    ) -> Self:
        """Train on ``X`` (and the topic labels ``y`` of the topic models). By default a
        tenth of ``X`` is held out and early stopping watches its loss (or accuracy),
        Keras' way. ``validate``: a function of the model being trained that scores it
        on a validation set of the caller's (higher is better, e.g. eq. 3.1 on the
        valid split, :func:`textsim.schafer.search.evaluate_model`); then all of ``X``
        trains and early stopping watches that score's ``total``."""
        if not 0 <= self.dropout < 1:
            raise ValueError(f"dropout must be in [0, 1), got {self.dropout}")
        if self.batching not in BATCHINGS:
            raise ValueError(f"batching must be one of {BATCHINGS}, got {self.batching!r}")
        if self.recurrent not in RECURRENT:
            raise ValueError(f"recurrent must be one of {RECURRENT}, got {self.recurrent!r}")
        self._trims()
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
        self._train(model, inputs, targets, ["accuracy"] if self.uses_labels else [], validate)
        # a resumed training counts the epochs done before it too
        self.train_seconds_ = time.perf_counter() - t0 + self.resumed_seconds_
        return self

    def transform(self, X: Documents) -> F32:
        inputs = self._inputs(X)
        if not self.sequential:
            out = self.encoder_.predict(inputs, batch_size=256, verbose=0)
            return np.asarray(out, dtype=np.float32)
        idx = np.arange(len(inputs))
        batches = eval_batches(idx, document_lengths(inputs), 256)
        data = self._batches(inputs, np.zeros(len(inputs)), batches)
        out = np.zeros((len(inputs), self.doc_size), dtype=np.float32)
        for i, b in enumerate(batches):
            out[b] = np.asarray(self.encoder_.predict_on_batch(data.inputs_of(i)))
        return out


class TopicLSTM(KerasDocumentModel):
    __doc__ = (
        """LSTM over the words trained to predict the topic; its final state is the vector.
    The LSTM skips the padding (masked), so batches are trimmed to their longest
    document.
"""
        + KERAS_PARAMS_DOC
    )

    declaration = TOPIC_LSTM
    name = TOPIC_LSTM.name
    uses_labels = True
    monitor = "val_accuracy"

    def _exact_trim(self) -> bool:
        return True

    def _build(self, n_classes: int) -> tuple[Any, Any]:
        import keras

        inp = keras.Input((None,), dtype="int32")
        state = self._lstm()(self._embedding(mask_zero=True)(inp))
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


class TopicCNN(KerasDocumentModel):
    __doc__ = (
        """Kim (2014): filters over 3, 4 and 5 words, max-pooled over time and
    concatenated (the vector, ``doc_size`` long), then the topic softmax.
"""
        + KERAS_PARAMS_DOC
    )

    declaration = TOPIC_CNN
    name = TOPIC_CNN.name
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
