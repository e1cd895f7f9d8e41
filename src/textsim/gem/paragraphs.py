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


def _flatten(sentences: Sequence[Sequence[str]]) -> tuple[list[str], npt.NDArray[np.int64]]:
    flat = [s for doc in sentences for s in doc]
    offsets = np.cumsum([0, *(len(doc) for doc in sentences)])
    return flat, offsets


def evaluate_paragraphs(
    make: Callable[..., Any],
    documents: pd.DataFrame,
    *,
    c_grid: Sequence[float] = (0.001, 0.01, 0.1, 1.0),
    seed: int = 0,
    progress: bool = True,
) -> pd.DataFrame:
    """Test accuracy of every paragraph embedding (rows: method, technique).

    ``make(method, **params)`` gives the unfitted estimator of a registry method name
    over the word vectors (:func:`textsim.api.registry.build` with the embeddings and
    probabilities bound). ``documents`` has columns ``sentences`` (raw sentences), ``split``
    (train/test) and ``label``. ``seconds`` is the time to embed all documents
    (fits included)."""
    from tqdm import tqdm

    from textsim.probe import choose_c, logistic_probe
    from textsim.text.cleaning import clean_lines

    train = (documents["split"] == "train").to_numpy()
    y = documents["label"].to_numpy()
    if not train.any() or train.all():
        raise ValueError("documents need both a train and a test split")
    # cleaned once here; the estimators below take the text as it is (cleaning="none")
    sentences = [[" ".join(t) for t in clean_lines(list(doc))] for doc in documents["sentences"]]
    paragraphs = [" ".join(doc) for doc in sentences]
    train_paragraphs = [p for p, t in zip(paragraphs, train, strict=True) if t]
    flat, offsets = _flatten(sentences)
    train_flat = [s for doc, t in zip(sentences, train, strict=True) if t for s in doc]

    cache: dict[str, tuple[F64, float]] = {}

    def sentence_vectors() -> tuple[F64, float]:
        if "sentences" not in cache:
            t0 = time.perf_counter()
            gem = make("gem", cleaning="none").fit(train_flat)
            v = gem.transform(flat).astype(np.float64)
            cache["sentences"] = (v, time.perf_counter() - t0)
        return cache["sentences"]

    def sentence_mean() -> F64:
        v, _ = sentence_vectors()
        counts = np.diff(offsets)
        sums = np.add.reduceat(v, offsets[:-1], axis=0) if len(v) else np.zeros((0, v.shape[1]))
        return np.asarray(sums / np.maximum(counts, 1)[:, None])

    def sentences_as_words() -> F64:
        v, _ = sentence_vectors()
        seqs = [v[offsets[i] : offsets[i + 1]] for i in range(len(paragraphs))]
        model = make("gem").fit_vectors([s for s, t in zip(seqs, train, strict=True) if t])
        return np.asarray(model.transform_vectors(seqs), dtype=np.float64)

    def whole(method: str, fit: bool = True) -> Callable[[], F64]:
        def run() -> F64:
            model = make(method, cleaning="none")
            model = model.fit(train_paragraphs) if fit else model.fit()
            return np.asarray(model.transform(paragraphs), dtype=np.float64)

        return run

    methods: list[tuple[str, str, Callable[[], F64], bool]] = [
        ("mean", "whole", whole("mean", False), False),
        ("idf-weighted mean", "whole", whole("idf-mean", False), False),
        ("SIF", "whole", whole("sif"), False),
        ("uSIF", "whole", whole("usif"), False),
        ("GEM", "whole", whole("gem"), False),
        ("GEM", "sentence-mean", sentence_mean, True),
        ("GEM", "sentences-as-words", sentences_as_words, True),
    ]
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
    for name, technique, run, uses_sentences in tqdm(
        methods, desc="paragraph embeddings", unit="method", disable=not progress
    ):
        cached = "sentences" in cache
        t0 = time.perf_counter()
        X = run()
        seconds = time.perf_counter() - t0
        if uses_sentences and cached:  # both techniques pay for the sentence embeddings
            seconds += cache["sentences"][1]
        c, _ = choose_c(X[train], y[train], sorted(c_grid), seed)
        clf = logistic_probe(C=c).fit(X[train], y[train])
        rows.append(
            {
                "method": name,
                "technique": technique,
                "accuracy": clf.score(X[~train], y[~train]),
                "C": c,
                "n_train": int(train.sum()),
                "n_test": int((~train).sum()),
                "seconds": seconds,
                "documents_per_s": len(paragraphs) / seconds if seconds > 0 else float("nan"),
            }
        )
    return pd.DataFrame(rows)
