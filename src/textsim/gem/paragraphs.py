"""Paragraph embeddings from sentence embeddings (the GEM slides' extension),
evaluated by logistic-regression topic accuracy on labelled documents.

The slides compare three ways of embedding a paragraph with GEM:

1. ``whole``: the paragraph as one sentence (punctuation removed);
2. ``sentence-mean``: the mean of its sentence embeddings;
3. ``sentences-as-words``: its sentence embeddings treated as the words of a
   sentence, embedded by a second GEM (``GEM.fit_vectors``).

Beside them, with the paragraph as one text: mean and idf-weighted mean of
word vectors, SIF and uSIF, and the majority class. Every fitted component
(GEM directions, SIF/uSIF components) is fitted on the training documents
only; the classifier's C is chosen on a held-out fifth of the training
documents, then refitted on all of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

__all__ = ["evaluate_paragraphs"]

F64 = npt.NDArray[np.float64]


#: the table's rows after the majority class: (method, technique)
TECHNIQUES: list[tuple[str, str]] = [
    ("mean", "whole"),
    ("idf-weighted mean", "whole"),
    ("SIF", "whole"),
    ("uSIF", "whole"),
    ("GEM", "whole"),
    ("GEM", "sentence-mean"),
    ("GEM", "sentences-as-words"),
]
#: the paragraph as one text: row name -> (registry method, fitted on the training paragraphs)
_WHOLE = {
    "mean": ("mean", False),
    "idf-weighted mean": ("idf-mean", False),
    "SIF": ("sif", True),
    "uSIF": ("usif", True),
    "GEM": ("gem", True),
}

Embedded = list[tuple[tuple[str, str], F64, float]]  # (method, technique), vectors, seconds


def _one_thread(task: Callable[..., Any], *args: Any) -> Any:
    """``task(*args)`` with BLAS and OpenMP held to one thread, so that the numbers do
    not depend on how many workers run beside it (nor on the machine's core count)."""
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):
        return task(*args)


def _flatten(sentences: Sequence[Sequence[str]]) -> tuple[list[str], npt.NDArray[np.int64]]:
    flat = [s for doc in sentences for s in doc]
    offsets = np.cumsum([0, *(len(doc) for doc in sentences)])
    return flat, offsets


def _embed_whole(
    make: Callable[..., Any], name: str, train: Sequence[str], paragraphs: Sequence[str]
) -> Embedded:
    """The paragraphs embedded as single texts by the method of row ``name``."""
    method, fitted = _WHOLE[name]
    t0 = time.perf_counter()
    model = make(method, cleaning="none")
    model = model.fit(train) if fitted else model.fit()
    X = np.asarray(model.transform(paragraphs), dtype=np.float64)
    return [((name, "whole"), X, time.perf_counter() - t0)]


def _embed_sentences(
    make: Callable[..., Any],
    sentences: Sequence[Sequence[str]],
    train: npt.NDArray[np.bool_],
) -> Embedded:
    """GEM's two sentence-based techniques; both are charged the sentence embeddings."""
    flat, offsets = _flatten(sentences)
    train_flat = [s for doc, t in zip(sentences, train, strict=True) if t for s in doc]
    t0 = time.perf_counter()
    v = make("gem", cleaning="none").fit(train_flat).transform(flat).astype(np.float64)
    shared = time.perf_counter() - t0

    t0 = time.perf_counter()
    counts = np.diff(offsets)
    sums = np.add.reduceat(v, offsets[:-1], axis=0) if len(v) else np.zeros((0, v.shape[1]))
    mean = np.asarray(sums / np.maximum(counts, 1)[:, None])
    mean_seconds = time.perf_counter() - t0

    t0 = time.perf_counter()
    seqs = [v[offsets[i] : offsets[i + 1]] for i in range(len(sentences))]
    model = make("gem").fit_vectors([s for s, t in zip(seqs, train, strict=True) if t])
    as_words = np.asarray(model.transform_vectors(seqs), dtype=np.float64)
    words_seconds = time.perf_counter() - t0
    return [
        (("GEM", "sentence-mean"), mean, shared + mean_seconds),
        (("GEM", "sentences-as-words"), as_words, shared + words_seconds),
    ]


#: a row's probe: (method, technique), embedding seconds, chosen C, test accuracy, and
#: whether each test document is predicted right
Scored = tuple[tuple[str, str], float, float, float, npt.NDArray[np.bool_]]


