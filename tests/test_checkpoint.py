"""Training that survives interruption (textsim.runtime.checkpoint) and the epoch batches of
the Schäfer models (seeded per epoch, bucketed by length, trimmed where exact)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from textsim.runtime.backend import available_backends
from textsim.runtime.checkpoint import Checkpoint, EarlyStopping, checkpoint_for, fingerprint
from textsim.schafer.models.base import (
    POOL_BATCHES,
    WIDTH_STEP,
    batch_width,
    epoch_batches,
    eval_batches,
)

HERE = Path(__file__).parent
INSTALLED = available_backends()


def _run(tmp_path: Path, backend: str, model: str, ckpt: str, name: str, *kill: int) -> Any:
    out = tmp_path / f"{name}.json"
    cmd = [sys.executable, str(HERE / "keras_resume.py"), backend, model, ckpt, str(out)]
    # string hashes fixed as in the workflow: gensim seeds inferred vectors with hash()
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    res = subprocess.run(cmd + [str(k) for k in kill], capture_output=True, text=True, env=env)
    return res, (json.loads(out.read_text()) if out.exists() else None)


@pytest.mark.parametrize(
    ("backend", "model"),
    [
        ("tensorflow", "topic_lstm"),
        ("jax", "topic_lstm"),
        ("jax", "rae"),
        ("jax", "doc2sent2vec"),
        ("tensorflow", "weights"),
        ("jax", "weights"),
    ],
)
def test_a_killed_training_resumes_from_its_last_epoch_to_the_same_weights(
    tmp_path: Path, backend: str, model: str
) -> None:
    """SIGKILL right after epoch 2's checkpoint; the rerun trains epochs 3-5 only and
    ends with the weights of an uninterrupted run (to 1e-6). The checkpoint stays until
    the caller has stored the results: a run killed after training (before they are
    stored) trains no epoch again and gives the same weights."""
    if backend not in INSTALLED:
        pytest.skip(f"{backend} is not installed")
    res, whole = _run(tmp_path, backend, model, "-", "whole")
    assert res.returncode == 0, res.stderr[-3000:]
    ckpt = tmp_path / "train.ckpt.npz"
    res, _ = _run(tmp_path, backend, model, str(ckpt), "killed", 1)
    assert res.returncode == -9, res.stderr[-3000:]  # killed by the signal, not by an error
    assert ckpt.exists()
    res, resumed = _run(tmp_path, backend, model, str(ckpt), "resumed")
    assert res.returncode == 0, res.stderr[-3000:]
    assert "resuming after epoch 2" in res.stderr
    assert resumed["trained_here"] == 3  # epochs 3, 4, 5
    res, again = _run(tmp_path, backend, model, str(ckpt), "again")
    assert res.returncode == 0, res.stderr[-3000:]
    assert again["trained_here"] == 0 and again["weights"] == resumed["weights"]
    history = resumed["history"]
    for key, values in history.items() if isinstance(history, dict) else [("loss", history)]:
        want = whole["history"][key] if isinstance(history, dict) else whole["history"]
        assert values == pytest.approx(want, abs=1e-6), key
    for got, want in zip(resumed["weights"], whole["weights"], strict=True):
        np.testing.assert_allclose(got, want, atol=1e-6)
    if "vectors" in whole:
        np.testing.assert_allclose(resumed["vectors"], whole["vectors"], atol=1e-6)


def test_a_checkpoint_of_another_training_is_not_resumed(tmp_path: Path) -> None:
    """A checkpoint carries its training's fingerprint: another training's file (or a
    corrupt one) is ignored, never loaded into the model."""
    keras = pytest.importorskip("keras")
    path = tmp_path / "c.npz"
    path.write_bytes(b"not a checkpoint")
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(optimizer="adam", loss="mse")
    assert Checkpoint(path, "a").load(model) is None  # corrupt: start over
    Checkpoint(path, "a").save(model, {"epoch": 0})
    assert Checkpoint(path, "b").load(model) is None
    before = [w.copy() for w in model.get_weights()]
    model.set_weights([w + 1 for w in before])
    assert Checkpoint(path, "a").load(model)["epoch"] == 0
    for got, want in zip(model.get_weights(), before, strict=True):
        np.testing.assert_array_equal(got, want)


def test_a_frozen_table_the_key_covers_is_not_written_each_epoch(tmp_path: Path) -> None:
    """The learned weights' checkpoint leaves out the word-vector table (fingerprinted
    in its key, never assigned): the file holds the weights and the optimizer's state
    only, and a rerun resumes from it (no epoch trained again, the same weights)."""
    from textsim.methods.learned.procedures import TrainConfig
    from textsim.methods.learned.training import train_weights
    from textsim.vectors.words import TokenBatch

    rng = np.random.default_rng(0)
    vocab, dim, n, length = 500, 16, 400, 5
    table = rng.normal(size=(vocab + 1, dim)).astype(np.float32)

    def texts() -> TokenBatch:
        ids = rng.integers(0, vocab, (n, length)).astype(np.int32)
        return TokenBatch(ids, np.full(n, length, np.int32), vocab)

    a, b, related = texts(), texts(), rng.random(n) < 0.5
    config = TrainConfig.named("median", schedule="fixed", epochs=2, batch_size=50)
    path = tmp_path / "c.npz"
    first = train_weights(a, b, related, table, length, config, seed=1, checkpoint=str(path))
    with np.load(path) as saved:
        shapes = [saved[k].shape for k in saved.files]
    assert (vocab + 1, dim) not in shapes and (length,) in shapes
    again = train_weights(a, b, related, table, length, config, seed=1, checkpoint=str(path))
    assert again.epoch_seconds == first.epoch_seconds  # restored, none trained again
    np.testing.assert_array_equal(again.weights, first.weights)


def test_fingerprint_sees_every_part() -> None:
    a = np.arange(6, dtype=np.float32)
    assert fingerprint(a, {"x": 1}) == fingerprint(a.copy(), {"x": 1})
    assert fingerprint(a, {"x": 1}) != fingerprint(a, {"x": 2})
    assert fingerprint(a, 1) != fingerprint(a.reshape(2, 3), 1)
    assert fingerprint(a, 1) != fingerprint(a.astype(np.float64), 1)
    assert Path(checkpoint_for("r/runs/x.json")).name == ".x.json.checkpoint.npz"


class _Weights:
    def __init__(self) -> None:
        self.w = [np.zeros(1)]

    def get_weights(self) -> list[np.ndarray]:
        return [x.copy() for x in self.w]

    def set_weights(self, w: list[np.ndarray]) -> None:
        self.w = w


@pytest.mark.parametrize("mode", ["max", "min"])
def test_early_stopping_follows_keras(mode: str) -> None:
    """The same epochs stop and the same epoch's weights come back as with Keras'
    EarlyStopping(restore_best_weights=True) on the same monitored values."""
    keras = pytest.importorskip("keras")
    values = [0.30, 0.35, 0.3505, 0.36, 0.3602, 0.3601, 0.3599, 0.5]
    if mode == "min":
        values = [1 - v for v in values]
    for patience in (0, 1, 2, 3):
        ours, model = EarlyStopping(mode, 0.001, patience), _Weights()
        theirs = keras.callbacks.EarlyStopping(
            monitor="v", mode=mode, min_delta=0.001, patience=patience, restore_best_weights=True
        )
        net = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
        theirs.set_model(net)
        net.stop_training = False
        theirs.on_train_begin()
        stopped_ours = stopped_theirs = None
        for epoch, v in enumerate(values):
            model.w = [np.full(1, epoch)]
            if stopped_ours is None and ours.update(epoch, v, model):
                stopped_ours = epoch
            if stopped_theirs is None:
                net.set_weights([np.full((1, 1), epoch), np.zeros(1)])
                theirs.on_epoch_end(epoch, {"v": v})
                if net.stop_training:  # set by the callback
                    stopped_theirs = epoch
        assert stopped_ours == stopped_theirs, patience
        ours.restore(model)
        theirs.on_train_end()
        assert model.w[0][0] == net.get_weights()[0][0, 0], patience


def test_epoch_batches_follow_the_seed_and_the_epoch() -> None:
    items = np.arange(100, 400)
    lengths = np.random.default_rng(0).integers(1, 400, 400)
    for batching in ("shuffled", "bucketed"):
        first = epoch_batches(items, lengths, 8, seed=1, epoch=3, batching=batching)
        again = epoch_batches(items, lengths, 8, seed=1, epoch=3, batching=batching)
        other = epoch_batches(items, lengths, 8, seed=1, epoch=4, batching=batching)
        assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
        assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))
        assert sorted(np.concatenate(first).tolist()) == items.tolist()  # each once
        assert [len(b) for b in first].count(8) == len(first) - 1  # one shorter batch


def test_bucketed_batches_hold_documents_of_similar_length() -> None:
    rng = np.random.default_rng(0)
    lengths = rng.integers(1, 401, 3000)
    items = np.arange(3000)
    spread = {}
    for batching in ("shuffled", "bucketed"):
        batches = epoch_batches(items, lengths, 20, seed=0, epoch=0, batching=batching)
        spread[batching] = np.mean([np.ptp(lengths[b]) for b in batches])
        widths = [batch_width(lengths[b], 400) for b in batches]
        spread[batching + " width"] = np.mean(widths)
    assert spread["bucketed"] < 0.1 * spread["shuffled"]
    assert spread["bucketed width"] < 0.7 * spread["shuffled width"]
    # each pool of POOL_BATCHES batches is sorted by length: its batches' length ranges
    # do not overlap (a batch's longest is at most the next one's shortest)
    batches = epoch_batches(items[: POOL_BATCHES * 20], lengths, 20, 0, 0, "bucketed")
    ranges = sorted((lengths[b].min(), lengths[b].max()) for b in batches)
    assert all(hi <= lo for (_, hi), (lo, _) in itertools.pairwise(ranges))


def test_batch_width_rounds_up_to_the_step_within_max_words() -> None:
    assert batch_width(np.array([1, 3]), 400) == WIDTH_STEP
    assert batch_width(np.array([WIDTH_STEP + 1]), 400) == 2 * WIDTH_STEP
    assert batch_width(np.array([399]), 400) == 400
    assert batch_width(np.array([0]), 400) == WIDTH_STEP  # an empty document
    assert batch_width(np.array([30]), 30) == 30
    assert [len(b) for b in eval_batches(np.arange(10), np.arange(10)[::-1], 4)] == [4, 4, 2]
    assert eval_batches(np.arange(10), np.arange(10)[::-1], 4)[0].tolist() == [9, 8, 7, 6]
