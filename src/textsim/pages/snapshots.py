"""Snapshots of a run's result tables: recorded from its results folder, read by views."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any

import pandas as pd

from textsim.project.benchmarks import rule_usage
from textsim.report.ratios import read_rows
from textsim.runtime.machine import processor_name, vector_extensions

__all__ = ["BENCH", "SNAPSHOT_FILES", "Snapshot", "SnapshotError", "record", "record_bench"]

#: results files a snapshot keeps (relative to the run's results folder); the absent
#: ones (a run without Twitter or STS) are left out
SNAPSHOT_FILES = (
    "corpus/statistics.csv",
    "paper/tables/icdmw-table-1.csv",
    "paper/tables/icdmw-table-2.csv",
    "paper/tables/icdmw-table-3.csv",
    "paper/tables/prl-table-1.csv",
    "paper/tables/prl-table-2.csv",
    "paper/tables/gem-sts.csv",
    "paper/tables/gem-paragraphs.csv",
    "paper/tables/verdicts.csv",
    "paper/tables/verdict-claims.csv",
    "paper/tables/schafer-a1.scores.csv",
    "paper/tables/schafer-a2.scores.csv",
    "paper/tables/schafer-selected.csv",
    "paper/tables/scaling-claims.csv",
    "paper/tables/scaling-results.csv",
    "paper/tables/scaling-costs.csv",
    "paper/tables/leaderboard-deboom.csv",
    "paper/tables/leaderboard-deboom-comparisons.csv",
    "paper/tables/leaderboard-sts.csv",
    "paper/tables/leaderboard-sts-comparisons.csv",
    "paper/tables/leaderboard-schafer.csv",
    "paper/tables/leaderboard-schafer-comparisons.csv",
)
#: the variant study's long tables, one per question (results/variants/<question>.csv),
#: kept as variants.<question>.csv
VARIANT_TABLES = "variants/*.csv"
#: a snapshot holds at least one of these: a run's verdicts, the Schäfer selection
#: procedure's table (a Schäfer-only run), the corpus-size study's claims by size, or
#: (a variant study) the variants' tables
HEADLINES = (
    "paper/tables/verdicts.csv",
    "paper/tables/schafer-selected.csv",
    "paper/tables/scaling-claims.csv",
)
META = "run.json"
#: the run's use against its requests per rule (:func:`textsim.project.benchmarks.rule_usage`
#: over the run folder, the results folder's parent), kept when it has benchmark files
USAGE = "usage.csv"
#: the corpus-size study's slices (results/scaling/<size>/corpus.json: articles, lines,
#: tokens) and its fixed evaluation couples per set and split
#: (results/scaling/pairs/<set>/summary.csv), kept as one table when the run has them
SCALING_SIZES = "scaling-sizes.csv"

#: a ``textsim bench`` run's rows (``textsim bench --csv``), the one table of a bench
#: snapshot
BENCH = "bench.csv"


class SnapshotError(ValueError):
    """A snapshot or one of its tables is missing."""


def _commit(root: Path) -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def record(
    results: str | os.PathLike[str],
    destination: str | os.PathLike[str],
    *,
    command: str,
    config: str,
    backend: str,
) -> Path:
    """Copy a run's tables (:data:`SNAPSHOT_FILES`) from ``results`` into
    ``destination`` with ``run.json``: the command and config that made them, the
    Keras backend, the date of the newest table, the commit and machine of the record;
    and :data:`USAGE`, what its jobs used against what they asked."""
    src, dest = Path(results), Path(destination)
    found = [name for name in SNAPSHOT_FILES if (src / name).is_file()]
    variants = sorted(src.glob(VARIANT_TABLES))
    if not set(HEADLINES) & set(found) and not variants:
        raise SnapshotError(
            f"{src}: no {' or '.join(HEADLINES)} and no {VARIANT_TABLES}; run the verdicts "
            "(or schafer_selection, scaling or variants) target first"
        )
    _emptied(dest)
    copies = {src / name: Path(name).name for name in found}
    copies |= {path: f"variants.{path.stem}.csv" for path in variants}
    for path, name in copies.items():
        shutil.copyfile(path, dest / name)
    made = max(path.stat().st_mtime for path in copies)
    derived = {USAGE: rule_usage(src.resolve().parent), SCALING_SIZES: _scaling_sizes(src)}
    for name, frame in derived.items():
        if not frame.empty:
            frame.to_csv(dest / name, index=False)
    files = sorted([*copies.values(), *(n for n, f in derived.items() if not f.empty)])
    _write_meta(dest, made, files, command=command, config=config, keras_backend=backend)
    return dest


def _emptied(dest: Path) -> None:
    """``dest`` made, with no table of an earlier record left in it."""
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("*.csv"):
        old.unlink()


def _write_meta(dest: Path, made: float, files: list[str], **about: str) -> None:
    """``run.json``: ``about`` (command, config, Keras backend), the date ``made``, the
    commit and machine of the record, the snapshot's ``files``."""
    meta = {
        **about,
        "made": datetime.fromtimestamp(made, UTC).strftime("%Y-%m-%d"),
        "recorded_at_commit": _commit(Path(__file__).resolve().parents[3]),
        "machine": f"{processor_name()} ({vector_extensions()}), {os.cpu_count()} cores",
        "files": files,
    }
    (dest / META).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")


