"""Learned idf-rank weights in Keras 3 (TensorFlow backend).

The model gathers word vectors from a frozen embedding table held on the
device (GPU when TensorFlow sees one, CPU otherwise), so a training epoch
streams index matrices, never materialised vectors. One trainable vector of
``n_max`` weights is shared by both texts of a couple (a siamese model).

Training procedures (:class:`TrainConfig`):

* ``icdmw``: ICDMW 2015 importance factors: objective ``mean(±d²) + λ Σ w²``,
  λ = 0.0015, SGD lr 0.1, momentum 0.9, batches of 100, one epoch;
* ``contrastive`` / ``median``: PRL 2016, balanced batches of 50 + 50,
  λ = 0.001, SGD lr 0.01 lowered once to 0.001 when the epoch loss worsens,
  stop when it improves by less than 0.0005 (Algorithm 1).
"""

from __future__ import annotations

import logging
import os
from dataclasses import asdict, dataclass
from typing import Any, Literal

from textsim.deboom.published import PAPER_KAPPA

os.environ.setdefault("KERAS_BACKEND", "tensorflow")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import keras
import numpy as np
import numpy.typing as npt
import tensorflow as tf

from textsim.deboom.weighting import Algorithm1
from textsim.vectors.words import TokenBatch

__all__ = ["IdfRankWeighting", "SiameseWeights", "TrainConfig", "epoch_batches", "train_weights"]

log = logging.getLogger(__name__)

LossKind = Literal["contrastive", "median"]


@dataclass(frozen=True)
class TrainConfig:
    """One named training procedure."""

    loss: LossKind = "median"
    squared: bool = False  # distance in the loss: Euclidean (PRL) or squared (ICDMW, PRL code)
    kappa: float = PAPER_KAPPA
    l2: float = 0.001
    lr: float = 0.01
    low_lr: float = 0.001
    momentum: float = 0.0
    batch_size: int = 100
    balanced: bool = True
    schedule: Literal["algorithm1", "fixed"] = "algorithm1"
    epochs: int = 1  # for schedule "fixed"; the cap for algorithm1 is max_epochs
    max_epochs: int = 50
    tolerance: float = 0.0005
    init: float = 0.5

    @classmethod
    def named(cls, name: str, **overrides: Any) -> TrainConfig:
        presets = {
            "icdmw": cls(
                loss="contrastive",
                squared=True,
                l2=0.0015,
                lr=0.1,
                momentum=0.9,
                balanced=False,
                schedule="fixed",
                epochs=1,
            ),
            "contrastive": cls(loss="contrastive"),
            "median": cls(loss="median"),
        }
        if name not in presets:
            raise ValueError(
                f"unknown training procedure {name!r}; choose from {', '.join(presets)}"
            )
        return cls(**{**asdict(presets[name]), **overrides})


