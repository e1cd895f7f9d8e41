"""The thesis' Keras 2 forms of an optimizer and an activation, for Keras 3 on any backend.

Schäfer (2018) trained with Keras 2, whose ``Adagrad`` differs from Keras 3's in two
ways that matter for small gradients: its accumulators start at 0 (Keras 3: 0.1, its
``initial_accumulator_value``) and it adds epsilon outside the square root,

    a ← a + g²;   p ← p − lr · g / (√a + ε),   ε = 1e-7 (Keras 2's ``K.epsilon()``),

where Keras 3 computes ``p ← p − lr · g / √(a + ε)``. With a gradient of 1e-3 the first
Keras 3 step is √(1 + 0.1 / g²) ≈ 316 times smaller. :class:`Keras2Adagrad` is the Keras 2
rule as a registered Keras 3 optimizer (saved and loaded with a model, checkpointed
with its accumulators like any other).

Keras 2's LSTM gates used ``hard_sigmoid``, ``clip(0.2 x + 0.5, 0, 1)``
(:func:`keras2_hard_sigmoid`); Keras 3's LSTM uses the sigmoid, and Keras 3's own
``hard_sigmoid`` is another function (``clip(x / 6 + 0.5, 0, 1)``).
"""

from __future__ import annotations

from typing import Any

import keras
from keras import ops

__all__ = ["KERAS2_EPSILON", "Keras2Adagrad", "keras2_hard_sigmoid"]

#: Keras 2's ``K.epsilon()``, Adagrad's default epsilon from Keras 2.1 on
KERAS2_EPSILON = 1e-7


@keras.saving.register_keras_serializable(package="textsim")
class Keras2Adagrad(keras.optimizers.Optimizer):  # type: ignore[misc]
    """Adagrad with Keras 2's update: accumulators from 0, ``lr · g / (√a + ε)``.

    Parameters
    ----------
    learning_rate:
        The step size (Keras 2's default: 0.01).
    epsilon:
        Added to the root of the accumulator (Keras 2: ``K.epsilon()`` = 1e-7)."""

    def __init__(
        self,
        learning_rate: float = 0.01,
        epsilon: float = KERAS2_EPSILON,
        name: str = "keras2_adagrad",
        **kwargs: Any,
    ) -> None:
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.epsilon = epsilon

    def build(self, var_list: list[Any]) -> None:
        if self.built:
            return
        super().build(var_list)
        self._accumulators = self.add_optimizer_variables(
            var_list, "accumulator", initializer="zeros"
        )

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        lr = ops.cast(learning_rate, variable.dtype)
        gradient = ops.cast(gradient, variable.dtype)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        self.assign_add(accumulator, ops.square(gradient))
        step = ops.divide(ops.multiply(lr, gradient), ops.add(ops.sqrt(accumulator), self.epsilon))
        self.assign_sub(variable, step)

    def get_config(self) -> dict[str, Any]:
        config: dict[str, Any] = super().get_config()
        config["epsilon"] = self.epsilon
        return config


@keras.saving.register_keras_serializable(package="textsim")  # type: ignore[untyped-decorator]
def keras2_hard_sigmoid(x: Any) -> Any:
    """Keras 2's ``hard_sigmoid``: ``clip(0.2 x + 0.5, 0, 1)``, its LSTMs' default
    recurrent activation."""
    return ops.clip(ops.add(ops.multiply(x, 0.2), 0.5), 0.0, 1.0)
