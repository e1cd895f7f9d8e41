"""The training procedures of the learned weights, independent of any framework.

:class:`TrainConfig` names the ICDMW 2015 and PRL 2016 procedures;
:func:`epoch_batches` draws an epoch's batches from the seed. Both the Keras
trainer (:mod:`textsim.methods.learned.training`) and the NumPy reference use them, so
importing them never imports Keras.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal, get_args

import numpy as np
import numpy.typing as npt

__all__ = [
    "FIXED_EPOCHS",
    "PAPER_KAPPA",
    "PRL_PROCEDURES",
    "PROCEDURES",
    "STOPPING",
    "LossKind",
    "Procedure",
    "Stopping",
    "TrainConfig",
    "epoch_batches",
]

#: PRL 2016's two losses (Algorithm 1)
LossKind = Literal["contrastive", "median"]
PRL_PROCEDURES: tuple[LossKind, ...] = get_args(LossKind)
#: every training procedure by name (:meth:`TrainConfig.named`): ICDMW 2015's, then
#: PRL 2016's; the config schema, the weight model's parameter check and the workflow's
#: rules read this one list
Procedure = Literal["icdmw", "contrastive", "median"]
PROCEDURES: tuple[Procedure, ...] = get_args(Procedure)


#: PRL 2016: the median loss's κ (the paper's value, Section 4)
PAPER_KAPPA = 160.0

#: when Algorithm 1 stops (see :class:`TrainConfig`)
Stopping = Literal["absolute", "relative", "epochs"]
STOPPING: tuple[Stopping, ...] = ("absolute", "relative", "epochs")
#: epochs trained with stopping "epochs" unless told (the papers give no count)
FIXED_EPOCHS = 20


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
    epochs: int = 1  # for schedule "fixed" and stopping "epochs"; else the cap is max_epochs
    # Algorithm 1's stop: "absolute" (as printed: the loss gains < tolerance), "relative"
    # (§5.2's prose: < tolerance x |previous loss|, 0.05%) or "epochs" (none: `epochs`)
    stopping: Stopping = "absolute"
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
