"""The notebooks (one per paper family) run on the tiny run's results, and are kept
in git without outputs."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

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
def test_notebook_runs_on_the_tiny_run(
    path: Path, tiny_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = tiny_project / "results"
    need = NEEDS.get(path.stem)
    if need and not (results / need).exists():
        pytest.skip(f"the tiny run has no {need} (its stage needs the dataset mirror)")
    monkeypatch.setenv("TEXTSIM_RESULTS", str(results))
    book = nbformat.read(path, as_version=4)
    NotebookClient(
        book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    outputs = [o for c in book.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "\n".join(str(o.get("text", "")) + str(o.get("data", {})) for o in outputs)
    assert "query:" in text  # the nearest-neighbour cell printed its query and a table
    assert "image/png" in text  # the run's figures are shown
    assert "not made by this run" not in text
