"""word2vec training (gensim skip-gram) and word-vector quality checks."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
from gensim.models import KeyedVectors, Word2Vec
from gensim.models.callbacks import CallbackAny2Vec
from tqdm import tqdm

from textsim.text.wikipedia import CleanCorpus

__all__ = ["PAPER_WORD2VEC", "evaluate_word_vectors", "train_word2vec"]

log = logging.getLogger(__name__)

#: De Boom et al.: skip-gram with negative sampling, 400-d, window 5, negative 10,
#: sample 1e-4, min_count 5, no hierarchical softmax.
PAPER_WORD2VEC: dict[str, Any] = {
    "vector_size": 400,
    "window": 5,
    "negative": 10,
    "sample": 1e-4,
    "min_count": 5,
    "sg": 1,
    "hs": 0,
    "epochs": 5,
}

_ALLOWED = set(PAPER_WORD2VEC) | {"alpha", "min_alpha"}


class _EpochProgress(CallbackAny2Vec):  # type: ignore[misc]
    def __init__(self, epochs: int) -> None:
        self.bar = tqdm(total=epochs, desc="word2vec", unit="epoch")
        self.start = time.perf_counter()

    def on_epoch_end(self, model: Word2Vec) -> None:
        self.bar.update(1)

    def on_train_end(self, model: Word2Vec) -> None:
        self.bar.close()


def train_word2vec(
    corpus: Sequence[str | os.PathLike[str]],
    params: Mapping[str, Any],
    *,
    seed: int,
    workers: int = 1,
) -> KeyedVectors:
    """Train skip-gram word2vec on cleaned shards; returns the ``KeyedVectors`` (the
    word2vec stage writes them: :func:`textsim.formats.vectorfile.write_vectors`).

    ``workers=1`` gives bit-identical vectors for the same corpus and seed.
    """
    unknown = set(params) - _ALLOWED
    if unknown:
        raise ValueError(f"unknown word2vec parameter(s): {', '.join(sorted(unknown))}")
    settings = {**PAPER_WORD2VEC, **params}
    log.info("word2vec settings: %s, seed %d, workers %d", settings, seed, workers)
    sentences = CleanCorpus(corpus)
    model = Word2Vec(
        seed=seed, workers=workers, **{k: v for k, v in settings.items() if k != "epochs"}
    )
    model.build_vocab(sentences)
    if len(model.wv) == 0:
        raise ValueError(
            f"word2vec vocabulary is empty (min_count={settings['min_count']}): corpus too small"
        )
    model.train(
        sentences,
        total_examples=model.corpus_count,
        epochs=settings["epochs"],
        callbacks=[_EpochProgress(settings["epochs"])],
    )
    kv: KeyedVectors = model.wv
    log.info("trained %d vectors of dimension %d", len(kv), kv.vector_size)
    return kv


def evaluate_word_vectors(
    kv: KeyedVectors, analogies: str | os.PathLike[str], wordsim: str | os.PathLike[str]
) -> pd.DataFrame:
    """Quality of word vectors on word analogies and WordSim-353.

    Returns one row per benchmark with the score and the share of questions or
    pairs that the vocabulary covers (the rest are skipped, as gensim does).
    """
    from textsim.vectors.analogies import analogy_accuracy

    analogy = analogy_accuracy(kv, analogies)  # gensim's evaluate_word_analogies, batched
    n_seen = analogy.correct + analogy.incorrect
    (pearson, _), (spearman, _), oov = kv.evaluate_word_pairs(str(wordsim))
    rows = [
        {
            "benchmark": "questions-words (analogy accuracy)",
            "score": analogy.score,
            "coverage": n_seen / analogy.questions if analogy.questions else 0.0,
        },
        {"benchmark": "wordsim353 (Pearson r)", "score": float(pearson), "coverage": 1 - oov / 100},
        {
            "benchmark": "wordsim353 (Spearman rho)",
            "score": float(spearman),
            "coverage": 1 - oov / 100,
        },
    ]
    return pd.DataFrame(rows)
