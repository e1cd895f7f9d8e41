"""The recurrent Schäfer models on long documents: the fast path against the padded one.

Both models see the same synthetic documents, whose lengths are drawn from a real
dataset's (news10's: the documents of the workflow's ``results/schafer/news10``,
capped at ``max_words``). The padded path is the thesis' and the project's earlier
one: random batches, every document padded to ``max_words``, and the recurrent
autoencoder reconstructing the whole padded sequence. The fast path: batches of
documents of similar length (``batching="bucketed"``), each padded only to its
longest document (exact for the masked LSTMs), the LSTMs fused
(``recurrent="fused"``: :mod:`textsim.schafer.models.fused`) and the autoencoder
reconstructing the words only (``reconstruct="words"``). Each path trains
:data:`EPOCHS` epochs; an epoch's time is the fastest after the first (the first also
compiles: compilation = first - that). Compilation is measured cold (an empty JAX
cache) and warm (a second process, as a resumed training or the next job of the same
shapes). Agreement: the fast path against Keras' LSTM on the same batches padded to
``max_words``. One process per backend (Keras reads its backend once per process).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["MODELS", "dataset_lengths", "run_recurrent_benchmark", "training_flops"]

MODELS = {"topic_lstm": 143, "rae": 176}  # units: the thesis' (Table A.1) document sizes
DIM = 100  # word-vector size
VOCAB = 5_000
EPOCHS = 3  # the first also compiles; an epoch's time: the fastest of the others


def dataset_lengths(dataset: Path, max_words: int) -> npt.NDArray[np.int64]:
    """Words per document of a prepared Schäfer dataset, capped at ``max_words``."""
    from textsim.schafer.datasets import read_dataset

    frame, _ = read_dataset(dataset)
    n = np.asarray([sum(len(s) for s in doc) for doc in frame["tokens"]], dtype=np.int64)
    return np.minimum(n, max_words)


def training_flops(model: str, tokens: int, units: int, dim: int = DIM) -> float:
    """Floating-point operations of one training pass over ``tokens`` real words:
    forward (an LSTM step 8·(input + units)·units, the autoencoder's decoder step and
    output layer besides) times 3 for forward + backward."""
    step = 8.0 * (dim + units) * units
    if model == "rae":
        step += 8.0 * (2 * units) * units + 2.0 * units * dim
    return 3.0 * step * tokens


def _documents(
    lengths: npt.NDArray[np.int64], seed: int
) -> tuple[list[list[list[int]]], npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    rng = np.random.default_rng(seed)
    p = 1 / np.arange(1, VOCAB - 1)
    p /= p.sum()
    docs = []
    for n in lengths:
        ids = (rng.choice(VOCAB - 2, size=int(n), p=p) + 2).tolist()
        docs.append([ids[i : i + 20] for i in range(0, len(ids), 20)])
    W = rng.normal(size=(VOCAB, DIM)).astype(np.float32)
    W[0] = 0
    return docs, rng.integers(0, 10, len(lengths)), W


def _fit(name: str, docs: Any, labels: Any, W: Any, max_words: int, **kw: Any) -> Any:
    from textsim.schafer.models import MODELS as ESTIMATORS

    params: dict[str, Any] = {"doc_size": MODELS[name], "batch_size": 50, "max_words": max_words}
    params |= {"max_epochs": EPOCHS, "patience": 10, "optimizer": "adagrad", "learning_rate": 0.01}
    estimator: Any = ESTIMATORS[name]
    return estimator(W, seed=0, **params, **kw).fit(docs, labels)


def _fast(name: str, docs: Any, labels: Any, W: Any, max_words: int, **kw: Any) -> Any:
    """The fast path: bucketed batches, the fused LSTM, the autoencoder on words."""
    words = {"reconstruct": "words"} if name == "rae" else {}
    return _fit(
        name, docs, labels, W, max_words, batching="bucketed", recurrent="fused", **words, **kw
    )


def _worker(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="one backend of the recurrent benchmark")
    parser.add_argument("backend")
    parser.add_argument("lengths")
    parser.add_argument("output")
    parser.add_argument("--max-words", type=int, required=True)
    parser.add_argument("--warm", action="store_true", help="the fast path only (cache warm)")
    args = parser.parse_args(argv)
    from textsim.runtime.backend import describe, select_backend

    select_backend(args.backend)
    lengths = np.load(args.lengths)
    docs, labels, W = _documents(lengths, seed=0)
    out: dict[str, Any] = {"device": describe()["device"]}
    for name in MODELS:
        fast = _fast(name, docs, labels, W, args.max_words)
        out[name] = {"fast": fast.epoch_seconds_}
        if args.warm:
            continue
        padded = _fit(name, docs, labels, W, args.max_words, batching="shuffled", trim=False)
        words = {"reconstruct": "words"} if name == "rae" else {}
        full = _fit(name, docs, labels, W, args.max_words, batching="bucketed", trim=False, **words)
        diff = float(np.max(np.abs(fast.transform(docs) - full.transform(docs))))
        out[name] |= {
            "padded": padded.epoch_seconds_,
            "documents": int(fast.n_train_),
            "tokens": int(lengths[fast.train_index_].sum()),
            "max_abs_diff": diff,
        }
    Path(args.output).write_text(json.dumps(out))


def run_recurrent_benchmark(
    lengths: npt.NDArray[np.int64],
    *,
    backend: str,
    max_words: int = 400,
    n_docs: int = 1_000,
    seed: int = 0,
) -> dict[str, Any]:
    """Time both recurrent models on ``n_docs`` documents of lengths drawn from
    ``lengths`` (with replacement), in a process of the Keras ``backend``."""
    rng = np.random.default_rng(seed)
    sample = rng.choice(np.asarray(lengths, dtype=np.int64), n_docs)
    with tempfile.TemporaryDirectory() as tmp:
        np.save(Path(tmp) / "lengths.npy", sample)
        env = {**os.environ, "KERAS_BACKEND": backend}
        env["JAX_COMPILATION_CACHE_DIR"] = str(Path(tmp) / "cache")  # empty: compiles cold
        result: dict[str, Any] = {}
        for warm in (False, True):
            out = Path(tmp) / f"result-{warm}.json"
            cmd = [sys.executable, "-m", "textsim.bench.recurrent", backend]
            cmd += [str(Path(tmp) / "lengths.npy"), str(out), f"--max-words={max_words}"]
            done = subprocess.run(cmd + ["--warm"] * warm, env=env, capture_output=True, text=True)
            if done.returncode != 0:
                tail = "\n".join(done.stderr.strip().splitlines()[-5:])
                raise RuntimeError(f"the {backend} recurrent benchmark failed:\n{tail}")
            run = json.loads(out.read_text())
            if warm:
                for name in MODELS:
                    result[name]["warm"] = run[name]["fast"]
            else:
                result = run
    result["mean_length"] = float(sample.mean())
    result["n_docs"] = n_docs
    result["backend"] = backend
    return result


if __name__ == "__main__":
    _worker()
