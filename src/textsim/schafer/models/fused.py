"""A fused LSTM for the JAX backend that runs each batch only to its longest document.

Keras' LSTM steps over every position of its input, padding included: a batch must be
cut to its longest document before it reaches the model (so a backend compiles one
training step per width), and its input projection is computed at every step of a
generic recurrent loop. This kernel takes the whole padded batch (one shape, one
compilation) and loops ``n`` times, ``n`` the batch's longest document, forward and
backward: a ``jax.custom_vjp`` whose backward pass is a second loop over the stored
gates, since JAX cannot differentiate a loop of data-dependent length. A recurrent
autoencoder's decoder reads the same code vector at every step: its input projection
is computed once instead of once per step (half of the decoder's work).

The layers (:mod:`textsim.schafer.models.layers`, registered Keras classes) are Keras'
``LSTM`` with ``call`` replaced on the JAX backend: the same weights, initialisers and
results (to float rounding, tested against Keras' LSTM); on TensorFlow and PyTorch they
are Keras' LSTM unchanged. Why our own kernel: neither
Keras nor JAX offers a recurrent loop of data-dependent length that can be
differentiated.
"""

from __future__ import annotations

from functools import partial
from typing import Any

__all__ = [
    "fused_available",
    "fused_cell",
    "fused_lstm",
    "plain_cell",
]


def fused_available() -> bool:
    """Whether the fused kernel runs here (the JAX backend); elsewhere Keras' LSTM."""
    import keras

    return bool(keras.backend.backend() == "jax")


def _kernel(hard: bool) -> Any:
    """The fused LSTM as a differentiable JAX function (built on first use, so that
    importing this module does not import JAX); ``hard``: the gates use Keras 2's hard
    sigmoid, ``clip(0.2 x + 0.5, 0, 1)``, instead of the sigmoid."""
    import jax
    import jax.numpy as jnp

    def act(z: Any) -> Any:
        return jnp.clip(0.2 * z + 0.5, 0.0, 1.0) if hard else jax.nn.sigmoid(z)

    def slope(a: Any) -> Any:
        """The gate activation's derivative, from its value ``a``."""
        return jnp.where((a > 0) & (a < 1), 0.2, 0.0).astype(a.dtype) if hard else a * (1 - a)

    def index(a: Any, t: Any) -> Any:
        return jax.lax.dynamic_index_in_dim(a, t, 0, keepdims=False)

    def update(a: Any, value: Any, t: Any) -> Any:
        return jax.lax.dynamic_update_index_in_dim(a, value, t, 0)

    def gates(z: Any) -> Any:
        i, f, g, o = jnp.split(z, 4, axis=-1)
        return act(i), act(f), jnp.tanh(g), act(o)

    def forward(
        x: Any, mask: Any, n: Any, K: Any, R: Any, b: Any, constant: bool, keep: bool, seqs: bool
    ) -> Any:
        """The state after step ``n``, and the states hs[0..T] (``keep`` or ``seqs``),
        cells cs[0..T] and activated gates of steps 0..n-1 (``keep``: for the backward
        pass)."""
        B, T = mask.shape
        u = R.shape[0]
        dtype = R.dtype
        xs = None if constant else jnp.swapaxes(x, 0, 1)
        xp_const = x @ K + b if constant else None
        mT = jnp.swapaxes(mask, 0, 1)[..., None]
        store = {}
        if keep or seqs:
            store["hs"] = jnp.zeros((T + 1, B, u), dtype)
        if keep:
            store["cs"] = jnp.zeros((T + 1, B, u), dtype)
            store["acts"] = jnp.zeros((T, B, 4 * u), dtype)

        def body(t: Any, state: Any) -> Any:
            h, c, store = state
            xp = xp_const if constant else index(xs, t) @ K + b
            i, f, g, o = gates(xp + h @ R)
            c2 = f * c + i * g
            h2 = o * jnp.tanh(c2)
            m = index(mT, t)
            h, c = jnp.where(m, h2, h), jnp.where(m, c2, c)
            store = dict(store)
            if "hs" in store:
                store["hs"] = update(store["hs"], h, t + 1)
            if keep:
                store["cs"] = update(store["cs"], c, t + 1)
                acts = jnp.concatenate([i, f, g, o], axis=-1)
                store["acts"] = update(store["acts"], acts, t)
            return h, c, store

        zero = jnp.zeros((B, u), dtype)
        h, _, store = jax.lax.fori_loop(0, n, body, (zero, zero, store))
        out = jnp.swapaxes(store["hs"][1:], 0, 1) * mask[..., None] if seqs else h
        return out, store

    def backward(res: Any, g_out: Any, constant: bool, sequences: bool) -> Any:
        x, mask, n, K, R, b, hs, cs, acts = res
        B, T = mask.shape
        u = R.shape[0]
        mT = jnp.swapaxes(mask, 0, 1)[..., None].astype(R.dtype)
        xs = None if constant else jnp.swapaxes(x, 0, 1)
        g_seq = jnp.swapaxes(g_out * mask[..., None], 0, 1) if sequences else None
        dh0 = jnp.zeros_like(hs[0]) if sequences else g_out

        def body(k: Any, state: Any) -> Any:
            dh, dc, dK, dR, db, dx = state
            t = n - 1 - k
            if sequences:
                dh = dh + index(g_seq, t)
            m = index(mT, t)
            i, f, g, o = jnp.split(index(acts, t), 4, axis=-1)
            dh_a, dc_a = dh * m, dc * m
            c_prev, h_prev = index(cs, t), index(hs, t)
            tc = jnp.tanh(index(cs, t + 1))
            dc2 = dc_a + dh_a * o * (1 - tc * tc)
            dz = jnp.concatenate(
                [
                    dc2 * g * slope(i),
                    dc2 * c_prev * slope(f),
                    dc2 * i * (1 - g * g),
                    dh_a * tc * slope(o),
                ],
                axis=-1,
            )
            dR = dR + h_prev.T @ dz
            db = db + dz.sum(axis=0)
            if constant:
                dx = dx + dz  # the projection's gradient, summed over the steps
            else:
                dK = dK + index(xs, t).T @ dz
                dx = update(dx, dz @ K.T, t)
            dh = dz @ R.T + dh * (1 - m)
            dc = dc2 * f + dc * (1 - m)
            return dh, dc, dK, dR, db, dx

        dx0 = jnp.zeros((x.shape[0], 4 * u) if constant else (T, B, x.shape[-1]), R.dtype)
        init = (dh0, jnp.zeros_like(dh0), jnp.zeros_like(K), jnp.zeros_like(R), jnp.zeros_like(b))
        _, _, dK, dR, db, dx = jax.lax.fori_loop(0, n, body, (*init, dx0))
        if constant:
            dK, dx = x.T @ dx, dx @ K.T
        else:
            dx = jnp.swapaxes(dx, 0, 1)
        return dx, dK, dR, db

    @partial(jax.custom_vjp, nondiff_argnums=(6, 7))
    def lstm(x: Any, mask: Any, n: Any, K: Any, R: Any, b: Any, constant: bool, seqs: bool) -> Any:
        return forward(x, mask, n, K, R, b, constant, False, seqs)[0]

    def lstm_fwd(
        x: Any, mask: Any, n: Any, K: Any, R: Any, b: Any, constant: bool, seqs: bool
    ) -> Any:
        out, store = forward(x, mask, n, K, R, b, constant, True, seqs)
        return out, (x, mask, n, K, R, b, store["hs"], store["cs"], store["acts"])

    def lstm_bwd(constant: bool, seqs: bool, res: Any, g_out: Any) -> Any:
        dx, dK, dR, db = backward(res, g_out, constant, seqs)
        return dx, None, None, dK, dR, db

    lstm.defvjp(lstm_fwd, lstm_bwd)
    return lstm


