"""The six document-embedding models of Schäfer (2018, §3.3.1), scikit-learn style.

Every model takes documents as lists of sentences of vocabulary ids
(:meth:`textsim.docsets.Vocabulary.encode`; 0 = PAD, 1 = UNK) and, where it
uses word vectors, a ``word_vectors`` matrix aligned with those ids (row 0
zeros). ``fit(X, y)`` trains (``y``, the topic labels, only used by the topic
models), ``transform(X)`` returns one ``doc_size`` vector per document.
After ``fit``: ``history_`` (per-epoch training and validation metrics),
``epochs_`` (epochs run) and ``train_seconds_``.

* :class:`Doc2VecDBOW`: gensim's PV-DBOW; documents inferred with ``infer_vector``.
* :class:`Doc2Sent2Vec`: two phases as the thesis describes them — sentence
  vectors from a word-level PV-DM (gensim, word vectors initialised with the
  pretrained ones), then document vectors from a sentence-level model (Keras):
  document vector + mean of the neighbouring sentences' vectors predict each
  sentence's vector (cosine loss). Unseen documents are inferred the PV way:
  new document rows trained with everything else frozen.
* :class:`TopicLSTM`, :class:`TopicCNN` (Kim 2014, filters of 3, 4, 5 words):
  trained to predict the topic from the first ``max_words`` words; the LSTM's
  final state / the concatenated max-pooled filters are the document vector.
* :class:`NaiveAutoencoder`: mean word vector → two dense layers → code →
  two dense layers → mean word vector (MSE), dropout after the first layer of
  each half.
* :class:`RecurrentAutoencoder`: LSTM encoder over the words; its final state
  (the code) is repeated and an LSTM decoder reconstructs the word-vector
  sequence (MSE).

Keras models: word vectors frozen (``train_word_vectors`` to tune them),
validation on a seeded tenth of the training documents, early stopping with
min delta 0.001 and patience 3 (the thesis' setting) on validation accuracy
(topic models) or loss (autoencoders), best weights restored.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from textsim.embeddings import ParamsMixin

__all__ = [
    "MODELS",
    "Doc2Sent2Vec",
    "Doc2VecDBOW",
    "DocumentModel",
    "NaiveAutoencoder",
    "RecurrentAutoencoder",
    "TopicCNN",
    "TopicLSTM",
    "pad_documents",
]

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


def _mean_vectors(X: Documents, word_vectors: F32) -> F32:
    """Mean word vector of each document's known words (PAD and UNK skipped)."""
    out = np.zeros((len(X), word_vectors.shape[1]), dtype=np.float32)
    for i, doc in enumerate(X):
        ids = np.asarray([t for s in doc for t in s if t > 1], dtype=np.int64)
        if len(ids):
            out[i] = word_vectors[ids].mean(axis=0)
    return out


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

    def fit(self, X: Documents, y: npt.ArrayLike | None = None) -> Self:
        raise NotImplementedError

    def transform(self, X: Documents) -> F32:
        raise NotImplementedError

    def fit_transform(self, X: Documents, y: npt.ArrayLike | None = None) -> F32:
        return self.fit(X, y).transform(X)


class Doc2VecDBOW(DocumentModel):
    """PV-DBOW (gensim): the document vector predicts the document's words."""

    name = "doc2vec"

    def __init__(
        self,
        doc_size: int = 100,
        learning_rate: float = 0.025,
        epochs: int = 20,
        negative: int = 5,
        seed: int = 0,
    ) -> None:
        self.doc_size = doc_size
        self.learning_rate = learning_rate
        self.epochs = epochs
        self.negative = negative
        self.seed = seed

    @staticmethod
    def _words(doc: Sequence[Sequence[int]]) -> list[str]:
        return [str(t) for s in doc for t in s if t > 0]

    def fit(self, X: Documents, y: npt.ArrayLike | None = None) -> Self:
        from gensim.models.doc2vec import Doc2Vec, TaggedDocument

        t0 = time.perf_counter()
        corpus = [TaggedDocument(self._words(d), [i]) for i, d in enumerate(X)]
        self.model_ = Doc2Vec(
            corpus,
            dm=0,
            vector_size=self.doc_size,
            alpha=self.learning_rate,
            min_alpha=self.learning_rate / 100,
            epochs=self.epochs,
            negative=self.negative,
            min_count=1,
            sample=0,
            workers=1,
            seed=self.seed,
        )
        self.epochs_ = self.epochs
        self.history_ = {}
        self.train_seconds_ = time.perf_counter() - t0
        return self

    def transform(self, X: Documents) -> F32:
        self.model_.random.seed(self.seed)  # reproducible inference
        return np.stack([self.model_.infer_vector(self._words(d)) for d in X]).astype(np.float32)


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
            callbacks=[stop],
            shuffle=True,
            verbose=0,
        )
        self.history_ = {k: [float(v) for v in vals] for k, vals in hist.history.items()}
        self.epochs_ = len(hist.history["loss"])

    def fit(self, X: Documents, y: npt.ArrayLike | None = None) -> Self:
        import keras

        if not 0 <= self.dropout < 1:
            raise ValueError(f"dropout must be in [0, 1), got {self.dropout}")
        t0 = time.perf_counter()
        keras.utils.set_random_seed(self.seed)
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
        return _mean_vectors(X, np.asarray(self.word_vectors, dtype=np.float32))

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


