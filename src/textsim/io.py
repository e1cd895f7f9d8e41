"""Small file-system helpers shared by every stage: atomic writes, logging."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["PathLike", "atomic_path", "read_json", "setup_logging", "write_json", "write_npz"]

PathLike = str | os.PathLike[str]


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; move it into place only on success.

    A stage that fails half-way therefore never leaves a half-written output
    behind: the temporary file is removed and ``path`` is untouched.
    """
    final = Path(path)
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.with_name(f".{final.name}.part-{os.getpid()}")
    try:
        yield tmp
        os.replace(tmp, final)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def setup_logging(
    log_file: str | os.PathLike[str] | None = None, level: int = logging.INFO
) -> None:
    """Send log records and progress bars (stderr) to ``log_file``, or to stderr if None.

    Workflow scripts call this first, so each job's log file holds its
    progress (tqdm writes to stderr) and its messages.
    """
    if log_file is not None:
        Path(log_file).parent.mkdir(parents=True, exist_ok=True)
        sys.stderr = open(log_file, "w", buffering=1, encoding="utf-8")  # noqa: SIM115
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        handlers=[logging.StreamHandler(sys.stderr)],
        force=True,
    )


def write_json(obj: Any, path: PathLike) -> None:
    """``obj`` as indented JSON to ``path``, atomically."""
    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps(obj, indent=1), encoding="utf-8")


def read_json(path: PathLike) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def write_npz(path: PathLike, **arrays: Any) -> None:
    """Arrays to exactly ``path`` (no suffix added), atomically, without pickles."""
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        np.savez_compressed(fh, allow_pickle=False, **arrays)
