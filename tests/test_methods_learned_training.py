"""Learned idf-rank weights: interpolation, losses, gradients, Algorithm 1, closed form."""

from __future__ import annotations

import numpy as np
import pytest

from textsim.methods.learned.weighting import (
    Algorithm1,
    contrastive_loss,
    interpolation_matrix,
    median_loss,
    optimal_direction,
    pair_gram_terms,
    weight_basis,
    weighted_vectors,
    weights_gradient,
)
from textsim.vectors.words import TokenBatch

W = np.array([1.0, 0.8, 0.5, 0.3, 0.1])


def test_interpolation_by_hand() -> None:
    A = interpolation_matrix([3, 4, 1, 5], n_max=5, width=5)
    z = A @ W
    assert z[0, :3] == pytest.approx([1.0, 0.5, 0.1])  # p = 0, 2, 4
    # n = 4: p = 0, 4/3, 8/3, 4
    assert z[1, :4] == pytest.approx([1.0, 0.8 * 2 / 3 + 0.5 / 3, 0.5 / 3 + 0.3 * 2 / 3, 0.1])
    assert z[2, 0] == pytest.approx(1.0)  # one word: p = 0
    assert z[3] == pytest.approx(W)  # fixed length n = n_max: z = w
    assert np.all(z[0, 3:] == 0) and np.all(z[2, 1:] == 0)


def _toy(seed: int = 0, n: int = 64, vocab: int = 40, dim: int = 6, width: int = 7):
    rng = np.random.default_rng(seed)
    table = np.vstack([rng.normal(size=(vocab, dim)), np.zeros((1, dim))])

    def batch() -> TokenBatch:
        lengths = rng.integers(1, width + 1, n)
        ids = np.full((n, width), vocab, dtype=np.int32)
        for i, k in enumerate(lengths):
            ids[i, :k] = rng.integers(0, vocab, k)
        return TokenBatch(ids, lengths.astype(np.int32), vocab)

    related = np.arange(n) % 2 == 0
    return table, batch(), batch(), related


def test_weighted_vectors_match_definition() -> None:
    table, a, _, _ = _toy()
    t = weighted_vectors(a, table, W)
    z = interpolation_matrix(a.lengths, 5, a.ids.shape[1]) @ W
    i = 3
    n = a.lengths[i]
    expected = sum(z[i, j] * table[a.ids[i, j]] for j in range(n)) / n
    assert t[i] == pytest.approx(expected)
    assert weight_basis(a, table, 5)[i] @ W == pytest.approx(expected)


@pytest.mark.parametrize("squared", [False, True])
@pytest.mark.parametrize("kind", ["contrastive", "median"])
def test_numpy_gradients_match_finite_differences(kind: str, squared: bool) -> None:
    table, a, b, related = _toy(1)
    Sa, Sb = weight_basis(a, table, 5), weight_basis(b, table, 5)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        ta, tb = Sa @ w, Sb @ w
        if kind == "contrastive":
            value, ga, gb = contrastive_loss(ta, tb, related, squared=squared)
        else:
            value, ga, gb = median_loss(ta, tb, related, kappa=3.0, squared=squared)
        return value, weights_gradient(Sa, Sb, ga, gb)

    value, grad = loss(W)
    eps = 1e-6
    numeric = np.array(
        [(loss(W + eps * e)[0] - loss(W - eps * e)[0]) / (2 * eps) for e in np.eye(5)]
    )
    assert grad == pytest.approx(numeric, rel=1e-4, abs=1e-7)
    assert np.isfinite(value)


def test_median_loss_value_by_hand() -> None:
    ta = np.array([[0.0], [0.0], [0.0], [0.0]])
    tb = np.array([[1.0], [2.0], [3.0], [4.0]])  # distances 1, 2, 3, 4; median 2.5
    related = np.array([True, True, False, False])
    value, _, _ = median_loss(ta, tb, related, kappa=1.0)
    p = np.array([1, 1, -1, -1])
    expected = np.mean(np.log1p(np.exp(-p * (2.5 - np.array([1, 2, 3, 4])))))
    assert value == pytest.approx(expected)
    value_c, _, _ = contrastive_loss(ta, tb, related)
    assert value_c == pytest.approx((1 + 2 - 3 - 4) / 4)


