"""The tiny workflow run the workflow tests share: a copy of the project (so a test may
edit code without touching the repository) and snakemake on it with configs/tiny.yaml."""

from __future__ import annotations

import hashlib
import json
import platform
import shutil
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]
# where the shared tiny run records its own wall time (seconds), beside its results
LOCAL_SECONDS = "local-run-seconds.txt"


def copy_project(dest: Path) -> Path:
    """A copy of the workflow and library, so a test may edit code without touching the repo.

    The copy's tiny config works in the copy's own folder (``workdir: .``, not
    ``runs/tiny``): the copy is already apart from everything else, and the tests read
    its ``results/`` there."""
    for name in ("Snakefile", "config.yaml"):
        shutil.copy2(ROOT / name, dest / name)
    for name in ("configs", "workflow", "src", "envs", "profiles"):
        shutil.copytree(
            ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
        )
    tiny = dest / "configs/tiny.yaml"
    text = tiny.read_text()
    if "\nworkdir: runs/tiny\n" not in text:
        raise AssertionError("configs/tiny.yaml no longer sets workdir: runs/tiny")
    tiny.write_text(text.replace("\nworkdir: runs/tiny\n", "\nworkdir: .\n"))
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


#: the tiny run's De Boom tables as recorded (SHA-256 per file, with the environment
#: they were made in): a refactoring must reproduce them byte for byte
RECORDED_TABLES = ROOT / "tests" / "data" / "tiny-tables.json"
TABLES = ("icdmw-table-1", "icdmw-table-2", "icdmw-table-3", "prl-table-1")
#: the packages whose arithmetic the tables depend on
NUMERIC_PACKAGES = (
    "numpy",
    "scipy",
    "pandas",
    "gensim",
    "scikit-learn",
    "keras",
    "tensorflow",
    "numba",
    "llvmlite",
)


def _cpu() -> str:
    """The processor's model name: the same packages on another processor gave other
    bytes (the tables recorded on one machine differed on an AMD EPYC)."""
    from textsim.runtime.machine import processor_name

    return processor_name()


def _llvm_cpu() -> str:
    """The processor generation LLVM compiles numba's kernels for (``znver5``, ...)."""
    import llvmlite.binding

    return str(llvmlite.binding.get_host_cpu_name())


def _blas() -> str:
    """numpy's BLAS and the kernel family it chose for this processor."""
    import numpy  # noqa: F401  (loads the BLAS that threadpoolctl then sees)
    from threadpoolctl import threadpool_info

    found = [
        f"{i['internal_api']} {i.get('architecture') or '-'}"
        for i in threadpool_info()
        if i.get("user_api") == "blas"
    ]
    return ", ".join(sorted(set(found))) or "-"


def environment() -> dict[str, str]:
    """What the tables' bytes may depend on besides the code: machine, Python, packages."""
    from textsim.runtime.machine import vector_extensions

    env = {
        "machine": platform.machine(),
        "cpu": _cpu(),
        # the same model name with and without AVX-512 gave other bytes (OpenBLAS,
        # numpy, oneDNN and numba pick their kernels by it)
        "vector_extensions": vector_extensions(),
        # the same model name ("AMD EPYC") and extensions on two processor generations
        # gave other bytes too: what picks the kernels is the generation, as LLVM (numba)
        # and OpenBLAS (numpy, scipy) name it (znver4 / znver5; SkylakeX / Haswell)
        "llvm_cpu": _llvm_cpu(),
        "blas": _blas(),
        "python": platform.python_version(),
    }
    for name in NUMERIC_PACKAGES:
        try:
            env[name] = version(name)
        except PackageNotFoundError:
            env[name] = "-"
    return env


def table_hashes(results: Path) -> dict[str, str]:
    """SHA-256 of every file of the recorded tables in ``results/paper/tables``."""
    folder = results / "paper" / "tables"
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.name.split(".")[0] in TABLES
    }


