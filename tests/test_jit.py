"""numba's kernel cache on a read-only install with no writable home (textsim.runtime.jit)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import textsim

SRC = Path(textsim.__file__).resolve().parents[1]


def _can_mount() -> bool:
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    done = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    return done.returncode == 0


@pytest.mark.skipif(not _can_mount(), reason="needs root and unshare (a private mount)")
def test_a_read_only_install_with_no_writable_home_imports_and_runs(tmp_path: Path) -> None:
    """numba cannot cache beside a read-only package nor in an unwritable home: the
    kernels still compile and run (cached in a private temporary folder)."""
    home = tmp_path / "home"
    home.mkdir()
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    script = (
        "import numpy as np; from textsim.methods.gem.coarse import gram_matrices; "
        "print(gram_matrices(np.ones((1, 3, 2))).sum())"
    )
    inner = (
        f"mount --bind -o ro {SRC} {SRC} && mount --bind -o ro {home} {home} && "
        f"touch {SRC}/probe 2>/dev/null && exit 9; "
        f'exec {sys.executable} -c "{script}"'
    )
    # the library from this install (not a PYTHONPATH some other test set), run elsewhere
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("NUMBA_", "XDG_")) and k != "PYTHONPATH"
    }
    env.update(HOME=str(home), TMPDIR=str(tmp))
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", inner],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "18.0"
    uid = os.getuid()
    assert (tmp / f"textsim-numba-{uid}").is_dir()  # the fallback, private to this user
    assert oct((tmp / f"textsim-numba-{uid}").stat().st_mode & 0o777) == "0o700"
