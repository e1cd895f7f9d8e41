"""One evaluation of the Schäfer (2018) framework: train a model with given
hyperparameters on a dataset's training documents, embed them and the
evaluated split, and score the evaluated split's vectors (topic prediction,
triplets, ranks@10, eq. 3.1). Also the search space of the swarm and the
word-vector matrices of each word size."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.schafer import metrics as docmetrics
from textsim.schafer.datasets import Vocabulary
from textsim.schafer.hyperparameters import KINDS
from textsim.schafer.models import MODELS
from textsim.schafer.models.base import OPTIMIZERS
from textsim.schafer.models.neural import KerasDocumentModel
from textsim.schafer.pso import Dimension
from textsim.schafer.settings import TrainingSettings

__all__ = [
    "evaluate_model",
    "item_outcomes",
    "score_vectors",
    "scores_of",
    "search_space",
    "word_matrices",
]

F32 = npt.NDArray[np.float32]


def search_space(
    model: str, bounds: Mapping[str, Sequence[float]], learning_rate_scale: str = "linear"
) -> list[Dimension]:
    """The swarm's dimensions for ``model`` within ``bounds`` (the thesis: document
    size 20–200, batch 20–500, learning rate 1e-4–0.1, dropout 0–1): the
    hyperparameters its declaration searches, each of its declared kind."""
    if model not in MODELS:
        raise ValueError(f"unknown model {model!r}; known: {sorted(MODELS)}")
    if learning_rate_scale not in ("linear", "log"):
        raise ValueError(f"learning_rate_scale must be linear or log, got {learning_rate_scale!r}")

    def dim(name: str) -> Dimension:
        kind = KINDS[name]
        if kind == "choice":
            return Dimension(name, 0, 0, kind="choice", options=OPTIMIZERS)
        if name == "learning_rate" and learning_rate_scale == "log":
            kind = "log"
        low, high = bounds[name]
        return Dimension(name, float(low), float(high), kind)

    return [dim(name) for name in MODELS[model].declaration.searched]


def word_matrices(
    vocab: Vocabulary, vectors: Any, sizes: Sequence[int], seed: int
) -> dict[int, F32]:
    """Word-vector matrices aligned with the vocabulary ids for each size: the
    pretrained vectors projected on their first principal components (fitted on
    the vocabulary's words), words without a vector drawn from a normal with the
    projected vectors' spread; row 0 (PAD) zero."""
    words = vocab.tokens[2:]
    known = np.asarray([w in vectors for w in words])
    if not known.any():
        raise ValueError("no word of the vocabulary has a pretrained vector")
    V = np.stack(
        [np.asarray(vectors[w], dtype=np.float64) for w, k in zip(words, known, strict=True) if k]
    )
    mean = V.mean(axis=0)
    _, _, Vt = np.linalg.svd(V - mean, full_matrices=False)
    rng = np.random.default_rng(seed)
    out = {}
    for size in sizes:
        if size > V.shape[1]:
            raise ValueError(f"word size {size} exceeds the pretrained vectors' {V.shape[1]}")
        P = (V - mean) @ Vt[:size].T
        M = np.zeros((len(vocab), size), dtype=np.float32)
        rows = 2 + np.flatnonzero(known)
        M[rows] = P
        missing = 2 + np.flatnonzero(~known)
        M[missing] = rng.normal(0, P.std(axis=0), (len(missing), size))
        M[1] = rng.normal(0, P.std(axis=0), size)  # UNK
        out[int(size)] = M
    return out


def item_outcomes(
    train: npt.ArrayLike,
    train_labels: npt.ArrayLike,
    evaluated: npt.ArrayLike,
    evaluated_labels: npt.ArrayLike,
    reference: docmetrics.Reference,
) -> dict[str, npt.NDArray[np.float64]]:
    """Each metric's outcome per item of one split: ``topic`` per document, ``triplets``
    per triplet, ``ranks_accuracy`` and ``ranks_precision`` per rank query (the
    evidence of the verdicts' paired bootstrap)."""
    hit, precision = docmetrics.rank_outcomes(evaluated, reference.similarity, reference.queries)
    return {
        "topic": docmetrics.topic_outcomes(train, train_labels, evaluated, evaluated_labels),
        "triplets": docmetrics.triplet_outcomes(evaluated, reference.triplets),
        "ranks_accuracy": hit,
        "ranks_precision": precision,
    }


def scores_of(items: Mapping[str, npt.ArrayLike]) -> dict[str, float]:
    """All four metrics (the means of their item outcomes) and the weighted total (eq. 3.1)."""
    scores = {k: float(np.mean(np.asarray(v, dtype=np.float64))) for k, v in items.items()}
    scores["total"] = docmetrics.total_score(scores)
    return scores


def score_vectors(
    train: npt.ArrayLike,
    train_labels: npt.ArrayLike,
    evaluated: npt.ArrayLike,
    evaluated_labels: npt.ArrayLike,
    reference: docmetrics.Reference,
) -> dict[str, float]:
    """All four metrics and the weighted total (eq. 3.1) of one split's vectors."""
    return scores_of(item_outcomes(train, train_labels, evaluated, evaluated_labels, reference))


def _split(frame: pd.DataFrame, vocab: Vocabulary, split: str) -> tuple[list[Any], Any]:
    part = frame[frame["split"] == split]
    if part.empty:
        raise ValueError(f"the dataset has no {split!r} documents")
    return [vocab.encode(t) for t in part["tokens"]], part["label"].to_numpy()


def evaluate_model(
    model: str,
    params: Mapping[str, Any],
    frame: pd.DataFrame,
    vocab: Vocabulary,
    word_vectors: F32,
    reference: docmetrics.Reference,
    split: str,
    settings: TrainingSettings | Mapping[str, Any],
    seed: int,
    checkpoint: str | None = None,
    select: docmetrics.Reference | None = None,
) -> tuple[dict[str, Any], F32]:
    """Train ``model`` with ``params`` (+ ``settings``, :class:`TrainingSettings` or
    its config mapping) on the training documents; score the ``split`` documents.
    Returns (record, the split's vectors).
    ``checkpoint``: the file of the per-epoch training state of the Keras models
    (all but Doc2Vec), from which a killed run resumes. ``select``: the valid split's
    reference: the Keras models then train on the whole training split and stop
    early on eq. 3.1 of the valid split (the swarm's fitness), and the record holds
    every model's ``valid_scores`` beside the ``split``'s."""
    cls = MODELS[model]
    settings = TrainingSettings.of(settings)
    kwargs = cls.declaration.arguments(params, settings, seed)
    if cls.declaration.pretrained:
        kwargs["word_vectors"] = word_vectors
        kwargs["checkpoint"] = checkpoint
    X_train, y_train = _split(frame, vocab, "train")
    X_eval, y_eval = _split(frame, vocab, split)
    estimator = cls(**kwargs)
    validate = None
    if select is not None:
        X_valid, y_valid = _split(frame, vocab, "valid")

        def validate(fitted: Any) -> dict[str, float]:
            E = fitted.transform(X_train)
            return score_vectors(E, y_train, fitted.transform(X_valid), y_valid, select)

    if isinstance(estimator, KerasDocumentModel):  # the others: their own epochs
        estimator.fit(X_train, y_train, validate=validate)
    else:
        estimator.fit(X_train, y_train)
    t0 = time.perf_counter()
    E_train = estimator.transform(X_train)
    E_eval = estimator.transform(X_eval)
    inference = time.perf_counter() - t0
    items = item_outcomes(E_train, y_train, E_eval, y_eval, reference)
    record = {
        "model": model,
        "split": split,
        "params": dict(params),
        "word_size": int(word_vectors.shape[1]),
        "doc_size": int(E_eval.shape[1]),
        "scores": scores_of(items),
        "epochs": int(estimator.epochs_),
        "history": estimator.history_,
        "train_seconds": float(estimator.train_seconds_),
        "epoch_seconds": [float(t) for t in getattr(estimator, "epoch_seconds_", [])],
        "inference_seconds": float(inference),
        "items": {k: v.tolist() for k, v in items.items()},
    }
    if hasattr(estimator, "best_epoch_"):
        record["best_epoch"] = int(estimator.best_epoch_)
    if select is not None:  # the training vectors are those of the split's scores
        E_valid = estimator.transform(X_valid)
        record["valid_scores"] = score_vectors(E_train, y_train, E_valid, y_valid, select)
    if settings.untrained:
        record["untrained"] = True
    return record, E_eval