class Doc2Sent2Vec(DocumentModel):
    """Two-phase Doc2Sent2Vec (J et al. 2015 as the thesis summarises it)."""

    name = "doc2sent2vec"

    def __init__(
        self,
        word_vectors: F32,
        doc_size: int = 100,
        batch_size: int = 100,
        optimizer: str = "adam",
        learning_rate: float = 0.001,
        sentence_epochs: int = 10,
        window: int = 2,
        max_epochs: int = 50,
        infer_epochs: int = 20,
        patience: int = 3,
        min_delta: float = 0.001,
        seed: int = 0,
    ) -> None:
        self.word_vectors = word_vectors
        self.doc_size = doc_size
        self.batch_size = batch_size
        self.optimizer = optimizer
        self.learning_rate = learning_rate
        self.sentence_epochs = sentence_epochs
        self.window = window
        self.max_epochs = max_epochs
        self.infer_epochs = infer_epochs
        self.patience = patience
        self.min_delta = min_delta
        self.seed = seed

    # phase 1: sentence vectors (word-level PV-DM, pretrained word vectors)
    def _fit_sentences(self, X: Documents) -> F32:
        from gensim.models.doc2vec import Doc2Vec, TaggedDocument

        W = np.asarray(self.word_vectors, dtype=np.float32)
        sentences = [[str(t) for t in s if t > 0] for d in X for s in d]
        corpus = [TaggedDocument(s, [i]) for i, s in enumerate(sentences)]
        alpha = min(max(self.learning_rate * 25, 1e-4), 0.05)  # gensim's scale (0.025 default)
        model = Doc2Vec(
            dm=1,
            dm_mean=1,
            vector_size=W.shape[1],
            window=5,
            alpha=alpha,
            min_alpha=alpha / 100,
            negative=5,
            min_count=1,
            sample=0,
            workers=1,
            seed=self.seed,
            epochs=self.sentence_epochs,
        )
        model.build_vocab(corpus)
        ids = np.asarray([int(w) for w in model.wv.index_to_key])
        model.wv.vectors[:] = W[ids]
        model.train(corpus, total_examples=len(corpus), epochs=self.sentence_epochs)
        self.sentence_model_ = model
        return np.asarray(model.dv.vectors, dtype=np.float32)

    def _infer_sentences(self, X: Documents) -> F32:
        model = self.sentence_model_
        model.random.seed(self.seed)
        sentences = [[str(t) for t in s if t > 0] for d in X for s in d]
        return np.stack([model.infer_vector(s) for s in sentences]).astype(np.float32)

    def _examples(self, X: Documents, S: F32) -> tuple[npt.NDArray[np.int64], F32, F32]:
        """(document index, mean of the neighbouring sentences' vectors, sentence vector)."""
        docs, contexts, targets = [], [], []
        start = 0
        for i, d in enumerate(X):
            n = len(d)
            V = S[start : start + n]
            start += n
            for t in range(n):
                lo, hi = max(0, t - self.window), min(n, t + self.window + 1)
                ctx = np.concatenate([V[lo:t], V[t + 1 : hi]])
                docs.append(i)
                contexts.append(ctx.mean(axis=0) if len(ctx) else np.zeros(S.shape[1], np.float32))
                targets.append(V[t])
        return np.asarray(docs), np.stack(contexts), np.stack(targets)

    def _phase2(self, n_docs: int, dim: int, dense: Any | None) -> tuple[Any, Any, Any]:
        import keras

        doc = keras.Input((1,), dtype="int32")
        ctx = keras.Input((dim,))
        table = keras.layers.Embedding(n_docs, self.doc_size)
        vec = keras.layers.Flatten()(table(doc))
        layer = dense or keras.layers.Dense(dim)
        out = layer(keras.layers.Concatenate()([vec, ctx]))
        return keras.Model([doc, ctx], out), table, layer

    def _fit_documents(self, X: Documents, S: F32, dense: Any | None, epochs: int) -> F32:
        import keras

        docs, contexts, targets = self._examples(X, S)
        model, table, layer = self._phase2(len(X), S.shape[1], dense)
        layer.trainable = dense is None
        model.compile(
            optimizer=make_optimizer(self.optimizer, self.learning_rate),
            loss=keras.losses.CosineSimilarity(),
        )
        stop = keras.callbacks.EarlyStopping(
            monitor="loss", min_delta=self.min_delta, patience=self.patience
        )
        hist = model.fit(
            [docs[:, None], contexts],
            targets,
            batch_size=int(self.batch_size),
            epochs=int(epochs),
            callbacks=[stop],
            shuffle=True,
            verbose=0,
        )
        if dense is None:
            self.dense_ = layer
            self.history_ = {"loss": [float(v) for v in hist.history["loss"]]}
            self.epochs_ = len(hist.history["loss"])
        return np.asarray(table.get_weights()[0], dtype=np.float32)

    def fit(self, X: Documents, y: npt.ArrayLike | None = None) -> Self:
        import keras

        t0 = time.perf_counter()
        keras.utils.set_random_seed(self.seed)
        S = self._fit_sentences(X)
        self._fit_documents(X, S, None, self.max_epochs)
        self.train_seconds_ = time.perf_counter() - t0
        return self

    def transform(self, X: Documents) -> F32:
        import keras

        keras.utils.set_random_seed(self.seed + 1)
        S = self._infer_sentences(X)
        return self._fit_documents(X, S, self.dense_, self.infer_epochs)


MODELS: dict[str, type[DocumentModel]] = {
    m.name: m
    for m in (
        Doc2VecDBOW,
        Doc2Sent2Vec,
        TopicLSTM,
        TopicCNN,
        NaiveAutoencoder,
        RecurrentAutoencoder,
    )
}