_KERNEL: dict[bool, Any] = {}


def fused_lstm(
    x: Any,
    mask: Any,
    n: Any,
    K: Any,
    R: Any,
    b: Any,
    *,
    constant: bool,
    sequences: bool,
    hard: bool = False,
) -> Any:
    """The LSTM (Keras' gate order i, f, c, o; tanh and the sigmoid, or with ``hard``
    Keras 2's hard sigmoid) over ``n`` steps of the batch. ``x``: (batch, T, in) words,
    or (batch, in) read at every step (``constant``);
    ``mask``: (batch, T) booleans, a state carried unchanged where False; returns the
    state after step ``n`` or (``sequences``) the (batch, T, units) states, zero where
    the mask is False and from step ``n`` on."""
    if hard not in _KERNEL:
        _KERNEL[hard] = _kernel(hard)
    return _KERNEL[hard](x, mask, n, K, R, b, constant, sequences)


def fused_cell(cell: Any, x: Any, mask: Any, n: Any, *, constant: bool, sequences: bool) -> Any:
    """:func:`fused_lstm` with the weights of a Keras LSTM cell."""
    weights = (cell.kernel.value, cell.recurrent_kernel.value, cell.bias.value)
    hard = cell.recurrent_activation is not _sigmoid()
    return fused_lstm(x, mask, n, *weights, constant=constant, sequences=sequences, hard=hard)


def _sigmoid() -> Any:
    import keras

    return keras.activations.sigmoid


def plain_cell(cell: Any) -> bool:
    """Whether a Keras LSTM cell computes what the kernel does (no dropout, tanh, the
    sigmoid or Keras 2's hard sigmoid for the gates, a bias)."""
    import keras

    from textsim.schafer.models.keras2 import keras2_hard_sigmoid

    return bool(
        cell.use_bias
        and cell.dropout == 0
        and cell.recurrent_dropout == 0
        and cell.activation is keras.activations.tanh
        and cell.recurrent_activation in (_sigmoid(), keras2_hard_sigmoid)
    )
