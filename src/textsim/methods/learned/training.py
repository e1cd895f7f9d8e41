"""Learned idf-rank weights in Keras 3, on any backend (TensorFlow, JAX, PyTorch).

The model gathers word vectors from a frozen embedding table held on the
device (the GPU when the backend sees one, the CPU otherwise), so a training
epoch streams index matrices, never materialised vectors. Only ``keras.ops``
and Keras layers are used: the loss (:class:`CoupleLoss`, the batch median
included, its gradient flowing through μ(B)) goes to ``compile`` and the L2
penalty is the weight's regulariser, so Keras' own train step differentiates
both on whichever backend :mod:`textsim.runtime.backend` selected. One trainable vector of
``n_max`` weights is shared by both texts of a couple (a siamese model).

Training procedures (:class:`TrainConfig`):

* ``icdmw``: ICDMW 2015 importance factors: objective ``mean(±d²) + λ Σ w²``,
  λ = 0.0015, SGD lr 0.1, momentum 0.9, batches of 100, one epoch;
* ``contrastive`` / ``median``: PRL 2016, balanced batches of 50 + 50,
  λ = 0.001, SGD lr 0.01 lowered once to 0.001 when the epoch loss worsens,
  stop when it improves by less than 0.0005 (Algorithm 1).
"""

from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import asdict, dataclass
from typing import Any

import keras
import numpy as np
import numpy.typing as npt

from textsim.methods.learned.procedures import LossKind, TrainConfig, epoch_batches
from textsim.methods.learned.weighting import Algorithm1
from textsim.runtime.backend import describe, seed_everything
from textsim.runtime.checkpoint import Checkpoint, fingerprint
from textsim.vectors.words import TokenBatch

__all__ = [
    "CoupleLoss",
    "FrozenTable",
    "IdfRankWeighting",
    "SiameseWeights",
    "TrainConfig",
    "couple_loss",
    "epoch_batches",
    "train_weights",
]

log = logging.getLogger(__name__)


class FrozenTable:
    """The non-trainable float32 Keras variable of a word-vector table, made once for
    every training given this object.

    Trainings on the same table (by shape and content) share one variable. On the
    TensorFlow backend every compiled train function keeps alive the table variable it
    captured after its model is gone (measured: +240 MB per training at 148k × 400,
    flat with ``run_eagerly=True`` or on JAX), so the 25 trainings of a κ search would
    hold 25 copies; given one ``FrozenTable`` they hold one. Another table replaces the
    variable (the previous one is dropped first). The variable is never assigned after
    creation. The owner decides how long it lives: no state outlives it.
    """

    def __init__(self) -> None:
        self._key: tuple[tuple[int, ...], str] | None = None
        self._variable: Any = None

    def __call__(self, table: npt.NDArray[np.floating]) -> Any:
        data = np.ascontiguousarray(table, dtype=np.float32)
        key = (data.shape, hashlib.blake2b(data.data, digest_size=16).hexdigest())
        if self._key != key:
            self._key, self._variable = None, None  # drop the previous table first
            self._variable = keras.Variable(
                data, trainable=False, name="embedding_table", dtype="float32"
            )
            self._key = key
        return self._variable


