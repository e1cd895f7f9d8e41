"""Keras 2's Adagrad, the thesis' optimizer, on Keras 3 (schafer.models.keras2)."""

from __future__ import annotations

import numpy as np
import pytest

keras = pytest.importorskip("keras")

from textsim.schafer.models.base import make_optimizer  # noqa: E402
from textsim.schafer.models.keras2 import Keras2Adagrad, keras2_hard_sigmoid  # noqa: E402

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
    k2 = _steps(make_optimizer("adagrad", 0.01))[0] - START  # the default: the thesis' form
    k3 = _steps(make_optimizer("adagrad", 0.01, adagrad="keras3"))[0] - START
    assert isinstance(make_optimizer("adagrad", 0.01), Keras2Adagrad)
    assert type(make_optimizer("adagrad", 0.01, adagrad="keras3")) is keras.optimizers.Adagrad
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


def test_keras2_hard_sigmoid_is_keras2s_not_keras3s() -> None:
    x = np.array([-3.0, -2.5, -1.0, 0.0, 1.0, 2.5, 3.0], dtype="float32")
    got = keras.ops.convert_to_numpy(keras2_hard_sigmoid(x))
    np.testing.assert_allclose(got, np.clip(0.2 * x + 0.5, 0, 1), rtol=1e-6)
    keras3 = keras.ops.convert_to_numpy(keras.activations.hard_sigmoid(x))
    assert abs(keras3[4] - got[4]) > 0.03  # Keras 3's is x/6 + 0.5: another function


@pytest.mark.parametrize("name", ["topic_lstm", "rae"])
def test_the_lstm_models_train_with_keras2s_forms(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``adagrad="keras2"`` and ``recurrent_activation="keras2_hard_sigmoid"`` reach the
    compiled model: every LSTM gates with Keras 2's hard sigmoid, the optimizer is
    Keras 2's Adagrad; and evaluate_model passes both from the training settings."""
    from textsim.schafer.models import MODELS

    rng = np.random.default_rng(0)
    docs = [[list(rng.integers(2, 30, 6)), list(rng.integers(2, 30, 4))] for _ in range(40)]
    labels = np.arange(40) % 3
    W = rng.normal(size=(30, 8)).astype(np.float32)
    W[0] = 0
    forms = {"adagrad": "keras2", "recurrent_activation": "keras2_hard_sigmoid"}
    import textsim.schafer.models.neural as neural

    made: list[object] = []

    def spy(*args: object, **kwargs: object) -> object:
        made.append(make_optimizer(*args, **kwargs))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(neural, "make_optimizer", spy)
    model = MODELS[name](
        W, doc_size=5, batch_size=16, max_words=12, max_epochs=1, optimizer="adagrad", **forms
    ).fit(docs, labels)
    assert model.transform(docs[:3]).shape == (3, 5)
    lstms = [la for la in model.encoder_.layers if isinstance(la, keras.layers.LSTM)]
    assert lstms and all(la.cell.recurrent_activation is keras2_hard_sigmoid for la in lstms)
    assert len(made) == 1 and isinstance(made[0], Keras2Adagrad)
    with pytest.raises(ValueError, match="recurrent_activation must be one of"):
        MODELS[name](W, max_epochs=1, recurrent_activation="relu").fit(docs, labels)