def record_bench(
    rows: str | os.PathLike[str], destination: str | os.PathLike[str], *, command: str
) -> Path:
    """Keep a ``textsim bench --csv`` file as the snapshot ``destination`` (:data:`BENCH`
    and ``run.json``); recorded on the machine that ran the bench, which it names."""
    src, dest = Path(rows), Path(destination)
    try:
        read_rows(src)
    except (OSError, ValueError) as err:
        raise SnapshotError(f"{src}: {err}") from None
    _emptied(dest)
    shutil.copyfile(src, dest / BENCH)
    _write_meta(
        dest, src.stat().st_mtime, [BENCH], command=command, config="-", keras_backend="each row's"
    )
    return dest


def _scaling_sizes(results: Path) -> pd.DataFrame:
    """One row per slice of a corpus-size study (kind ``slice``: articles, lines,
    tokens) and per evaluation couple set and split (kind ``couples``: couples);
    empty when the run has no study."""
    rows: list[dict[str, Any]] = []
    for path in sorted((results / "scaling").glob("*/corpus.json")):
        stats = json.loads(path.read_text(encoding="utf-8"))
        rows.append({"kind": "slice", "name": path.parent.name, "split": "", **stats})
    for path in sorted((results / "scaling" / "pairs").glob("*/summary.csv")):
        summary = pd.read_csv(path).groupby("split", sort=False)["couples"].sum()
        rows += [
            {"kind": "couples", "name": path.parent.name, "split": split, "couples": int(n)}
            for split, n in summary.items()
        ]
    columns = ["kind", "name", "split", "articles", "lines", "tokens", "couples"]
    return pd.DataFrame(rows, columns=columns)


@dataclass(frozen=True)
class Snapshot:
    """One recorded run: ``name`` (its folder), its metadata and tables."""

    folder: Path

    @property
    def name(self) -> str:
        return self.folder.name

    @cached_property
    def meta(self) -> dict[str, Any]:
        path = self.folder / META
        if not path.is_file():
            raise SnapshotError(f"{path}: missing (record it with python -m textsim.pages record)")
        meta: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return meta

    def has(self, table: str) -> bool:
        return (self.folder / f"{table}.csv").is_file()

    def names(self, prefix: str) -> list[str]:
        """The snapshot's tables whose names start with ``prefix``, sorted."""
        return sorted(p.stem for p in self.folder.glob(f"{prefix}*.csv"))

    def table(self, table: str) -> pd.DataFrame:
        path = self.folder / f"{table}.csv"
        if not path.is_file():
            raise SnapshotError(f"snapshot {self.name}: no table {table}")
        return _read(path)


_CACHE: dict[tuple[str, float], pd.DataFrame] = {}


def _read(path: Path) -> pd.DataFrame:
    key = (str(path), path.stat().st_mtime)
    if key not in _CACHE:
        _CACHE[key] = pd.read_csv(path, dtype={"length": str, "set": str})
    return _CACHE[key]
