"""Paragraph-vector models: gensim PV-DBOW and the two-phase Doc2Sent2Vec."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Self

import numpy as np
import numpy.typing as npt

from textsim.runtime.backend import active_backend, set_seed
from textsim.runtime.checkpoint import Checkpoint, EarlyStopping, fingerprint, fit_epochs
from textsim.schafer.hyperparameters import ADAGRAD_FORMS, DOC2SENT2VEC, DOC2VEC
from textsim.schafer.models.base import (
    F32,
    DocumentModel,
    Documents,
    make_optimizer,
)


class Doc2VecDBOW(DocumentModel):
    """PV-DBOW (gensim): the document vector predicts the document's words.

    Parameters
    ----------
    doc_size:
        The document vector's size.
    learning_rate:
        gensim's initial ``alpha``.
    epochs:
        gensim's training epochs (0: the untrained control).
    negative:
        Negative samples per predicted word.
    seed:
        gensim's seed (its workers: one, so that a run repeats).
    """

    declaration = DOC2VEC
    name = DOC2VEC.name

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
        self.model_.build_vocab(corpus)
        if self.epochs > 0:  # 0: untrained, the seeded initialisation (inference then too)
            self.model_.train(corpus, total_examples=len(corpus), epochs=self.epochs)
        self.epochs_ = self.epochs
        self.history_ = {}
        self.train_seconds_ = time.perf_counter() - t0
        return self

    def transform(self, X: Documents) -> F32:
        self.model_.random.seed(self.seed)  # reproducible inference
        return np.stack([self.model_.infer_vector(self._words(d)) for d in X]).astype(np.float32)


class Doc2Sent2Vec(DocumentModel):
    """Two-phase Doc2Sent2Vec (J et al. 2015 as the thesis summarises it).

    Parameters
    ----------
    word_vectors:
        The pretrained word vectors, one row per vocabulary id (row 0: padding).
    doc_size:
        The document vector's size.
    batch_size:
        Documents per training batch of the document phase.
    optimizer:
        ``sgd``, ``adam`` or ``adagrad``.
    learning_rate:
        The optimizer's learning rate.
    sentence_epochs:
        Epochs of the sentence phase (0: with ``max_epochs`` 0, the untrained control).
    window:
        Words on each side a sentence vector predicts from (the sentence phase).
    max_epochs:
        The document phase's epoch limit.
    infer_epochs:
        Epochs that fit a new document's vector in ``transform``.
    patience:
        Epochs without improvement before early stopping.
    min_delta:
        The smallest change that counts as an improvement.
    checkpoint:
        A file for the per-epoch training state, from which a killed training resumes.
    seed:
        Seeds the initial weights and the batches.
    adagrad:
        ``keras2`` (the thesis' Keras 2 Adagrad) or ``keras3``.
    """

    declaration = DOC2SENT2VEC
    name = DOC2SENT2VEC.name

    def __init__(
        self,
        word_vectors: F32 | None = None,
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
        checkpoint: str | None = None,
        seed: int = 0,
        adagrad: str = ADAGRAD_FORMS[0],
    ) -> None:
        self.word_vectors = word_vectors
        self.doc_size = doc_size
        self.batch_size = batch_size
        self.optimizer = optimizer
        self.learning_rate = learning_rate
        self.adagrad = adagrad
        self.sentence_epochs = sentence_epochs
        self.window = window
        self.max_epochs = max_epochs
        self.infer_epochs = infer_epochs
        self.patience = patience
        self.min_delta = min_delta
        self.checkpoint = checkpoint
        self.seed = seed

    # phase 1: sentence vectors (word-level PV-DM, pretrained word vectors)
    def _fit_sentences(self, X: Documents) -> F32:
        from gensim.models.doc2vec import Doc2Vec, TaggedDocument

        W = self._vectors()
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
        if self.sentence_epochs > 0:  # 0: the sentence vectors as initialised
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
        """Phase 2 (``dense`` None: training; else inference with the trained output
        layer frozen): epochs of batches in an order drawn from (seed, epoch), early
        stopping on the loss (Keras' rule, last weights kept); training resumes from
        ``checkpoint`` after a kill."""
        import keras

        docs, contexts, targets = self._examples(X, S)
        model, table, layer = self._phase2(len(X), S.shape[1], dense)
        layer.trainable = dense is None
        model.compile(
            optimizer=make_optimizer(self.optimizer, self.learning_rate, adagrad=self.adagrad),
            loss=keras.losses.CosineSimilarity(),
        )
        inputs: list[Any] = [docs[:, None], contexts]

        def run_epoch(epoch: int) -> dict[str, float]:
            order = np.random.default_rng([self.seed, epoch]).permutation(len(targets))
            hist = model.fit(
                [x[order] for x in inputs],
                targets[order],
                batch_size=int(self.batch_size),
                epochs=1,
                shuffle=False,
                verbose=0,
            )
            return {"loss": float(hist.history["loss"][-1])}

        path = self.checkpoint if dense is None else None
        params = {k: v for k, v in self.get_params().items() if k != "checkpoint"}
        key = fingerprint("Doc2Sent2Vec", params, active_backend(), S, docs, contexts, targets)
        history, seconds, resumed = fit_epochs(
            model,
            run_epoch,
            max_epochs=int(epochs),
            stopping=EarlyStopping("min", self.min_delta, self.patience),
            monitor="loss",
            checkpoint=Checkpoint(path, key),
            restore_best=False,
        )
        if dense is None:
            self.dense_ = layer
            self.history_ = history
            self.epochs_ = len(history.get("loss", []))
            self.epoch_seconds_ = seconds
            self.resumed_seconds_ = resumed
        return np.asarray(table.get_weights()[0], dtype=np.float32)

    def fit(self, X: Documents, y: npt.ArrayLike | None = None) -> Self:
        t0 = time.perf_counter()
        set_seed(self.seed)
        S = self._fit_sentences(X)
        self._fit_documents(X, S, None, self.max_epochs)
        # a resumed training counts the epochs done before it too
        self.train_seconds_ = time.perf_counter() - t0 + self.resumed_seconds_
        return self

    def transform(self, X: Documents) -> F32:
        set_seed(self.seed + 1)
        S = self._infer_sentences(X)
        return self._fit_documents(X, S, self.dense_, self.infer_epochs)
