"""Keras 2's Adagrad, the thesis' optimizer, on Keras 3 (schafer.models.optimizers)."""

from __future__ import annotations

import numpy as np
import pytest

keras = pytest.importorskip("keras")

from textsim.schafer.models.base import make_optimizer  # noqa: E402
from textsim.schafer.models.optimizers import Keras2Adagrad  # noqa: E402

START = np.array([1.0, -2.0, 0.5])
GRADIENTS = [np.array([1e-3, 0.5, -1e-4]), np.array([2e-3, -0.25, 3e-4]), np.array([0, 1, -1e-3])]


def _steps(optimizer: object) -> list[np.ndarray]:
    """The variable after each of the gradients above, applied by ``optimizer``."""
    variable = keras.Variable(START.astype("float32"))
    out = []
    for g in GRADIENTS:
        optimizer.apply_gradients([(keras.ops.convert_to_tensor(g.astype("float32")), variable)])  # type: ignore[attr-defined]
        out.append(np.asarray(keras.ops.convert_to_numpy(variable), dtype=np.float64))
    return out


def test_keras2_adagrad_follows_keras2s_update_rule_by_hand() -> None:
    """a ← a + g², p ← p − lr·g/(√a + 1e-7), accumulators from 0: hand-computed."""
    lr, eps = 0.01, 1e-7
    p, a, expected = START.copy(), np.zeros(3), []
    for g in GRADIENTS:
        a = a + g**2
        p = p - lr * g / (np.sqrt(a) + eps)
        expected.append(p.copy())
    # the first step by hand: each coordinate moves by lr · sign(g) (|g| / (|g| + ε))
    np.testing.assert_allclose(expected[0] - START, -lr * np.sign(GRADIENTS[0]), rtol=1e-3)
    for got, want in zip(_steps(Keras2Adagrad(learning_rate=lr)), expected, strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7)


def test_keras3s_adagrad_takes_far_smaller_steps_on_small_gradients() -> None:
    """Why the form matters: Keras 3 starts its accumulators at 0.1, so a gradient of
    1e-3 moves a weight √(1 + 0.1/1e-6) ≈ 316 times less on the first step."""
    k2 = _steps(make_optimizer("adagrad", 0.01, adagrad="keras2"))[0] - START
    k3 = _steps(make_optimizer("adagrad", 0.01))[0] - START
    assert isinstance(make_optimizer("adagrad", 0.01), keras.optimizers.Adagrad)
    np.testing.assert_allclose(k2[0] / k3[0], np.sqrt(1 + 0.1 / 1e-6), rtol=1e-3)
    with pytest.raises(ValueError, match="adagrad 'keras1' is not one of"):
        make_optimizer("adagrad", 0.01, adagrad="keras1")


def test_keras2_adagrad_round_trips_and_checkpoints_its_accumulators() -> None:
    optimizer = Keras2Adagrad(learning_rate=0.03, epsilon=1e-6)
    again = keras.optimizers.deserialize(keras.optimizers.serialize(optimizer))
    assert type(again) is Keras2Adagrad and again.epsilon == 1e-6
    assert float(again.learning_rate) == pytest.approx(0.03)
    _steps(optimizer)
    accumulators = [v for v in optimizer.variables if "accumulator" in v.path]
    assert len(accumulators) == 1  # part of the optimizer's state a checkpoint saves
    want = sum(g.astype("float32") ** 2 for g in GRADIENTS)
    np.testing.assert_allclose(keras.ops.convert_to_numpy(accumulators[0]), want, rtol=1e-6)
