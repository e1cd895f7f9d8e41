"""The Keras models on every installed Keras backend, each in its own process.

``tests/keras_probe.py`` runs once per backend (Keras reads ``KERAS_BACKEND``
once per process); the tests compare what it computed with the NumPy reference,
with itself (seeded determinism) and across backends (float32 tolerance). The
README's install brings TensorFlow and JAX (CPU); PyTorch is tested when it is
installed, and every backend missing here is reported as a skip with its reason.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_methods_learned_training import W, _toy, numpy_loss_and_gradient

from textsim.methods.learned.weighting import weighted_vectors
from textsim.runtime.backend import BACKENDS, DEFAULT_BACKEND, available_backends, select_backend

ROOT = Path(__file__).resolve().parents[1]
PROBE = Path(__file__).with_name("keras_probe.py")
INSTALLED = available_backends()
SCHAFER = ("topic_lstm", "topic_cnn", "autoencoder", "rae", "doc2sent2vec")


def _param(backend: str) -> Any:
    reason = f"{backend} is not installed (pip install -e '.[{backend}]')"
    return pytest.param(backend, marks=pytest.mark.skipif(backend not in INSTALLED, reason=reason))


ALL = [_param(b) for b in BACKENDS]


@pytest.fixture(scope="module")
def probes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("keras-probes")
    running = {}
    for backend in INSTALLED:  # one process per backend (Keras fixes it per process), at once
        env = {**os.environ, "KERAS_BACKEND": backend}
        running[backend] = subprocess.Popen(
            [sys.executable, str(PROBE), backend, str(tmp / f"{backend}.json")],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    results = {}
    for backend, proc in running.items():
        _, err = proc.communicate()
        assert proc.returncode == 0, err[-3000:]
        results[backend] = json.loads((tmp / f"{backend}.json").read_text())
    return results


@pytest.mark.parametrize("backend", ALL)
def test_the_probe_ran_on_the_selected_backend(probes: dict[str, Any], backend: str) -> None:
    assert probes[backend]["backend"] == backend
    assert probes[backend]["device"] not in ("", "unknown")


@pytest.mark.parametrize("backend", ALL)
def test_forward_pass_matches_numpy(probes: dict[str, Any], backend: str) -> None:
    table, a, _, _ = _toy(2)
    expected = weighted_vectors(a, table, W)
    assert np.asarray(probes[backend]["forward"]) == pytest.approx(expected, abs=1e-5)


@pytest.mark.parametrize("kind", ["contrastive", "median"])
@pytest.mark.parametrize("backend", ALL)
def test_loss_and_gradient_match_numpy(probes: dict[str, Any], backend: str, kind: str) -> None:
    value, grad = numpy_loss_and_gradient(kind)
    assert probes[backend][f"{kind}_loss"] == pytest.approx(value, rel=1e-4)
    assert np.asarray(probes[backend][f"{kind}_grad"]) == pytest.approx(grad, rel=1e-3, abs=1e-5)


@pytest.mark.parametrize("backend", ALL)
def test_same_seed_gives_identical_weights(probes: dict[str, Any], backend: str) -> None:
    for key in ("median_weights", "icdmw_weights", *(f"schafer_{m}" for m in SCHAFER)):
        first, second = probes[backend][key]
        assert np.array_equal(first, second), key


@pytest.mark.parametrize("backend", ALL)
def test_seeding_repeats_draws_and_imports_tensorflow_only_for_its_backend(
    probes: dict[str, Any], backend: str
) -> None:
    first, second = probes[backend]["reseeded"]
    assert first == second
    assert probes[backend]["tensorflow_imported"] == (backend == "tensorflow")


@pytest.mark.parametrize("procedure", ["median", "icdmw"])
def test_weights_agree_across_backends(probes: dict[str, Any], procedure: str) -> None:
    if len(probes) < 2:
        pytest.skip(f"only {list(probes)} installed: nothing to compare")
    ref_name = next(iter(probes))
    ref = np.asarray(probes[ref_name][f"{procedure}_weights"][0])
    for name, probe in probes.items():
        w = np.asarray(probe[f"{procedure}_weights"][0])
        assert w == pytest.approx(ref, abs=1e-5), (name, ref_name, np.max(np.abs(w - ref)))


def test_the_config_schema_offers_exactly_the_backends() -> None:
    import yaml

    schema = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())
    backend = schema["properties"]["keras"]["properties"]["backend"]
    assert tuple(backend["enum"]) == BACKENDS and backend["default"] == DEFAULT_BACKEND


def test_only_the_backend_module_imports_a_framework() -> None:
    """Keras code is backend-agnostic; the one exception is the fused LSTM, a JAX
    kernel used only when JAX is the backend (Keras' LSTM otherwise)."""
    hits = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "src/textsim").rglob("*.py")
        if re.search(r"^\s*(import|from) (tensorflow|torch|jax)\b", p.read_text(), re.M)
    ]
    assert sorted(hits) == ["src/textsim/runtime/backend.py", "src/textsim/schafer/models/fused.py"]


def test_keras_stage_glue_imports_no_keras_before_selecting_the_backend() -> None:
    code = (
        "import sys\n"
        "import textsim.stages.deboom.training, textsim.stages.deboom.kappa\n"
        "import textsim.stages.schafer.swarm, textsim.stages.schafer.runs\n"
        "assert 'keras' not in sys.modules, 'keras imported before select_backend'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_backend_selection_errors_are_clear() -> None:
    with pytest.raises(ValueError, match="unknown Keras backend 'theano'; choose from"):
        select_backend("theano")
    import keras

    other = next(b for b in BACKENDS if b != keras.backend.backend())
    if other in INSTALLED:
        with pytest.raises(RuntimeError, match="already imported with the"):
            select_backend(other)


def test_bench_training_times_every_installed_backend_against_numpy() -> None:
    from textsim.bench.training import run_training_benchmark

    bench = run_training_benchmark(400, n_docs=0, dim=16)
    assert list(bench.backends) == INSTALLED
    report = bench.report().splitlines()
    for backend, run in bench.backends.items():
        assert len(run["epoch_seconds"]) == 2 and min(run["epoch_seconds"]) > 0
        # the same 8 batches as the NumPy reference: float32 against float64
        assert np.allclose(run["weights"], bench.numpy["weights"], rtol=0, atol=1e-5), backend
        assert any(line.startswith(backend) for line in report), report
    absent = [b for b in BACKENDS if b not in INSTALLED]
    if absent:
        with pytest.raises(ValueError, match=f"not installed: {absent[0]}"):
            run_training_benchmark(400, backends=absent[:1], n_docs=0)