def _embed_and_probe(
    embed: Callable[..., Embedded],
    args: tuple[Any, ...],
    y: npt.NDArray[Any],
    train: npt.NDArray[np.bool_],
    grid: Sequence[float],
    seed: int,
) -> list[Scored]:
    """One task: the embeddings of ``embed(*args)``, then for each, C chosen on a held-out
    fifth of the training documents and the test accuracy refitted on all of them."""
    from textsim.measures.probe import best_c, holdout_split, logistic_probe, probe_accuracy

    fit, held = holdout_split(int(train.sum()), seed)
    train_rows, test_rows = np.flatnonzero(train), np.flatnonzero(~train)
    y_train = y[train]
    out: list[Scored] = []
    for key, X, seconds in embed(*args):
        X_train = X[train]
        scores = [probe_accuracy(X_train, y_train, fit, held, c) for c in grid]
        c = best_c(grid, scores)
        # the test accuracy as each test document's outcome (its mean: probe_accuracy)
        clf = logistic_probe(C=c).fit(X[train_rows], y[train_rows])
        correct = np.asarray(clf.predict(X[test_rows]) == y[test_rows], dtype=bool)
        out.append((key, seconds, c, float(correct.mean()), correct))
    return out


def evaluate_paragraphs(
    make: Callable[..., Any],
    documents: pd.DataFrame,
    *,
    c_grid: Sequence[float] = (0.001, 0.01, 0.1, 1.0),
    seed: int = 0,
    progress: bool = True,
    n_jobs: int = 1,
    keep: dict[tuple[str, str], npt.NDArray[np.bool_]] | None = None,
) -> pd.DataFrame:
    """Test accuracy of every paragraph embedding (rows: method, technique).

    ``make(method, **params)`` gives the unfitted estimator of a registry method name
    over the word vectors (:func:`textsim.methods.registry.build` with the embeddings and
    probabilities bound). ``documents`` has columns ``sentences`` (raw sentences), ``split``
    (train/test) and ``label``. ``seconds`` is the time to embed all documents
    (fits included). Each embedding and its probe (C on one seeded held-out fifth of the
    training documents, then the test accuracy) is one task; ``n_jobs`` worker processes
    (joblib) share the tasks, each run single-threaded, so the table does not depend on
    ``n_jobs``. ``keep``, when given, receives per (method, technique) whether each test
    document (in ``documents``' order) is predicted right: the verdicts' evidence."""
    from joblib import Parallel, delayed
    from tqdm import tqdm

    from textsim.text.cleaning import clean_lines

    train = (documents["split"] == "train").to_numpy()
    y = documents["label"].to_numpy()
    if not train.any() or train.all():
        raise ValueError("documents need both a train and a test split")
    # cleaned once here; the estimators below take the text as it is (cleaning="none")
    sentences = [[" ".join(t) for t in clean_lines(list(doc))] for doc in documents["sentences"]]
    paragraphs = [" ".join(doc) for doc in sentences]
    train_paragraphs = [p for p, t in zip(paragraphs, train, strict=True) if t]
    # longest first: GEM on whole paragraphs, GEM on sentences, then the rest
    grid = sorted(c_grid)
    tasks: list[tuple[Callable[..., Embedded], tuple[Any, ...]]] = [
        (_embed_whole, (make, "GEM", train_paragraphs, paragraphs)),
        (_embed_sentences, (make, sentences, train)),
        *(
            (_embed_whole, (make, name, train_paragraphs, paragraphs))
            for name in ("SIF", "uSIF", "mean", "idf-weighted mean")
        ),
    ]
    probe = (y, train, grid, seed)
    jobs = [delayed(_one_thread)(_embed_and_probe, f, args, *probe) for f, args in tasks]
    with Parallel(n_jobs=n_jobs, return_as="generator", batch_size=1) as parallel:
        done = tqdm(parallel(jobs), total=len(jobs), desc="paragraphs", disable=not progress)
        scored = {key: rest for out in done for key, *rest in out}
    labels, counts = np.unique(y[train], return_counts=True)
    majority = labels[np.argmax(counts)]
    rows: list[dict[str, object]] = [
        {
            "method": "majority class",
            "technique": "-",
            "accuracy": float(np.mean(y[~train] == majority)),
            "C": float("nan"),
            "n_train": int(train.sum()),
            "n_test": int((~train).sum()),
            "seconds": 0.0,
            "documents_per_s": float("nan"),
        }
    ]
    for key in TECHNIQUES:
        seconds, c, acc, correct = scored[key]
        if keep is not None:
            keep[key] = correct
        rows.append(
            {
                "method": key[0],
                "technique": key[1],
                "accuracy": acc,
                "C": c,
                "n_train": int(train.sum()),
                "n_test": int((~train).sum()),
                "seconds": seconds,
                "documents_per_s": len(paragraphs) / seconds if seconds > 0 else float("nan"),
            }
        )
    return pd.DataFrame(rows)