def test_algorithm1_lowers_rate_once_then_stops_on_small_gain() -> None:
    alg = Algorithm1()
    assert not alg.end_epoch(1.0)
    assert not alg.end_epoch(0.9)
    assert alg.lr == 0.01
    assert not alg.end_epoch(0.95)  # worse: lower the rate
    assert alg.lr == 0.001
    assert not alg.end_epoch(0.94)  # gain 0.01 ≥ 0.0005: go on
    assert alg.end_epoch(0.9398)  # gain 0.0002 < 0.0005: stop
    assert Algorithm1(max_epochs=2).end_epoch(1.0) is False
    capped = Algorithm1(max_epochs=2)
    capped.end_epoch(1.0)
    assert capped.end_epoch(0.5)  # the epoch cap


def _after_lowering(stopping: str, loss: float) -> Algorithm1:
    """An Algorithm 1 whose rate was lowered once, last epoch loss ``loss``."""
    alg = Algorithm1(stopping=stopping)  # type: ignore[arg-type]
    alg.end_epoch(loss)
    alg.end_epoch(loss + 1.0)  # worse: the rate is lowered
    alg.end_epoch(loss)
    assert alg.lr == alg.low_lr
    return alg


def test_algorithm1_relative_reading_scales_the_tolerance_with_the_loss() -> None:
    # a gain of 0.002 on a loss of 10 is 0.02%: below the prose's 0.05%, above 0.0005
    assert _after_lowering("relative", 10.0).end_epoch(9.998)
    assert not _after_lowering("absolute", 10.0).end_epoch(9.998)
    # a gain of 0.0004 on a loss of 0.1 is 0.4%: above 0.05%, below 0.0005
    assert not _after_lowering("relative", 0.1).end_epoch(0.0996)
    assert _after_lowering("absolute", 0.1).end_epoch(0.0996)
    # the contrastive loss is negative: the gain is taken against its magnitude
    assert _after_lowering("relative", -10.0).end_epoch(-10.002)
    assert not _after_lowering("relative", -10.0).end_epoch(-10.1)


def test_algorithm1_epochs_rule_never_stops_early() -> None:
    alg = _after_lowering("epochs", 1.0)
    alg.max_epochs = 6
    assert not alg.end_epoch(1.0)  # no gain at all: absolute and relative would stop
    assert not alg.end_epoch(1.0)
    assert alg.end_epoch(1.0)  # the sixth epoch


keras = pytest.importorskip("keras")


def test_keras_forward_matches_numpy() -> None:
    from textsim.methods.learned.training import FrozenTable, IdfRankWeighting

    table, a, _, _ = _toy(2)
    layer = IdfRankWeighting(n_max=5)
    layer.build()
    layer.w.assign(W.astype(np.float32))
    out = keras.ops.convert_to_numpy(layer(FrozenTable()(table), a.ids, a.lengths))
    assert out == pytest.approx(weighted_vectors(a, table, W), abs=1e-5)


def test_trainings_given_one_frozen_table_share_its_variable() -> None:
    """TensorFlow's compiled train functions keep every table variable they saw alive;
    the trainings given one FrozenTable reuse its variable for an equal table, another
    table replaces it, and nothing is shared outside the object (no module state)."""
    from textsim.methods.learned.training import FrozenTable, SiameseWeights, TrainConfig

    table = _toy(2)[0]
    frozen = FrozenTable()
    first = SiameseWeights(frozen(table), 5, TrainConfig())
    again = SiameseWeights(frozen(table.copy()), 5, TrainConfig())
    assert again.table is first.table
    assert first.embed.w is not again.embed.w  # each model trains its own weights
    assert [w.name for w in first.trainable_weights] == ["weights"]
    assert FrozenTable()(table) is not first.table
    other = frozen(table + 1.0)
    assert other is not first.table
    assert keras.ops.convert_to_numpy(other) == pytest.approx(table + 1.0)


