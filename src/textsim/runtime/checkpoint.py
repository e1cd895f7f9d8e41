"""Training that survives interruption: a Keras model's whole training state saved
after every epoch, so that a run killed mid-way (SIGKILL, a cluster's wall-time
limit, ``scancel``) continues from its last finished epoch and ends with the same
weights as an uninterrupted run.

The state is everything the next epoch depends on: every model variable (weights and
the dropout layers' seed-generator states; a frozen table that the fingerprint already
covers, such as the word vectors of the learned weights, is left out), every optimizer
variable (iteration count, accumulators, learning rate), and the caller's own
loop state (early stopping, history, the batch order's random generator), as
JSON. It is written to one ``.npz`` (no pickles) atomically, so a kill during
the write leaves the previous epoch's file intact. A checkpoint carries a
fingerprint of the training's inputs and settings: one made by another training
is ignored (and replaced), never resumed from.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from textsim.core.io import PathLike, write_npz

log = logging.getLogger(__name__)

__all__ = ["Checkpoint", "EarlyStopping", "checkpoint_for", "fingerprint", "fit_epochs"]


def fingerprint(*parts: Any) -> str:
    """SHA-256 of ``parts``: arrays by dtype, shape and bytes, the rest by JSON."""
    h = hashlib.sha256()
    for part in parts:
        if isinstance(part, np.ndarray):
            a = np.ascontiguousarray(part)
            h.update(f"{a.dtype.str}{a.shape}".encode())
            h.update(a.tobytes())
        else:
            h.update(json.dumps(part, sort_keys=True, default=str).encode())
        h.update(b"\x00")
    return h.hexdigest()


def checkpoint_for(output: PathLike) -> str:
    """The checkpoint file of the training that makes ``output``: hidden, beside it
    (a workflow deletes a failed job's outputs, not this file, so a rerun resumes)."""
    out = Path(output)
    return str(out.with_name(f".{out.name}.checkpoint.npz"))


def _values(variables: Iterable[Any]) -> list[np.ndarray]:
    import keras

    return [np.asarray(keras.ops.convert_to_numpy(v.value)) for v in variables]


@dataclass
class Checkpoint:
    """The per-epoch training state of one training at ``path`` (``None``: off).
    ``constant``: model variables that never change and that ``key`` fingerprints (a
    frozen word-vector table); they are neither written nor restored, so an epoch's
    save does not rewrite (and compress) the table."""

    path: PathLike | None
    key: str
    constant: tuple[Any, ...] = ()

    def _variables(self, model: Any) -> list[Any]:
        return [v for v in model.variables if not any(v is c for c in self.constant)]

    def load(self, model: Any) -> dict[str, Any] | None:
        """Restore ``model`` (compiled; its optimizer is built here) from the file
        and return the loop state saved with it, or ``None`` when there is no
        usable checkpoint (absent, unreadable or another training's)."""
        if self.path is None or not Path(self.path).exists():
            return None
        try:
            with np.load(self.path, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                if meta.get("key") != self.key:
                    log.warning("%s: a checkpoint of another training, starting over", self.path)
                    return None
                model_vars = [z[f"model_{i}"] for i in range(meta["n_model"])]
                opt_vars = [z[f"optimizer_{i}"] for i in range(meta["n_optimizer"])]
                arrays = {k[len("state_") :]: z[k] for k in z.files if k.startswith("state_")}
        except (OSError, ValueError, KeyError) as err:
            log.warning("%s: unreadable checkpoint (%s), starting over", self.path, err)
            return None
        optimizer = model.optimizer
        if opt_vars and not optimizer.built:
            optimizer.build(model.trainable_variables)
        targets = self._variables(model) + (list(optimizer.variables) if opt_vars else [])
        values = model_vars + opt_vars
        if [tuple(v.shape) for v in targets] != [v.shape for v in values]:
            log.warning("%s: another model's checkpoint, starting over", self.path)
            return None
        for var, value in zip(targets, values, strict=True):
            var.assign(value)
        state = dict(meta["state"])
        state["arrays"] = arrays
        log.info("%s: resuming after epoch %d", self.path, state["epoch"] + 1)
        return state

    def save(
        self, model: Any, state: Mapping[str, Any], arrays: Mapping[str, np.ndarray] | None = None
    ) -> None:
        """Write ``model``'s and its optimizer's variables with the JSON-able loop
        ``state`` (which must hold ``epoch``, the last finished one) and ``arrays``."""
        if self.path is None:
            return
        model_vars = _values(self._variables(model))
        opt_vars = _values(model.optimizer.variables) if model.optimizer.built else []
        meta = {
            "key": self.key,
            "n_model": len(model_vars),
            "n_optimizer": len(opt_vars),
            "state": dict(state),
        }
        payload: dict[str, Any] = {"meta": np.asarray(json.dumps(meta))}
        payload |= {f"model_{i}": v for i, v in enumerate(model_vars)}
        payload |= {f"optimizer_{i}": v for i, v in enumerate(opt_vars)}
        payload |= {f"state_{k}": np.asarray(v) for k, v in (arrays or {}).items()}
        write_npz(self.path, **payload)

    def clear(self) -> None:
        """Remove the file: call once the training's results are stored (a kill
        between the end of training and the stored results then resumes with no
        epoch to train)."""
        if self.path is not None:
            Path(self.path).unlink(missing_ok=True)


@dataclass
class EarlyStopping:
    """Keras' ``EarlyStopping(restore_best_weights=True)`` as plain state that a
    checkpoint can carry (Keras' callback keeps its state in the callback object).
    Same rule: an epoch improves when it beats the best by more than ``min_delta``;
    training stops when ``patience`` epochs in a row did not (never after the
    first epoch); the best epoch's weights are restored at the end."""

    mode: str
    min_delta: float
    patience: int
    best: float | None = None
    best_epoch: int = -1
    wait: int = 0
    best_weights: list[np.ndarray] = field(default_factory=list)

    def _improves(self, value: float) -> bool:
        if self.best is None:
            return True
        if self.mode == "max":
            return value - abs(self.min_delta) > self.best
        return value + abs(self.min_delta) < self.best

    def update(self, epoch: int, value: float, model: Any) -> bool:
        """Record ``epoch``'s monitored ``value``; True when training should stop."""
        if not self.best_weights:
            self.best_weights = [np.asarray(w) for w in model.get_weights()]
            self.best_epoch = epoch
        self.wait += 1
        if self._improves(value):
            self.best, self.best_epoch, self.wait = float(value), epoch, 0
            self.best_weights = [np.asarray(w) for w in model.get_weights()]
            return False
        return self.wait >= self.patience and epoch > 0

    def restore(self, model: Any) -> None:
        if self.best_weights:
            model.set_weights(self.best_weights)

    def state(self) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        """(JSON-able state, arrays) for a checkpoint."""
        meta = {"best": self.best, "best_epoch": self.best_epoch, "wait": self.wait}
        meta["n_best"] = len(self.best_weights)
        return meta, {f"best_{i}": w for i, w in enumerate(self.best_weights)}

    def restore_state(self, meta: Mapping[str, Any], arrays: Mapping[str, np.ndarray]) -> None:
        self.best, self.best_epoch, self.wait = meta["best"], meta["best_epoch"], meta["wait"]
        self.best_weights = [arrays[f"best_{i}"] for i in range(meta["n_best"])]


def fit_epochs(
    model: Any,
    run_epoch: Callable[[int], Mapping[str, float]],
    *,
    max_epochs: int,
    stopping: EarlyStopping,
    monitor: str,
    checkpoint: Checkpoint,
    restore_best: bool = True,
) -> tuple[dict[str, list[float]], list[float], float]:
    """Train ``model`` epoch by epoch with ``run_epoch(epoch)`` (which trains one epoch
    and returns its logs; its batches must follow from the epoch number), early
    ``stopping`` on ``logs[monitor]``, the state saved after every epoch and, when
    ``checkpoint`` holds one, resumed after its last epoch. Returns (history, the
    wall time of each epoch, the seconds of the epochs done before a resume)."""
    history: dict[str, list[float]] = {}
    seconds: list[float] = []
    start = 0
    saved = checkpoint.load(model)
    if saved is not None:
        history, seconds, start = saved["history"], saved["epoch_seconds"], saved["epoch"] + 1
        stopping.restore_state(saved["early_stopping"], saved["arrays"])
        if saved["stopped"]:
            start = max_epochs
    for epoch in range(start, int(max_epochs)):
        t0 = time.perf_counter()
        logs = run_epoch(epoch)
        for k, v in logs.items():
            history.setdefault(k, []).append(float(v))
        seconds.append(time.perf_counter() - t0)
        stopped = stopping.update(epoch, float(logs[monitor]), model)
        meta, arrays = stopping.state()
        state = {"epoch": epoch, "history": history, "epoch_seconds": seconds}
        checkpoint.save(model, state | {"early_stopping": meta, "stopped": stopped}, arrays)
        shown = ", ".join(f"{k} {v:.4f}" for k, v in logs.items())
        log.info("epoch %d: %s (%.1f s)", epoch + 1, shown, seconds[-1])
        if stopped:
            break
    if restore_best:
        stopping.restore(model)
    return history, seconds, float(sum(seconds[:start]))
