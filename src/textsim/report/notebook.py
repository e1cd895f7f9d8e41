"""The notebooks' side of a run: what each needs, and running them all in one command.

A notebook reads a run's results. When the run lacks them (the README's tiny run has
no STS or Schäfer stage: they read the dataset mirror), :func:`require` stops the
notebook with one sentence naming the missing file and the command that makes it,
shown by Jupyter without a traceback. :func:`run_notebooks` executes notebooks on a
results folder and writes the executed copies beside the results (``textsim
notebooks``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MissingRun", "NotebookRun", "require", "run_notebooks"]


class MissingRun(Exception):
    """A notebook's input is not in the run it reads. Jupyter shows the message alone
    (IPython renders ``_render_traceback_`` instead of a traceback)."""

    def _render_traceback_(self) -> list[str]:
        return [str(self)]


def require(results: Path | str, needed: str, how: str) -> None:
    """Stop the notebook with one sentence unless ``results / needed`` exists;
    ``how``: the command (or stage) that makes it."""
    path = Path(results) / needed
    if not path.exists():
        raise MissingRun(f"This notebook reads {path}, which this run has not made. {how}")


@dataclass(frozen=True)
class NotebookRun:
    """One notebook executed: ``status`` is ``ran``, ``needs a run`` (it stopped at
    :func:`require`: ``message`` says what is missing) or ``failed``."""

    name: str
    status: str
    message: str
    output: Path


def _error_output(book: object) -> tuple[str, str]:
    """(exception name, message) of the first error output of an executed notebook."""
    for cell in getattr(book, "cells", []):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                return str(out.get("ename", "")), str(out.get("evalue", ""))
    return "", ""


def run_notebooks(
    notebooks: Sequence[Path], results: Path, output: Path, timeout: int = 600
) -> list[NotebookRun]:
    """Execute each notebook on ``results`` (``TEXTSIM_RESULTS``), in its own folder,
    and write the executed copy to ``output/<name>.ipynb``."""
    import tempfile

    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    output.mkdir(parents=True, exist_ok=True)
    before = os.environ.get("TEXTSIM_RESULTS")
    os.environ["TEXTSIM_RESULTS"] = str(results.resolve())  # the kernel inherits it
    runs = []
    try:
        for path in notebooks:
            book = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
            # the kernel on local sockets of a private folder, not TCP (which ipykernel
            # warns about: its traffic would be unencrypted on the loopback interface)
            sockets = tempfile.mkdtemp(prefix="textsim-kernel-")
            manager = KernelManager(kernel_name="python3", transport="ipc", ip=f"{sockets}/k")
            client = NotebookClient(
                book,
                km=manager,
                timeout=timeout,
                kernel_name="python3",
                resources={"metadata": {"path": str(path.parent.resolve())}},
            )
            try:
                client.execute()
                status, message = "ran", ""
            except CellExecutionError:
                ename, evalue = _error_output(book)
                status = "needs a run" if ename == MissingRun.__name__ else "failed"
                message = evalue if ename == MissingRun.__name__ else f"{ename}: {evalue}"
            finally:
                if manager.has_kernel:  # started here for the client: stopped here
                    manager.shutdown_kernel(now=True)
                shutil.rmtree(sockets, ignore_errors=True)
            target = output / path.name
            nbformat.write(book, target)  # type: ignore[no-untyped-call]
            runs.append(NotebookRun(path.stem, status, message, target))
    finally:
        if before is None:
            os.environ.pop("TEXTSIM_RESULTS", None)
        else:
            os.environ["TEXTSIM_RESULTS"] = before
    return runs
