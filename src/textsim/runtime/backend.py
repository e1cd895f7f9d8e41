"""The Keras 3 backend: selection, seeded determinism and the device in use.

Keras reads ``KERAS_BACKEND`` once, when it is first imported, so
:func:`select_backend` must run before anything imports ``keras`` (the
workflow's Keras scripts call it first thing, with ``keras.backend`` of the
config). Every model of the project is written with ``keras.ops`` and Keras
layers only; this module is the one place that knows about the frameworks
underneath (TensorFlow's op determinism, PyTorch's deterministic algorithms,
XLA's deterministic GPU ops for JAX, and how each reports its device).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import sys
from pathlib import Path
from typing import Literal

from textsim.runtime.machine import has_nvidia_driver

__all__ = [
    "BACKENDS",
    "DEFAULT_BACKEND",
    "Backend",
    "active_backend",
    "available_backends",
    "device_name",
    "seed_everything",
    "select_backend",
    "set_seed",
]

log = logging.getLogger(__name__)

Backend = Literal["tensorflow", "jax", "torch"]
BACKENDS: tuple[Backend, ...] = ("tensorflow", "jax", "torch")
DEFAULT_BACKEND: Backend = "tensorflow"  # the design card's framework, and Keras' own default

_MODULES = {"tensorflow": "tensorflow", "jax": "jax", "torch": "torch"}


def available_backends() -> list[Backend]:
    """The backends whose framework is installed (``keras`` itself assumed)."""
    return [b for b in BACKENDS if importlib.util.find_spec(_MODULES[b]) is not None]


def _check(name: str) -> Backend:
    if name not in BACKENDS:
        raise ValueError(f"unknown Keras backend {name!r}; choose from {', '.join(BACKENDS)}")
    if importlib.util.find_spec(_MODULES[name]) is None:
        raise ValueError(
            f"Keras backend {name!r} is not installed: pip install -e '.[{name}]' "
            f"(installed: {', '.join(available_backends()) or 'none'})"
        )
    return name


def select_backend(name: str, *, deterministic: bool = False) -> Backend:
    """Make ``name`` the Keras backend of this process; call before importing keras.

    Sets ``KERAS_BACKEND`` and, when ``deterministic``, the environment each
    framework reads at start-up for reproducible GPU kernels (XLA's
    deterministic ops for JAX, cuBLAS' workspace for PyTorch). Raises a clear
    error for an unknown or uninstalled backend, or when keras was already
    imported with another one.
    """
    backend = _check(name)
    if "keras" in sys.modules:
        current = active_backend()
        if current != backend:
            raise RuntimeError(
                f"keras was already imported with the {current!r} backend; "
                f"select {backend!r} before the first import of keras"
            )
    os.environ["KERAS_BACKEND"] = backend
    # TensorFlow's start-up chatter; without NVIDIA's driver also its CUDA probe's error
    # line ("failed call to cuInit"), which there can only fail
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2" if has_nvidia_driver() else "3")
    if backend == "jax":
        _jax_compilation_cache()
    if deterministic:
        if backend == "jax":
            flags = os.environ.get("XLA_FLAGS", "")
            if "xla_gpu_deterministic_ops" not in flags:
                os.environ["XLA_FLAGS"] = f"{flags} --xla_gpu_deterministic_ops=true".strip()
        elif backend == "torch":
            os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    return backend


def jax_cache_dir() -> Path:
    """Where JAX keeps compiled programs between processes: ``JAX_COMPILATION_CACHE_DIR``,
    else ``textsim/jax`` in the user's cache folder (``XDG_CACHE_HOME`` or ``~/.cache``)."""
    if os.environ.get("JAX_COMPILATION_CACHE_DIR"):
        return Path(os.environ["JAX_COMPILATION_CACHE_DIR"])
    root = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(root) / "textsim" / "jax"


def _jax_compilation_cache() -> None:
    """JAX's persistent compilation cache, on unless the user set it up or turned it off
    (``JAX_ENABLE_COMPILATION_CACHE=false``): a Keras training step compiles once per
    machine, shape and model, and every later process with the same one (a resumed
    training, the next dataset size, a SLURM job) loads it instead of compiling again
    (1–2 s for the recurrent Schäfer models). Programs that compile in under 0.2 s are
    not stored. Read by JAX when it is first imported."""
    if os.environ.get("JAX_ENABLE_COMPILATION_CACHE", "true").lower() in ("false", "0"):
        return
    folder = jax_cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # a read-only home: compile every time, as without the cache
    os.environ.setdefault("JAX_COMPILATION_CACHE_DIR", str(folder))
    os.environ.setdefault("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", "0.2")


def active_backend() -> str:
    """The backend keras runs on (imports keras)."""
    import keras

    return str(keras.backend.backend())


def set_seed(seed: int) -> None:
    """``keras.utils.set_random_seed(seed)`` (Python, NumPy, the backend and Keras' global
    seed generator), without importing TensorFlow under another backend.

    Keras also seeds TensorFlow whenever it is installed (for ``tf.data`` pipelines),
    and importing it costs about 3 s per process, in every Keras job of the workflow.
    Under JAX and PyTorch nothing of ours uses TensorFlow, so while seeding, its import
    is blocked: Keras then treats it as not installed, as on a machine without it (the
    GPU machines). Already imported, or the backend itself, it is seeded as usual."""
    import keras

    if "tensorflow" in sys.modules or active_backend() == "tensorflow":
        keras.utils.set_random_seed(seed)
        return
    sys.modules["tensorflow"] = None  # type: ignore[assignment]  # import → ImportError
    try:
        keras.utils.set_random_seed(seed)
    finally:
        del sys.modules["tensorflow"]


def seed_everything(seed: int, *, deterministic: bool) -> None:
    """Seed Python, NumPy and the backend (:func:`set_seed`); with ``deterministic``,
    also ask the backend for deterministic kernels (same config + seed → identical
    weights)."""
    set_seed(seed)
    if not deterministic:
        return
    backend = active_backend()
    if backend == "tensorflow":
        import tensorflow as tf

        tf.config.experimental.enable_op_determinism()
    elif backend == "torch":
        import torch

        torch.use_deterministic_algorithms(True)
    # jax: deterministic on CPU; on GPU through XLA_FLAGS set by select_backend


def device_name() -> str:
    """Where the backend puts new tensors: ``cpu:0``, ``gpu:0 (model)``, ``cuda:0 (model)``."""
    try:
        if active_backend() == "torch":  # Keras has no device listing for PyTorch
            import torch

            if torch.cuda.is_available():
                return f"cuda:0 ({torch.cuda.get_device_name(0)})"
            return "cpu:0"
        import keras

        devices = keras.distribution.list_devices()
        first = str(devices[0]) if devices else "cpu:0"
        if first.startswith("cpu") or active_backend() != "jax":
            return first
        import jax

        return f"{first} ({jax.devices()[0].device_kind})"
    except Exception as err:  # a device query must never stop a training
        log.warning("could not query the Keras device: %s", err)
        return "unknown"


def describe() -> dict[str, str]:
    """Backend, Keras version and device, for a trained model's metadata."""
    import keras

    return {"backend": active_backend(), "keras": keras.__version__, "device": device_name()}
