"""word2vec training epoch by epoch, resumable from a per-epoch checkpoint: with one
worker the vectors are bit-identical to gensim's one call over every epoch, whether the
training ran in one go or was killed and resumed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gensim.models import Word2Vec

import textsim.vectors.word2vec as w2v
from textsim.text.wikipedia import CleanCorpus

PARAMS = {"vector_size": 16, "min_count": 2, "epochs": 3, "negative": 5, "window": 3}


def _corpus(tmp_path: Path) -> list[Path]:
    rng = np.random.default_rng(0)
    words = [f"w{i}" for i in range(60)]
    shard = tmp_path / "000.tsv"
    with shard.open("w") as out:
        for article in range(40):
            for _ in range(3):
                tokens = rng.choice(words, size=12, p=np.arange(60, 0, -1) / 1830)
                out.write(f"{article}\t{' '.join(tokens)}\n")
    return [shard]


def _gensim_one_call(shards: list[Path], seed: int) -> np.ndarray:
    """How the vectors were trained before: gensim's own loop over every epoch."""
    settings = {**w2v.PAPER_WORD2VEC, **PARAMS}
    sentences = CleanCorpus(shards)
    model = Word2Vec(seed=seed, workers=1, **{k: v for k, v in settings.items() if k != "epochs"})
    model.build_vocab(sentences)
    model.train(sentences, total_examples=model.corpus_count, epochs=settings["epochs"])
    return np.asarray(model.wv.vectors)


def test_epoch_by_epoch_equals_one_call_bit_for_bit(tmp_path: Path) -> None:
    shards = _corpus(tmp_path)
    ours = w2v.train_word2vec(shards, PARAMS, seed=3).vectors
    np.testing.assert_array_equal(ours, _gensim_one_call(shards, seed=3))


def test_a_killed_training_resumes_to_the_same_vectors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shards = _corpus(tmp_path)
    checkpoint = tmp_path / ".vectors.npz.checkpoint.npz"
    reference = w2v.train_word2vec(shards, PARAMS, seed=3).vectors
    save = w2v._save_state
    trained: list[int] = []

    def save_then_die(model: Word2Vec, path: Path, key: str, epochs_done: int) -> None:
        save(model, path, key, epochs_done)
        trained.append(epochs_done)
        raise KeyboardInterrupt  # killed right after epoch 1 was saved

    monkeypatch.setattr(w2v, "_save_state", save_then_die)
    with pytest.raises(KeyboardInterrupt):
        w2v.train_word2vec(shards, PARAMS, seed=3, checkpoint=checkpoint)
    assert trained == [1] and checkpoint.exists()
    monkeypatch.setattr(w2v, "_save_state", save)
    calls: list[int] = []
    train = w2v._EpochWord2Vec.train

    def counted(self: Word2Vec, *args: object, **kwargs: object) -> object:
        calls.append(self.epoch_offset)
        return train(self, *args, **kwargs)

    monkeypatch.setattr(w2v._EpochWord2Vec, "train", counted)
    resumed = w2v.train_word2vec(shards, PARAMS, seed=3, checkpoint=checkpoint).vectors
    assert calls == [1, 2]  # epoch 0 was not trained again
    np.testing.assert_array_equal(resumed, reference)


def test_another_trainings_checkpoint_is_not_resumed(tmp_path: Path) -> None:
    shards = _corpus(tmp_path)
    checkpoint = tmp_path / "state.npz"
    w2v.train_word2vec(shards, {**PARAMS, "epochs": 2}, seed=4, checkpoint=checkpoint)
    assert checkpoint.exists()  # saved after epoch 1 (the caller removes it at the end)
    # another seed: the checkpoint is someone else's and training starts over
    got = w2v.train_word2vec(shards, PARAMS, seed=3, checkpoint=checkpoint).vectors
    np.testing.assert_array_equal(got, _gensim_one_call(shards, seed=3))
    checkpoint.write_bytes(b"not an npz")  # a truncated file: starts over too
    got = w2v.train_word2vec(shards, PARAMS, seed=3, checkpoint=checkpoint).vectors
    np.testing.assert_array_equal(got, _gensim_one_call(shards, seed=3))


def test_the_config_defaults_are_the_library_paper_settings() -> None:
    """The schema (the config's one place for defaults) and PAPER_WORD2VEC (what the
    library trains with when called without settings) state the same paper settings:
    the workflow and a direct call of train_word2vec must not drift apart."""
    import yaml
    from tinyrun import ROOT

    schema = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())
    props = schema["properties"]["word2vec"]["properties"]
    defaults = {k: props[k]["default"] for k in w2v.PAPER_WORD2VEC}
    assert defaults == w2v.PAPER_WORD2VEC