#: the same tables' values as recorded (their CSV files), compared on every machine
RECORDED_VALUES = ROOT / "tests" / "data" / "tiny-tables"
#: how far a recorded value may move on another machine, per column (absolute); a
#: column not named here must be equal (text, counts, split errors, p-values: these
#: come from counts of test items, which the other kernels measured below left
#: unchanged). JS divergences are histogram estimates: a distance that another kernel's
#: last bits carry across a bin edge moves them; between two kernel choices on one
#: machine (OpenBLAS Haswell vs Sandybridge, numba znver5 vs generic, oneDNN on vs off)
#: they moved by up to 0.0018, so 0.005 leaves a margin of about 2.5 times that.
#: Thresholds are printed to 3 decimals: one unit of the last.
VALUE_TOLERANCE = {"js": 0.005, "js_robust": 0.005, "threshold": 0.0010001}


def value_differences(results: Path) -> list[str]:
    """Each cell of the tiny run's De Boom tables (CSV) that differs from the recording
    by more than :data:`VALUE_TOLERANCE` allows, as ``table row column: got vs recorded``;
    empty where all agree. Rows and columns must be the same, in the same order."""
    import math
    import numbers

    import pandas as pd

    found: list[str] = []
    for name in TABLES:
        got = pd.read_csv(results / "paper" / "tables" / f"{name}.csv")
        want = pd.read_csv(RECORDED_VALUES / f"{name}.csv")
        if list(got.columns) != list(want.columns) or len(got) != len(want):
            found.append(
                f"{name}: columns/rows {list(got.columns)} x {len(got)} "
                f"vs recorded {list(want.columns)} x {len(want)}"
            )
            continue
        for column in want.columns:
            tolerance = VALUE_TOLERANCE.get(column, 0.0)
            for row, (a, b) in enumerate(zip(got[column], want[column], strict=True)):
                if a == b or (pd.isna(a) and pd.isna(b)):
                    continue
                close = (
                    isinstance(a, numbers.Real)
                    and isinstance(b, numbers.Real)
                    and math.isfinite(a)
                    and math.isfinite(b)
                    and abs(a - b) <= tolerance
                )
                if not close:
                    found.append(f"{name} row {row} {column}: {a!r} vs recorded {b!r}")
    return found


def recorded_for(env: dict[str, str]) -> dict[str, str] | None:
    """The recorded table hashes made in ``env``, or None where none was."""
    doc = json.loads(RECORDED_TABLES.read_text())
    return next((r["sha256"] for r in doc["records"] if r["environment"] == env), None)


if __name__ == "__main__":
    # python tests/tinyrun.py RESULTS [--values]: record the tables' bytes of a tiny run's
    # results folder (snakemake --cores 2 --configfile configs/tiny.yaml) for this
    # environment, beside the records of other environments (one made here replaces this
    # one's); with --values, also make its CSV values the recording every machine is
    # compared with (only after a change meant to move the numbers)
    results = Path(sys.argv[1])
    if "--values" in sys.argv[2:]:
        RECORDED_VALUES.mkdir(parents=True, exist_ok=True)
        for name in TABLES:
            shutil.copyfile(
                results / "paper" / "tables" / f"{name}.csv", RECORDED_VALUES / f"{name}.csv"
            )
        print(f"recorded the values of {len(TABLES)} tables in {RECORDED_VALUES}")
    here = environment()
    doc = json.loads(RECORDED_TABLES.read_text()) if RECORDED_TABLES.exists() else {"records": []}
    doc["records"] = [r for r in doc["records"] if r["environment"] != here]
    doc["records"].append({"environment": here, "sha256": table_hashes(results)})
    RECORDED_TABLES.parent.mkdir(exist_ok=True)
    RECORDED_TABLES.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"recorded {len(doc['records'][-1]['sha256'])} files of {results} in {RECORDED_TABLES}")
