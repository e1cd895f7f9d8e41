"""The notebooks (one per paper family) run on the tiny run's results, and are kept
in git without outputs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: the results each notebook needs beyond the tiny run's De Boom stages
NEEDS = {"gem": "sts/vectors.npz", "schafer": "schafer"}


def test_one_notebook_per_paper_family() -> None:
    assert [p.stem for p in NOTEBOOKS] == ["deboom", "gem", "schafer"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    for cell in book.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, path.name
    assert "widgets" not in book.metadata


@pytest.mark.workflow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_on_the_tiny_run(path: Path, tiny_project: Path, tmp_path: Path) -> None:
    """Each notebook executed as `textsim notebooks` does, on the tiny run: it runs, or,
    where the tiny run lacks its stage (STS and Schäfer read the dataset mirror), it
    stops at its first cell with one sentence naming the file and the command that
    makes it, without a traceback."""
    from textsim.report.notebook import run_notebooks

    results = tiny_project / "results"
    (done,) = run_notebooks([path], results, tmp_path)
    book = nbformat.read(done.output, as_version=4)
    outputs = [o for c in book.cells if c.cell_type == "code" for o in c.outputs]
    errors = [o for o in outputs if o.output_type == "error"]
    need = NEEDS.get(path.stem)
    if need and not (results / need).exists():
        assert done.status == "needs a run", done
        assert str(results / need) in done.message and "snakemake" in done.message
        (error,) = errors
        assert error.traceback == [f"{error.ename}: {error.evalue}"] or error.traceback == [
            error.evalue
        ]
        return
    assert done.status == "ran", done
    assert not errors
    text = "\n".join(str(o.get("text", "")) + str(o.get("data", {})) for o in outputs)
    assert "query:" in text  # the nearest-neighbour cell printed its query and a table
    assert "image/png" in text  # the run's figures are shown
    assert "not made by this run" not in text


def _notebooks(name: str, results: Path) -> subprocess.CompletedProcess[str]:
    """`textsim notebooks NAME --results RESULTS`, as a user types it."""
    return subprocess.run(
        [sys.executable, "-m", "textsim.cli", "notebooks", name, "--results", str(results)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_notebooks_command_names_a_missing_run(tmp_path: Path) -> None:
    """`textsim notebooks` on a folder without results: each notebook reports the run
    it needs, one line each, and with none run the command is a user error (exit 2); a
    results folder that does not exist is one too, and is not created; so is an unknown
    notebook name."""
    out = _notebooks("deboom", tmp_path)
    assert out.returncode == 2, out.stderr
    assert out.stdout.startswith("deboom: needs a run") and "configs/tiny.yaml" in out.stdout
    assert "no notebook found its run" in out.stderr
    # the kernel runs over local sockets and is stopped: no warning from it
    assert "WARNING" not in out.stderr, out.stderr
    assert (tmp_path / "notebooks" / "deboom.ipynb").exists()
    absent = tmp_path / "nothing"
    out = _notebooks("deboom", absent)
    assert out.returncode == 2 and "no such results folder" in out.stderr
    assert not absent.exists()
    bad = _notebooks("nope", tmp_path)
    assert bad.returncode == 2 and "no such notebook" in bad.stderr
