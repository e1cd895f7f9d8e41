"""The workflow used as a Snakemake module from another project (docs/module.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]


def _documented_snakefile() -> str:
    """The Snakefile docs/module.md shows, pointed at this clone."""
    page = (ROOT / "docs/module.md").read_text()
    block = re.search(r"```python\n(.*?)```", page, re.S)
    assert block, "docs/module.md has no Snakefile example"
    return block[1].replace('"/path/to/textsim"', repr(str(ROOT)))


def _jobs(stdout: str, prefix: str = "") -> dict[str, int]:
    rows = re.findall(r"^(\w+)\s+(\d+)$", stdout, re.M)
    return {name.removeprefix(prefix): int(n) for name, n in rows if name != "total"}


@pytest.mark.workflow
def test_module_plans_the_projects_jobs_and_runs_them(tmp_path: Path) -> None:
    (tmp_path / "Snakefile").write_text(_documented_snakefile())
    res = subprocess.run(
        [*SNAKEMAKE, "-n", "my-analysis.txt", "--quiet", "rules"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, res.stderr[-3000:]
    own = subprocess.run(
        [
            *SNAKEMAKE,
            "-n",
            "results/paper/tables/icdmw-table-1.csv",
            "--quiet",
            "rules",
            "--configfile",
            "configs/tiny.yaml",
            "-d",
            str(tmp_path / "own"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert own.returncode == 0, own.stderr[-3000:]
    via_module = _jobs(res.stdout, "textsim_")
    assert via_module.pop("my_analysis") == 1
    assert via_module == _jobs(own.stdout) and len(via_module) > 10
    # a real stage through the module: the corpus statistics, written in this project
    res = subprocess.run(
        [*SNAKEMAKE, "--cores", "2", "results/corpus/statistics.csv"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert res.returncode == 0, res.stderr[-3000:]
    assert "textsim_summarise_corpus" in res.stderr
    lines = (tmp_path / "results/corpus/statistics.csv").read_text().splitlines()
    assert lines[0] == "shard,documents,lines,tokens" and lines[-1].startswith("total,")
    assert len(lines) == 4  # tiny: 2 shards and the total


def test_catalog_metadata_names_the_usage() -> None:
    meta = yaml.safe_load((ROOT / ".snakemake-workflow-catalog.yml").read_text())
    usage = meta["usage"]
    assert set(usage) == {"mandatory-flags", "software-stack-deployment", "report"}
    assert usage["report"] is True and usage["software-stack-deployment"]["conda"] is True
    assert "--cores" in usage["mandatory-flags"]["flags"]
