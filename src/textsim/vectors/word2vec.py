"""word2vec training (gensim skip-gram) and word-vector quality checks.

Training is resumable: with a checkpoint file, the training state is saved after every
epoch (word and output vectors, the random generator's state; ``.npz``, no pickle) and a
killed training continues from its last finished epoch. With one worker the vectors are
bit-identical whether the training ran in one go, epoch by epoch, or was interrupted and
resumed: each epoch is trained by its own call with the learning rate that one call over
every epoch would have given it (:class:`_EpochWord2Vec`).
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from gensim.models import KeyedVectors, Word2Vec
from gensim.models.callbacks import CallbackAny2Vec
from tqdm import tqdm

from textsim.core.io import PathLike, write_npz
from textsim.runtime.checkpoint import fingerprint
from textsim.text.wikipedia import CleanCorpus
from textsim.vectors.word2vec_settings import ALLOWED as _ALLOWED
from textsim.vectors.word2vec_settings import PAPER_WORD2VEC

__all__ = ["PAPER_WORD2VEC", "evaluate_word_vectors", "train_word2vec"]

log = logging.getLogger(__name__)


class _EpochProgress(CallbackAny2Vec):  # type: ignore[misc]
    def __init__(self, epochs: int, done: int) -> None:
        self.bar = tqdm(total=epochs, initial=done, desc="word2vec", unit="epoch")
        self.start = time.perf_counter()

    def on_epoch_end(self, model: Word2Vec) -> None:
        self.bar.update(1)

    def close(self) -> None:
        self.bar.close()


class _EpochWord2Vec(Word2Vec):  # type: ignore[misc]
    """gensim's Word2Vec trained one epoch per ``train`` call: the learning rate of
    epoch ``epoch_offset`` decays as in one call over ``total_epochs`` epochs, by the
    same floating-point expression (gensim's ``_get_next_alpha`` with the global epoch)."""

    epoch_offset: int = 0
    total_epochs: int = 1

    def _get_next_alpha(self, epoch_progress: float, cur_epoch: int) -> float:
        start_alpha = self.alpha
        end_alpha = self.min_alpha
        progress = (self.epoch_offset + cur_epoch + epoch_progress) / self.total_epochs
        next_alpha = start_alpha - (start_alpha - end_alpha) * progress
        next_alpha = max(end_alpha, next_alpha)
        self.min_alpha_yet_reached = next_alpha
        return float(next_alpha)


def _corpus_identity(corpus: Sequence[str | os.PathLike[str]]) -> list[list[Any]]:
    """Each shard's name, size and modification time (what a resumed training checks)."""
    out = []
    for path in corpus:
        st = Path(path).stat()
        out.append([Path(path).name, st.st_size, st.st_mtime_ns])
    return out


def _load_state(model: Word2Vec, path: Path, key: str) -> int:
    """Restore the state saved after the last finished epoch; that epoch count, or 0
    when there is no usable checkpoint (absent, unreadable, another training's)."""
    if not path.exists():
        return 0
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            if meta.get("key") != key:
                log.warning("%s: a checkpoint of another training, starting over", path)
                return 0
            vectors, syn1neg, keys = z["vectors"], z["syn1neg"], z["rng_keys"]
    except (OSError, ValueError, KeyError) as err:
        log.warning("%s: unreadable checkpoint (%s), starting over", path, err)
        return 0
    if vectors.shape != model.wv.vectors.shape or syn1neg.shape != model.syn1neg.shape:
        log.warning("%s: another vocabulary's checkpoint, starting over", path)
        return 0
    model.wv.vectors[...] = vectors
    model.syn1neg[...] = syn1neg
    rng = meta["rng"]
    model.random.set_state((rng[0], keys, rng[1], rng[2], rng[3]))
    log.info("%s: resuming after epoch %d", path, meta["epochs_done"])
    return int(meta["epochs_done"])


def _save_state(model: Word2Vec, path: Path, key: str, epochs_done: int) -> None:
    name, keys, pos, has_gauss, cached = model.random.get_state()
    meta = {"key": key, "epochs_done": epochs_done, "rng": [name, int(pos), has_gauss, cached]}
    write_npz(
        path,
        meta=np.asarray(json.dumps(meta)),
        vectors=model.wv.vectors,
        syn1neg=model.syn1neg,
        rng_keys=keys,
    )


def train_word2vec(
    corpus: Sequence[str | os.PathLike[str]],
    params: Mapping[str, Any],
    *,
    seed: int,
    workers: int = 1,
    checkpoint: PathLike | None = None,
) -> KeyedVectors:
    """Train skip-gram word2vec on cleaned shards; returns the ``KeyedVectors`` (the
    word2vec stage writes them: :func:`textsim.formats.vectorfile.write_vectors`).

    ``workers=1`` gives bit-identical vectors for the same corpus and seed.
    ``checkpoint``: a file for the training state after each epoch, so that a killed
    training resumes from its last finished epoch (removed by the caller once the
    vectors are stored); one made by another training (other shards, settings or
    seed) is ignored and replaced.
    """
    unknown = set(params) - _ALLOWED
    if unknown:
        raise ValueError(f"unknown word2vec parameter(s): {', '.join(sorted(unknown))}")
    settings = {**PAPER_WORD2VEC, **params}
    log.info("word2vec settings: %s, seed %d, workers %d", settings, seed, workers)
    sentences = CleanCorpus(corpus)
    epochs = int(settings["epochs"])
    model = _EpochWord2Vec(
        seed=seed, workers=workers, **{k: v for k, v in settings.items() if k != "epochs"}
    )
    model.build_vocab(sentences)
    if len(model.wv) == 0:
        raise ValueError(
            f"word2vec vocabulary is empty (min_count={settings['min_count']}): corpus too small"
        )
    path = Path(checkpoint) if checkpoint is not None else None
    key = fingerprint(_corpus_identity(corpus), settings, seed, workers, len(model.wv))
    done = _load_state(model, path, key) if path is not None else 0
    model.total_epochs = epochs
    progress = _EpochProgress(epochs, done)
    try:
        for epoch in range(done, epochs):
            model.epoch_offset = epoch
            # one schedule continued, not a new training cycle (silences gensim's warning
            # about a higher alpha; the value is only read for that warning)
            model.min_alpha_yet_reached = model.alpha
            model.train(
                sentences, total_examples=model.corpus_count, epochs=1, callbacks=[progress]
            )
            saved = path is not None and epoch + 1 < epochs
            if path is not None and saved:
                _save_state(model, path, key, epoch + 1)
            # (gensim numbers every call's single epoch 0 in its progress lines)
            log.info("epoch %d of %d done%s", epoch + 1, epochs, " (state saved)" if saved else "")
    finally:
        progress.close()
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
