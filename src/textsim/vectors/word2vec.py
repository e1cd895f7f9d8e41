"""word2vec training (gensim skip-gram) and word-vector quality checks."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
from gensim.models import KeyedVectors, Word2Vec
from gensim.models.callbacks import CallbackAny2Vec
from tqdm import tqdm

from textsim.io import InputFileError, atomic_path
from textsim.text.wikipedia import CleanCorpus

__all__ = ["PAPER_WORD2VEC", "evaluate_word_vectors", "load_vectors", "train_word2vec"]

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
    output: str | os.PathLike[str],
    params: Mapping[str, Any],
    *,
    seed: int,
    workers: int = 1,
) -> KeyedVectors:
    """Train skip-gram word2vec on cleaned shards and save the ``KeyedVectors``.

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
    with atomic_path(output) as tmp:
        # one self-contained file: no side files for large arrays
        kv.save(str(tmp), sep_limit=1 << 62, pickle_protocol=4)
    log.info("saved %d vectors of dimension %d to %s", len(kv), kv.vector_size, output)
    return kv


def load_vectors(path: str | os.PathLike[str]) -> KeyedVectors:
    """Load word vectors: gensim's native format (``.kv``/``.model``, as
    :func:`train_word2vec` saves them), word2vec binary (``.bin``) or word2vec text
    (anything else). A missing, truncated or foreign file raises
    :class:`~textsim.io.InputFileError` naming it."""
    p = Path(path)
    if not p.is_file():
        raise InputFileError(f"{p}: no such word-vector file")
    try:
        if p.suffix in (".kv", ".model"):
            kv = KeyedVectors.load(str(p))
            if not isinstance(kv, KeyedVectors):  # e.g. a full Word2Vec model
                kv = getattr(kv, "wv", None)
                if not isinstance(kv, KeyedVectors):
                    raise InputFileError(f"{p}: a gensim file, but not word vectors")
        else:
            kv = KeyedVectors.load_word2vec_format(str(p), binary=p.suffix == ".bin")
    except InputFileError:
        raise
    except Exception as err:  # gensim raises whatever its parser meets (pickle, EOF, ...)
        kind = (
            "gensim KeyedVectors (.kv)"
            if p.suffix in (".kv", ".model")
            else ("word2vec binary (.bin)" if p.suffix == ".bin" else "word2vec text")
        )
        raise InputFileError(
            f"{p}: cannot read word vectors as {kind} — truncated or not that format "
            f"({type(err).__name__}: {str(err)[:120]})"
        ) from None
    if len(kv) == 0:
        raise InputFileError(f"{p}: holds no word vectors")
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