class IdfRankWeighting(keras.layers.Layer):  # type: ignore[misc]
    """``t = (1/n) Σ_j z_j v_(j)`` with ``z`` interpolated from ``n_max`` trainable weights.

    Inputs: ``ids`` (batch, L) sorted rarest word first, padded with the index
    of a zero row of ``table``, and ``lengths`` (batch,).
    """

    def __init__(
        self, table: npt.NDArray[np.floating], n_max: int, init: float = 0.5, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.n_max = int(n_max)
        self.table = self.add_weight(
            shape=table.shape,
            initializer="zeros",
            trainable=False,
            name="embedding_table",
            dtype="float32",
        )
        self.table.assign(np.asarray(table, dtype=np.float32))
        self.w = self.add_weight(
            shape=(self.n_max,),
            initializer=keras.initializers.Constant(init),
            trainable=True,
            name="weights",
        )

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

    def call(self, ids: Any, lengths: Any) -> Any:
        ops = keras.ops
        z = self.interpolate(lengths, ids.shape[1])
        X = ops.take(self.table, ids, axis=0)
        n = ops.maximum(ops.cast(ops.expand_dims(lengths, 1), "float32"), 1.0)
        return ops.einsum("bl,bld->bd", z, X) / n


class SiameseWeights(keras.Model):  # type: ignore[misc]
    """Both texts of a couple through one :class:`IdfRankWeighting`; outputs their distance."""

    def __init__(
        self, table: npt.NDArray[np.floating], n_max: int, config: TrainConfig, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.config = config
        self.embed = IdfRankWeighting(table, n_max, init=config.init, name="idf_rank_weighting")
        self.loss_tracker = keras.metrics.Mean(name="loss")

    def call(self, inputs: Any, training: bool = False) -> Any:
        ids_a, len_a, ids_b, len_b = inputs
        diff = self.embed(ids_a, len_a) - self.embed(ids_b, len_b)
        sq = keras.ops.sum(diff * diff, axis=1)
        return sq if self.config.squared else keras.ops.sqrt(sq + 1e-12)

    def batch_loss(self, d: Any, related: Any) -> Any:
        ops = keras.ops
        p = ops.where(related > 0.5, 1.0, -1.0)
        if self.config.loss == "contrastive":
            data = ops.mean(p * d)
        else:
            n = ops.shape(d)[0]
            order = ops.argsort(d)
            mids = ops.stack([(n - 1) // 2, n // 2])
            mu = ops.mean(ops.take(d, ops.take(order, mids)))  # the gradient flows through μ(B)
            data = ops.mean(ops.softplus(-self.config.kappa * p * (mu - d)))
        return data + self.config.l2 * ops.sum(self.embed.w * self.embed.w)

    def train_step(self, data: Any) -> dict[str, Any]:
        x, y = data
        with tf.GradientTape() as tape:
            loss = self.batch_loss(self(x, training=True), y)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables, strict=True))
        self.loss_tracker.update_state(loss)
        return {"loss": self.loss_tracker.result()}

    @property
    def metrics(self) -> list[Any]:
        return [self.loss_tracker]


def epoch_batches(
    related: npt.NDArray[np.bool_], config: TrainConfig, rng: np.random.Generator
) -> npt.NDArray[np.int64]:
    """The couples of one epoch as a (batches, batch size) index array.

    Balanced: every batch holds ``batch_size / 2`` related and as many
    non-related couples (PRL); otherwise a plain shuffle (ICDMW). Drawn from
    ``rng``, so the whole training order follows from the seed.
    """
    size = config.batch_size
    if config.balanced:
        half = size // 2
        pos_idx = np.flatnonzero(related)
        neg_idx = np.flatnonzero(~related)
        n_batches = min(pos_idx.size, neg_idx.size) // half
        pos = rng.permutation(pos_idx)[: n_batches * half].reshape(n_batches, half)
        neg = rng.permutation(neg_idx)[: n_batches * half].reshape(n_batches, half)
        return np.asarray(np.concatenate([pos, neg], axis=1), dtype=np.int64)
    order = rng.permutation(related.size)
    n_batches = order.size // size
    return np.asarray(order[: n_batches * size].reshape(n_batches, size), dtype=np.int64)


@dataclass
class TrainResult:
    weights: npt.NDArray[np.float64]
    history: list[float]
    epochs: int


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
) -> TrainResult:
    """Train the ``n_max`` weights on couples ``(a[i], b[i])``; texts sorted rarest word first."""
    keras.utils.set_random_seed(seed)
    if deterministic:
        tf.config.experimental.enable_op_determinism()
    y = np.asarray(related, dtype=bool)
    rng = np.random.default_rng(seed)
    model = SiameseWeights(np.asarray(table, np.float32), n_max, config)
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=config.lr, momentum=config.momentum))
    schedule = Algorithm1(
        lr=config.lr, low_lr=config.low_lr, tolerance=config.tolerance, max_epochs=config.max_epochs
    )
    epochs = config.max_epochs if config.schedule == "algorithm1" else config.epochs
    losses: list[float] = []
    for epoch in range(epochs):
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
        if config.schedule == "algorithm1":
            stop = schedule.end_epoch(loss)
            model.optimizer.learning_rate.assign(schedule.lr)
            log.info(
                "epoch %d: mean loss %.6f, next lr %g%s",
                epoch + 1,
                loss,
                schedule.lr,
                " (stop)" if stop else "",
            )
            if stop:
                break
        else:
            log.info("epoch %d: mean loss %.6f", epoch + 1, loss)
    return TrainResult(np.asarray(model.embed.w.numpy(), dtype=np.float64), losses, len(losses))
