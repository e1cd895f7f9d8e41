"""The tiny workflow run the workflow tests share: a copy of the project (so a test may
edit code without touching the repository) and snakemake on it with configs/tiny.yaml."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]
# where the shared tiny run records its own wall time (seconds), beside its results
LOCAL_SECONDS = "local-run-seconds.txt"


def copy_project(dest: Path) -> Path:
    """A copy of the workflow and library, so a test may edit code without touching the repo."""
    for name in ("Snakefile", "config.yaml"):
        shutil.copy2(ROOT / name, dest / name)
    for name in ("configs", "workflow", "src", "envs", "profiles"):
        shutil.copytree(
            ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
        )
    return dest


def smk_in(
    project: Path, *args: str, extra_config: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run snakemake on a project copy with the tiny config (plus an optional override)."""
    configs = [str(project / "configs/tiny.yaml")] + ([str(extra_config)] if extra_config else [])
    return subprocess.run(
        [*SNAKEMAKE, "-s", str(project / "Snakefile"), "--configfile", *configs, *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=900,
    )