@keras.saving.register_keras_serializable(package="textsim")
class IdfRankWeighting(keras.layers.Layer):  # type: ignore[misc]
    """``t = (1/n) Σ_j z_j v_(j)`` with ``z`` interpolated from ``n_max`` trainable weights.

    Called on ``(table, ids, lengths)``: the word-vector table (a :class:`FrozenTable`
    variable), ``ids`` (batch, L) sorted rarest word first, padded with the index of a
    zero row of ``table``, and ``lengths`` (batch,). The layer holds only its weights
    (made in :meth:`build`), so its config is its settings. ``l2`` adds ``l2 · Σ w²``
    to the model's losses (Keras adds it to the compiled loss).
    """

    def __init__(self, n_max: int, init: float = 0.5, l2: float = 0.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.n_max = int(n_max)
        self.init = float(init)
        self.l2 = float(l2)

    def build(self, *shapes: Any, **named: Any) -> None:
        """The weights: their number is ``n_max`` whatever the inputs' shapes."""
        self.w = self.add_weight(
            shape=(self.n_max,),
            initializer=keras.initializers.Constant(self.init),
            regularizer=keras.regularizers.L2(self.l2) if self.l2 > 0 else None,
            trainable=True,
            name="weights",
        )
        self.built = True

    def get_config(self) -> dict[str, Any]:
        return {**super().get_config(), "n_max": self.n_max, "init": self.init, "l2": self.l2}

    def interpolate(self, lengths: Any, width: int) -> Any:
        ops = keras.ops
        n = ops.cast(ops.expand_dims(lengths, 1), "float32")
        j = ops.expand_dims(ops.arange(width, dtype="float32"), 0)
        m = float(self.n_max - 1)
        p = ops.where(n > 1, j * m / ops.maximum(n - 1.0, 1.0), ops.zeros_like(j * n))
        p = ops.minimum(p, m)
        lo = ops.floor(p)
        frac = p - lo
        lo_i = ops.cast(lo, "int32")
        hi_i = ops.minimum(lo_i + 1, self.n_max - 1)
        z = ops.take(self.w, lo_i) * (1.0 - frac) + ops.take(self.w, hi_i) * frac
        return ops.where(j < n, z, ops.zeros_like(z))

    def call(self, table: Any, ids: Any, lengths: Any) -> Any:
        ops = keras.ops
        z = self.interpolate(lengths, ids.shape[1])
        X = ops.take(table, ids, axis=0)
        n = ops.maximum(ops.cast(ops.expand_dims(lengths, 1), "float32"), 1.0)
        return ops.einsum("bl,bld->bd", z, X) / n


def couple_loss(d: Any, related: Any, loss: LossKind, kappa: float) -> Any:
    """The data term of the batch loss from couple distances ``d`` (keras.ops, any backend).

    ``contrastive``: ``mean(p · d)`` with ``p = +1`` for related couples, ``-1``
    otherwise; ``median``: ``mean(softplus(-κ p (μ(B) - d)))`` with μ(B) the
    batch median of ``d`` (the mean of the two middle values for an even batch),
    through which the gradient flows as in the PRL paper.
    """
    ops = keras.ops
    p = ops.where(related > 0.5, 1.0, -1.0)
    if loss == "contrastive":
        return ops.mean(p * d)
    n = ops.shape(d)[0]
    order = ops.argsort(d)
    mids = ops.stack([(n - 1) // 2, n // 2])
    mu = ops.mean(ops.take(d, ops.take(order, mids)))
    return ops.mean(ops.softplus(-kappa * p * (mu - d)))


class CoupleLoss(keras.losses.Loss):  # type: ignore[misc]
    """:func:`couple_loss` as a Keras loss: ``y_true`` related (0/1), ``y_pred`` distances.

    One value per batch (the median couples every couple of the batch), so
    Keras' reduction leaves it as is.
    """

    def __init__(self, loss: LossKind, kappa: float, **kwargs: Any) -> None:
        super().__init__(name=f"{loss}_loss", **kwargs)
        self.loss = loss
        self.kappa = float(kappa)

    def call(self, y_true: Any, y_pred: Any) -> Any:
        return couple_loss(y_pred, y_true, self.loss, self.kappa)


class SiameseWeights(keras.Model):  # type: ignore[misc]
    """Both texts of a couple through one :class:`IdfRankWeighting`; outputs their distance."""

    def __init__(self, table: Any, n_max: int, config: TrainConfig, **kwargs: Any) -> None:
        """``table``: the word vectors, a :class:`FrozenTable` variable (an array is put
        in a variable of this model's own)."""
        super().__init__(**kwargs)
        self.config = config
        self.table = table if isinstance(table, keras.Variable) else FrozenTable()(table)
        self.embed = IdfRankWeighting(
            n_max, init=config.init, l2=config.l2, name="idf_rank_weighting"
        )
        self.embed.build()

    def call(self, inputs: Any, training: bool = False) -> Any:
        ids_a, len_a, ids_b, len_b = inputs
        diff = self.embed(self.table, ids_a, len_a) - self.embed(self.table, ids_b, len_b)
        sq = keras.ops.sum(diff * diff, axis=1)
        return sq if self.config.squared else keras.ops.sqrt(sq + 1e-12)


@dataclass
class TrainResult:
    weights: npt.NDArray[np.float64]
    history: list[float]
    epochs: int
    runtime: dict[str, str]  # backend, keras version, device
    epoch_seconds: list[float]  # wall time of each epoch (the first includes compilation)


def train_weights(
    a: TokenBatch,
    b: TokenBatch,
    related: npt.ArrayLike,
    table: npt.NDArray[np.floating],
    n_max: int,
    config: TrainConfig,
    *,
    seed: int,
    deterministic: bool = True,
    verbose: int = 0,
    checkpoint: str | None = None,
    frozen: FrozenTable | None = None,
) -> TrainResult:
    """Train the ``n_max`` weights on couples ``(a[i], b[i])``; texts sorted rarest word first.

    ``frozen``: the table's variable for trainings that share it (a κ search); by
    default this training's own.

    With ``checkpoint`` (a file path), the training state is saved there after every
    epoch and a rerun continues from the last finished epoch, to the same weights as
    an uninterrupted run (:mod:`textsim.runtime.checkpoint`). The file stays (a rerun of a
    finished training trains no epoch) until the caller has stored the weights and
    removes it.
    """
    seed_everything(seed, deterministic=deterministic)
    runtime = describe()
    log.info("Keras %s on %s, device %s", runtime["keras"], runtime["backend"], runtime["device"])
    y = np.asarray(related, dtype=bool)
    rng = np.random.default_rng(seed)
    table_variable = (frozen or FrozenTable())(table)
    model = SiameseWeights(table_variable, n_max, config)
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=config.lr, momentum=config.momentum),
        loss=CoupleLoss(config.loss, config.kappa),
    )
    fixed = config.schedule == "fixed" or config.stopping == "epochs"
    epochs = config.epochs if fixed else config.max_epochs
    schedule = Algorithm1(
        lr=config.lr,
        low_lr=config.low_lr,
        tolerance=config.tolerance,
        max_epochs=epochs,
        stopping=config.stopping,
    )
    losses: list[float] = []
    seconds: list[float] = []
    key = fingerprint(
        asdict(config), seed, n_max, runtime["backend"], np.asarray(table, np.float32),
        a.ids, a.lengths, b.ids, b.lengths, y,
    )  # fmt: skip
    ckpt = Checkpoint(checkpoint, key, constant=(table_variable,))  # the key holds the table
    start = 0
    saved = ckpt.load(model)
    if saved is not None:
        losses, seconds, start = saved["losses"], saved["epoch_seconds"], saved["epoch"] + 1
        rng.bit_generator.state = saved["rng"]
        schedule.lr, schedule.previous = saved["lr"], saved["previous"]
        schedule.epochs, schedule.history = len(losses), list(losses)
        model.optimizer.learning_rate.assign(schedule.lr)
        if saved["stopped"]:
            start = epochs
    for epoch in range(start, epochs):
        t0 = time.perf_counter()
        # the epoch's batch order is ours (from the seed), not Keras': fit sees it unshuffled
        order = epoch_batches(y, config, rng).ravel()
        if order.size == 0:
            raise ValueError("not enough couples for one batch")
        x = (a.ids[order], a.lengths[order], b.ids[order], b.lengths[order])
        hist = model.fit(
            x,
            y[order].astype(np.float32),
            batch_size=config.batch_size,
            epochs=1,
            shuffle=False,
            verbose=verbose,
        )
        loss = float(hist.history["loss"][-1])
        losses.append(loss)
        seconds.append(time.perf_counter() - t0)
        rate = order.size / seconds[-1]
        stop = False
        if config.schedule == "algorithm1":
            stop = schedule.end_epoch(loss)
            model.optimizer.learning_rate.assign(schedule.lr)
            log.info(
                "epoch %d: mean loss %.6f, next lr %g%s (%.1f s, %.0f couples/s)",
                epoch + 1,
                loss,
                schedule.lr,
                " (stop)" if stop else "",
                seconds[-1],
                rate,
            )
        else:
            log.info(
                "epoch %d: mean loss %.6f (%.1f s, %.0f couples/s)",
                epoch + 1,
                loss,
                seconds[-1],
                rate,
            )
        state = {"epoch": epoch, "losses": losses, "epoch_seconds": seconds, "stopped": stop}
        state |= {"rng": rng.bit_generator.state, "lr": schedule.lr}
        state["previous"] = schedule.previous
        ckpt.save(model, state)
        if stop:
            break
    weights = np.asarray(keras.ops.convert_to_numpy(model.embed.w), dtype=np.float64)
    return TrainResult(weights, losses, len(losses), runtime, seconds)
