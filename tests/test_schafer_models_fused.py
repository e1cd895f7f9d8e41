"""The fused LSTM kernel (textsim.schafer.models.fused) against a plain scanned LSTM,
and the Schäfer models with it against the same models with Keras' LSTM."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = jax.numpy


def _reference(x, mask, K, R, b, constant, sequences, hard=False):
    """Keras' LSTM semantics written as one ``lax.scan`` over every position: a masked
    step carries the state; the repeated input is projected at every step; ``hard``:
    Keras 2's hard sigmoid gates."""
    B, T = mask.shape

    def act(z):
        return jnp.clip(0.2 * z + 0.5, 0.0, 1.0) if hard else jax.nn.sigmoid(z)

    u = R.shape[0]
    xs = jnp.broadcast_to(x[None], (T, *x.shape)) if constant else jnp.swapaxes(x, 0, 1)

    def step(carry, inp):
        h, c = carry
        x_t, m = inp
        i, f, g, o = jnp.split(x_t @ K + b + h @ R, 4, axis=-1)
        c2 = act(f) * c + act(i) * jnp.tanh(g)
        h2 = act(o) * jnp.tanh(c2)
        m = m[:, None]
        h, c = jnp.where(m, h2, h), jnp.where(m, c2, c)
        return (h, c), h

    zero = jnp.zeros((B, u), R.dtype)
    (h, _), hs = jax.lax.scan(step, (zero, zero), (xs, jnp.swapaxes(mask, 0, 1)))
    return jnp.swapaxes(hs, 0, 1) * mask[..., None] if sequences else h


@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize(("constant", "sequences"), [(False, False), (True, True), (False, True)])
def test_fused_kernel_equals_a_scanned_lstm_forward_and_backward(constant, sequences, hard):
    """Outputs and the gradients of every input equal a plain scan's to float rounding,
    with documents of different lengths (masked) and the loop stopped at the longest."""
    from textsim.schafer.models.fused import fused_lstm

    rng = np.random.default_rng(3)
    B, T, D, U = 5, 23, 4, 6
    lengths = np.array([23, 1, 9, 17, 4]) if not constant else np.full(B, 19)
    mask = jnp.asarray(np.arange(T)[None, :] < lengths[:, None])
    x = jnp.asarray(rng.normal(size=(B, D) if constant else (B, T, D)), dtype=jnp.float32)
    K, R = (
        jnp.asarray(rng.normal(size=s) * 0.5, dtype=jnp.float32) for s in ((D, 4 * U), (U, 4 * U))
    )
    b = jnp.asarray(rng.normal(size=4 * U), dtype=jnp.float32)
    probe = jnp.asarray(rng.normal(size=(B, T, U) if sequences else (B, U)), dtype=jnp.float32)

    def loss(fn):
        def f(x, K, R, b):
            return jnp.sum(jnp.sin(fn(x, mask, K, R, b, constant, sequences, hard)) * probe)

        return f

    def fused(x, mask, K, R, b, constant, sequences, hard):
        n = jnp.max(jnp.sum(mask, axis=1))
        return fused_lstm(x, mask, n, K, R, b, constant=constant, sequences=sequences, hard=hard)

    out = fused(x, mask, K, R, b, constant, sequences, hard)
    ref = _reference(x, mask, K, R, b, constant, sequences, hard)
    np.testing.assert_allclose(out, ref, atol=1e-6)
    got = jax.grad(loss(fused), argnums=(0, 1, 2, 3))(x, K, R, b)
    want = jax.grad(loss(_reference), argnums=(0, 1, 2, 3))(x, K, R, b)
    for g, w in zip(got, want, strict=True):
        assert float(jnp.max(jnp.abs(w))) > 1e-3  # a gradient that can differ
        np.testing.assert_allclose(g, w, atol=2e-5, rtol=1e-5)


_MODELS = textwrap.dedent(
    """
    import json, sys
    from textsim.runtime.backend import select_backend
    select_backend("jax", deterministic=True)
    import numpy as np
    from textsim.schafer.models import MODELS
    rng = np.random.default_rng(0)
    W = rng.normal(size=(40, 6)).astype(np.float32)
    W[0] = 0
    docs = [[rng.integers(2, 40, int(n)).tolist()] for n in rng.integers(1, 30, 60)]
    labels = rng.integers(0, 3, 60)
    out = {}
    for name, extra in (
        ("topic_lstm", {"recurrent_activation": "sigmoid"}),
        ("rae", {"reconstruct": "words", "recurrent_activation": "sigmoid"}),
        ("topic_lstm", {"recurrent_activation": "keras2_hard_sigmoid"}),
        ("rae", {"reconstruct": "words", "recurrent_activation": "keras2_hard_sigmoid"}),
    ):
        common = dict(doc_size=5, batch_size=8, max_words=30, max_epochs=3, patience=5,
                      optimizer="adam", learning_rate=0.01, dropout=0.0, batching="bucketed",
                      seed=0, **extra)
        keras_ = MODELS[name](W, trim=False, recurrent="keras", **common).fit(docs, labels)
        fused = MODELS[name](W, recurrent="fused", **common).fit(docs, labels)
        a, b = keras_.transform(docs), fused.transform(docs)
        key = name + ("-hard" if extra["recurrent_activation"] != "sigmoid" else "")
        out[key] = {"diff": float(np.max(np.abs(a - b))), "scale": float(np.max(np.abs(a))),
                    "loss": [keras_.history_["loss"], fused.history_["loss"]]}
    json.dump(out, open(sys.argv[1], "w"))
    """
)


def test_fused_models_equal_keras_lstm_models_on_the_same_batches(tmp_path: Path) -> None:
    """Topic-LSTM and the recurrent autoencoder (words) trained three epochs on the same
    bucketed batches, Keras' LSTM over the padded batch against the fused kernel over
    each batch's words: the same losses and document vectors to float rounding, with
    the sigmoid and with Keras 2's hard sigmoid."""
    out = tmp_path / "out.json"
    script = tmp_path / "models.py"
    script.write_text(_MODELS)
    env = {**os.environ, "KERAS_BACKEND": "jax"}
    done = subprocess.run(
        [sys.executable, str(script), str(out)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert len(result) == 4
    for name, r in result.items():
        assert r["scale"] > 0.05, name
        assert r["diff"] < 1e-4, (name, r)
        np.testing.assert_allclose(r["loss"][0], r["loss"][1], rtol=1e-4)
