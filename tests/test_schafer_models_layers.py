"""The Schäfer models' own Keras layers are registered Keras classes: a model holding
each one, saved as ``.keras`` and loaded in a fresh process, predicts as before (on
JAX, where the fused kernel runs, and on TensorFlow, where Keras' LSTM does)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SAVE = textwrap.dedent(
    """
    import sys
    import numpy as np
    import keras
    from textsim.schafer.models.keras2 import keras2_hard_sigmoid
    from textsim.schafer.models.layers import FusedLSTM, RepeatToLength, RepeatedLSTM

    ids = keras.Input((None,), dtype="int32")
    words = keras.layers.Embedding(20, 4, mask_zero=True)(ids)
    code = FusedLSTM(3, recurrent_activation=keras2_hard_sigmoid)(words)
    seq = RepeatedLSTM(3, to_words=False)(code, ids)
    rep = RepeatToLength()(code, ids)
    model = keras.Model(ids, [code, seq, rep])
    x = np.array([[3, 4, 5, 0, 0], [7, 1, 0, 0, 0]], dtype="int32")
    np.save(sys.argv[2], np.concatenate([a.ravel() for a in model.predict(x, verbose=0)]))
    model.save(sys.argv[1])
    """
)
LOAD = textwrap.dedent(
    """
    import sys
    import numpy as np
    import keras
    import textsim.schafer.models.layers  # this one import registers every class it needs

    model = keras.saving.load_model(sys.argv[1])
    kinds = sorted(type(layer).__name__ for layer in model.layers)
    assert {"FusedLSTM", "RepeatedLSTM", "RepeatToLength"} <= set(kinds), kinds
    assert model.get_layer(index=3).to_words is False
    x = np.array([[3, 4, 5, 0, 0], [7, 1, 0, 0, 0]], dtype="int32")
    got = np.concatenate([a.ravel() for a in model.predict(x, verbose=0)])
    np.testing.assert_allclose(got, np.load(sys.argv[2]), rtol=1e-6, atol=1e-7)
    """
)


@pytest.mark.parametrize("backend", ["jax", "tensorflow"])
def test_each_layer_round_trips_through_a_keras_file(backend: str, tmp_path: Path) -> None:
    if importlib.util.find_spec(backend) is None:
        pytest.skip(f"{backend} is not installed")
    env = {**os.environ, "KERAS_BACKEND": backend}
    model, expected = str(tmp_path / "model.keras"), str(tmp_path / "expected.npy")
    for script in (SAVE, LOAD):  # two processes: the loader knows only the registration
        done = subprocess.run(
            [sys.executable, "-c", script, model, expected],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr[-3000:]