def test_the_weighting_layer_is_rebuilt_from_its_config() -> None:
    """The layer holds its settings and weights only: from_config of get_config, and
    the registered name, give the same layer."""
    from textsim.methods.learned.training import IdfRankWeighting

    layer = IdfRankWeighting(n_max=7, init=0.25, l2=0.001, name="w")
    config = keras.saving.serialize_keras_object(layer)
    again = keras.saving.deserialize_keras_object(config)
    assert type(again) is IdfRankWeighting and again.get_config() == layer.get_config()
    again.build()
    assert keras.ops.convert_to_numpy(again.w) == pytest.approx(np.full(7, 0.25))


def keras_loss_and_gradient(kind: str, seed: int = 3) -> tuple[float, np.ndarray]:
    """Loss and gradient of one batch as Keras' own train step computes them, on
    whatever backend is active: one plain SGD step with learning rate 1 moves
    the weights by exactly minus the gradient."""
    from textsim.methods.learned.training import CoupleLoss, SiameseWeights, TrainConfig

    table, a, b, related = _toy(seed)
    config = TrainConfig(loss=kind, kappa=3.0, l2=0.01)  # type: ignore[arg-type]
    model = SiameseWeights(table, 5, config)
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=1.0), loss=CoupleLoss(kind, 3.0))
    x = (a.ids, a.lengths, b.ids, b.lengths)
    model(x)  # build
    model.embed.w.assign(W.astype(np.float32))
    loss = model.train_on_batch(x, related.astype(np.float32))
    loss = float(loss[0] if isinstance(loss, list) else loss)
    return loss, W - keras.ops.convert_to_numpy(model.embed.w).astype(np.float64)


def numpy_loss_and_gradient(kind: str, seed: int = 3) -> tuple[float, np.ndarray]:
    """The same from the NumPy reference (textsim.methods.learned.weighting)."""
    table, a, b, related = _toy(seed)
    Sa, Sb = weight_basis(a, table, 5), weight_basis(b, table, 5)
    fn = contrastive_loss if kind == "contrastive" else lambda *args: median_loss(*args, kappa=3.0)
    value, ga, gb = fn(Sa @ W, Sb @ W, related)
    return value + 0.01 * np.sum(W**2), weights_gradient(Sa, Sb, ga, gb) + 2 * 0.01 * W


@pytest.mark.parametrize("kind", ["contrastive", "median"])
def test_keras_loss_and_gradient_match_numpy(kind: str) -> None:
    loss, grad = keras_loss_and_gradient(kind)
    value, expected_grad = numpy_loss_and_gradient(kind)
    assert loss == pytest.approx(value, rel=1e-4)
    assert grad == pytest.approx(expected_grad, rel=1e-3, abs=1e-5)


def test_sgd_reaches_the_closed_form_direction() -> None:
    from textsim.methods.learned.training import TrainConfig, train_weights

    rng = np.random.default_rng(5)
    vocab, dim, n, width = 60, 8, 2000, 4
    table = np.vstack([rng.normal(size=(vocab, dim)), np.zeros((1, dim))])
    ids_a = rng.integers(0, vocab, (n, width)).astype(np.int32)
    ids_b = rng.integers(0, vocab, (n, width)).astype(np.int32)
    related = np.arange(n) % 2 == 0
    ids_b[related, 0] = ids_a[related, 0]  # related couples share their rarest word
    lengths = np.full(n, width, dtype=np.int32)
    a, b = TokenBatch(ids_a, lengths, vocab), TokenBatch(ids_b, lengths, vocab)
    oracle = optimal_direction(pair_gram_terms(a, b, table, width), related)
    config = TrainConfig(
        loss="contrastive", squared=True, l2=0.0, lr=0.05, schedule="fixed", epochs=15
    )
    result = train_weights(a, b, related, table, width, config, seed=0)
    w = result.weights / np.linalg.norm(result.weights)
    assert abs(float(w @ oracle)) > 0.99, (w, oracle)


def test_training_is_deterministic() -> None:
    from textsim.methods.learned.training import TrainConfig, train_weights

    table, a, b, related = _toy(4, n=400)
    config = TrainConfig(loss="median", kappa=5.0, max_epochs=3)
    r1 = train_weights(a, b, related, table, 5, config, seed=11)
    r2 = train_weights(a, b, related, table, 5, config, seed=11)
    assert np.array_equal(r1.weights, r2.weights)
    assert r1.history == r2.history
