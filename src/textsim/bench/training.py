"""Training benchmark: every installed Keras backend against the NumPy reference, one run.

Learned weights: the same synthetic couples, the same balanced batches of the
median loss, two epochs in Keras on each backend (one subprocess per backend:
Keras reads its backend once per process) and in the NumPy implementation of
the same forward pass, loss and gradient (:mod:`textsim.methods.learned.weighting`). The
first epoch includes Keras' tracing and compilation; throughput is taken from
the second, and the 1.5M-couple epoch time (the PRL paper's training set) is
extrapolated from it. Schäfer models: documents/s of the second of two epochs
of each Keras model on the same synthetic documents, per backend.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.runtime.backend import available_backends, select_backend

__all__ = ["TrainingBench", "run_training_benchmark"]

PAPER_COUPLES = 1_500_000  # PRL 2016: the Wikipedia training couples of one epoch
N_MAX = 20
SCHAFER_MODELS = ("topic_lstm", "topic_cnn", "autoencoder", "rae", "doc2sent2vec")
SCHAFER_DIM = 100  # word-vector size of the Schäfer benchmark


def _couples(n_couples: int, dim: int, seed: int) -> tuple[Any, Any, Any, Any]:
    from textsim.bench.scoring import synthetic_couples
    from textsim.methods.pooling import sort_by_rank

    emb, couples = synthetic_couples(n_couples, dim=dim, seed=seed)
    rank = emb.rank()
    a = sort_by_rank(emb.encode(couples["text1"]), rank)
    b = sort_by_rank(emb.encode(couples["text2"]), rank)
    return a, b, couples["related"].to_numpy(), emb.padded_table()


def _config() -> Any:
    from textsim.methods.learned.procedures import TrainConfig

    return TrainConfig(loss="median", schedule="fixed", epochs=2)


def keras_weights(n_couples: int, dim: int, seed: int) -> dict[str, Any]:
    """Two epochs of Keras training on the active backend."""
    from textsim.methods.learned.training import train_weights

    a, b, related, table = _couples(n_couples, dim, seed)
    result = train_weights(a, b, related, table, N_MAX, _config(), seed=seed, deterministic=False)
    return {
        "weights": result.weights.tolist(),
        "epoch_seconds": result.epoch_seconds,
        "device": result.runtime["device"],
    }


def numpy_weights(n_couples: int, dim: int, seed: int) -> dict[str, Any]:
    """The same two epochs (same batches) with the NumPy reference."""
    from textsim.methods.learned.procedures import epoch_batches
    from textsim.methods.learned.weighting import median_loss, weight_basis, weights_gradient

    a, b, related, table = _couples(n_couples, dim, seed)
    config = _config()
    rng = np.random.default_rng(seed)  # the batch order train_weights draws
    w = np.full(N_MAX, config.init)
    seconds = []
    for _ in range(config.epochs):
        t0 = time.perf_counter()
        for idx in epoch_batches(related, config, rng):
            Sa, Sb = (
                weight_basis(a.take(idx), table, N_MAX),
                weight_basis(b.take(idx), table, N_MAX),
            )
            _, ga, gb = median_loss(Sa @ w, Sb @ w, related[idx], config.kappa)
            w -= config.lr * (weights_gradient(Sa, Sb, ga, gb) + 2 * config.l2 * w)
        seconds.append(time.perf_counter() - t0)
    return {"weights": w.tolist(), "epoch_seconds": seconds, "device": "cpu (NumPy)"}


def _documents(
    n_docs: int, max_words: int, dim: int, seed: int
) -> tuple[list[list[list[int]]], npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """Synthetic documents: sentences of 20 Zipfian word ids (0 PAD, 1 UNK), 5 topics."""
    rng = np.random.default_rng(seed)
    vocab = 5_000
    p = 1 / np.arange(1, vocab - 1)
    p /= p.sum()
    docs = []
    for _ in range(n_docs):
        ids = rng.choice(vocab - 2, size=max_words, p=p) + 2
        docs.append([ids[i : i + 20].tolist() for i in range(0, max_words, 20)])
    W = rng.normal(size=(vocab, dim)).astype(np.float32)
    W[0] = 0
    return docs, rng.integers(0, 5, n_docs), W


def schafer_epochs(n_docs: int, max_words: int, dim: int, seed: int) -> dict[str, Any]:
    """Two epochs of each Keras Schäfer model on the active backend: seconds per epoch."""
    from textsim.schafer.models import MODELS

    docs, labels, W = _documents(n_docs, max_words, dim, seed)
    out: dict[str, Any] = {}
    for name in SCHAFER_MODELS:
        takes = set(MODELS[name]._get_param_names())
        kwargs: dict[str, Any] = {"word_vectors": W, "max_epochs": 2, "patience": 10, "seed": seed}
        if "max_words" in takes:  # over padded word ids or mean vectors
            kwargs["max_words"] = max_words
        if "sentence_epochs" in takes:  # a sentence phase of its own
            kwargs["sentence_epochs"] = 1
        model = MODELS[name](**kwargs).fit(docs, labels)
        n_train = getattr(model, "n_train_", n_docs)
        out[name] = {"epoch_seconds": model.epoch_seconds_, "documents": int(n_train)}
    return out


@dataclass
class TrainingBench:
    n_couples: int
    dim: int
    n_docs: int
    max_words: int
    numpy: dict[str, Any]
    backends: dict[str, dict[str, Any]] = field(default_factory=dict)

    def rate(self, run: dict[str, Any]) -> float:
        return self.n_couples / float(run["epoch_seconds"][-1])

    def report(self) -> str:
        ref = np.asarray(self.numpy["weights"])
        ref_rate = self.rate(self.numpy)
        lines = [
            f"learned weights: median loss, {self.n_couples:,} couples (20 words, {self.dim}-d), "
            "batches of 50 + 50, two epochs, the same batches everywhere",
            f"{'':12} {'device':24} {'1st epoch':>10} {'2nd epoch':>10} {'couples/s':>11} "
            f"{'1.5M-couple epoch':>18} {'vs NumPy':>9} {'max |w - w_NumPy|':>18}",
        ]

        def row(name: str, run: dict[str, Any]) -> str:
            first, second = run["epoch_seconds"][0], run["epoch_seconds"][-1]
            rate = self.rate(run)
            full = PAPER_COUPLES / rate
            diff = float(np.max(np.abs(np.asarray(run["weights"]) - ref)))
            return (
                f"{name:12} {run['device'][:24]:24} {first:9.2f}s {second:9.2f}s {rate:11,.0f} "
                f"{full:17.1f}s {rate / ref_rate:8.1f}x {diff:18.2e}"
            )

        lines.append(row("NumPy (ref)", self.numpy))
        for name, run in self.backends.items():
            lines.append(row(name, run))
        if self.n_docs:
            lines += [
                "",
                f"Schäfer models: documents/s of the 2nd of two epochs ({self.n_docs} synthetic "
                f"documents, 90% trained on, {self.max_words} words, {SCHAFER_DIM}-d word vectors)",
                f"{'model':14}" + "".join(f"{b:>12}" for b in self.backends),
            ]
            for model in SCHAFER_MODELS:
                cells = []
                for run in self.backends.values():
                    m = run["schafer"][model]
                    cells.append(f"{m['documents'] / m['epoch_seconds'][-1]:12,.0f}")
                lines.append(f"{model:14}" + "".join(cells))
        return "\n".join(lines)


def run_training_benchmark(
    n_couples: int = 20_000,
    *,
    backends: Sequence[str] | None = None,
    n_docs: int = 400,
    max_words: int = 200,
    dim: int = 400,
    seed: int = 0,
) -> TrainingBench:
    """Time the NumPy reference here and each backend (default: every installed one)
    in its own process, on the same couples and batches; ``n_docs = 0`` skips the
    Schäfer models."""
    installed = available_backends()
    chosen = list(backends) if backends is not None else installed
    missing = [b for b in chosen if b not in installed]
    if missing:
        raise ValueError(
            f"Keras backend(s) not installed: {', '.join(missing)} "
            f"(installed: {', '.join(installed) or 'none'}; pip install -e '.[{missing[0]}]')"
        )
    bench = TrainingBench(n_couples, dim, n_docs, max_words, numpy_weights(n_couples, dim, seed))
    for backend in chosen:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "result.json"
            cmd = [sys.executable, "-m", "textsim.bench.training", backend, str(out)]
            cmd += [f"--{k}={v}" for k, v in (("couples", n_couples), ("dim", dim))]
            cmd += [f"--docs={n_docs}", f"--max-words={max_words}", f"--seed={seed}"]
            env = {**os.environ, "KERAS_BACKEND": backend}
            done = subprocess.run(cmd, env=env, capture_output=True, text=True)
            if done.returncode != 0:
                tail = "\n".join(done.stderr.strip().splitlines()[-5:])
                raise RuntimeError(f"the {backend} benchmark failed:\n{tail}")
            bench.backends[backend] = json.loads(out.read_text())
    return bench


def _worker(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="one backend of textsim bench-training")
    parser.add_argument("backend")
    parser.add_argument("output")
    parser.add_argument("--couples", type=int, required=True)
    parser.add_argument("--dim", type=int, required=True)
    parser.add_argument("--docs", type=int, required=True)
    parser.add_argument("--max-words", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args(argv)
    select_backend(args.backend)
    result = keras_weights(args.couples, args.dim, args.seed)
    if args.docs:
        result["schafer"] = schafer_epochs(args.docs, args.max_words, SCHAFER_DIM, args.seed)
    Path(args.output).write_text(json.dumps(result))


if __name__ == "__main__":
    _worker()
