"""What a workflow run's jobs used against what they asked: Snakemake's ``benchmark:``
files (wall seconds, peak memory) joined to the rule, threads and resources each job
was scheduled with, as the run's own logs (``.snakemake/log``) record them.

Snakemake keeps no machine-readable record of a job's requested resources; its log
prints them in every job's block, which is what :func:`scheduled_jobs` reads.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from textsim.core.io import PathLike

__all__ = ["ScheduledJob", "read_benchmark", "rule_usage", "scheduled_jobs", "usage_report"]

_JOB = re.compile(r"^(?:local)?(?:rule|checkpoint) (\w+):$")


def read_benchmark(path: PathLike) -> tuple[float, float]:
    """(wall seconds, peak resident memory in MB) of one Snakemake benchmark file."""
    frame = pd.read_csv(path, sep="\t")
    if frame.empty or not {"s", "max_rss"} <= set(frame.columns):
        raise ValueError(f"{path}: not a Snakemake benchmark file (columns s, max_rss)")
    rss = pd.to_numeric(frame["max_rss"], errors="coerce")  # "-" when not measured
    return float(frame["s"].mean()), float(rss.max())


@dataclass(frozen=True)
class ScheduledJob:
    """One job as the log scheduled it: its rule, benchmark file, threads and the
    numeric resources it asked for (``mem_mb``, ``runtime`` in minutes, …)."""

    rule: str
    benchmark: str
    threads: int
    resources: dict[str, float]


def _resources(text: str) -> dict[str, float]:
    out = {}
    for item in text.split(", "):
        key, _, value = item.partition("=")
        try:
            out[key.strip()] = float(value)
        except ValueError:
            continue  # tmpdir=/tmp, mem=2.17 GB: not numbers
    return out


def scheduled_jobs(workdir: PathLike) -> dict[str, ScheduledJob]:
    """Every job with a benchmark file that the run's logs scheduled, by benchmark path
    (relative to ``workdir``); a job scheduled again in a later log replaces the earlier."""
    jobs: dict[str, ScheduledJob] = {}
    logs = sorted((Path(workdir) / ".snakemake" / "log").glob("*.snakemake.log"))
    for log in logs:  # the names start with the date: oldest first
        rule: str | None = None
        fields: dict[str, str] = {}
        for line in [*log.read_text(encoding="utf-8", errors="replace").splitlines(), ""]:
            match = _JOB.match(line)
            if rule is not None and (match or not line.startswith("    ")):
                if "benchmark" in fields:
                    jobs[fields["benchmark"]] = ScheduledJob(
                        rule=rule,
                        benchmark=fields["benchmark"],
                        threads=int(fields.get("threads", "1")),
                        resources=_resources(fields.get("resources", "")),
                    )
                rule, fields = None, {}
            if match:
                rule = match.group(1)
            elif rule is not None:
                key, _, value = line.strip().partition(": ")
                fields[key] = value
    return jobs


def rule_usage(workdir: PathLike) -> pd.DataFrame:
    """Per rule of a run (``workdir``: the folder Snakemake ran in): its jobs with a
    benchmark file, the longest job's wall seconds and the sum of all, the largest peak
    memory, the most each asked for (threads, ``mem_mb``, ``runtime``) and the peak as
    a share of the memory asked (NaN where none was asked). Empty when
    the run has no logs or no benchmark files."""
    root = Path(workdir)
    rows = []
    for path, job in scheduled_jobs(root).items():
        if not (root / path).is_file():
            continue
        try:
            seconds, rss = read_benchmark(root / path)
        except (ValueError, pd.errors.ParserError, pd.errors.EmptyDataError):
            continue  # a job killed before writing its benchmark
        rows.append(
            {
                "rule": job.rule,
                "seconds": seconds,
                "rss_mb": rss,
                "threads": job.threads,
                "mem_mb": job.resources.get("mem_mb", math.nan),
                "runtime": job.resources.get("runtime", math.nan),
            }
        )
    columns = [
        "rule",
        "jobs",
        "longest s",
        "total s",
        "peak MB",
        "threads",
        "mem_mb asked",
        "runtime asked (min)",
        "peak / asked",
    ]
    if not rows:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame(rows)
    table = frame.groupby("rule").agg(
        jobs=("seconds", "size"),
        longest=("seconds", "max"),
        total=("seconds", "sum"),
        peak=("rss_mb", "max"),
        threads=("threads", "max"),
        mem=("mem_mb", "max"),
        runtime=("runtime", "max"),
    )
    table["share"] = table["peak"] / table["mem"].where(table["mem"] > 0)
    table = table.reset_index().sort_values("total", ascending=False)
    table.columns = pd.Index(columns)
    return table.round({c: 1 for c in columns[2:-1]} | {columns[-1]: 3}).reset_index(drop=True)


def usage_report(workdir: PathLike) -> str:
    """:func:`rule_usage` as text, with the peak as a share of the memory asked (``textsim
    usage``); FileNotFoundError naming the folder when it holds no such run."""
    table = rule_usage(workdir)
    if table.empty:
        raise FileNotFoundError(
            f"{workdir}: no Snakemake log (.snakemake/log) with benchmark files; "
            "give the folder the workflow ran in"
        )
    share = table["peak / asked"]
    table["peak / asked"] = share.map(lambda v: "—" if pd.isna(v) else f"{v:.0%}")
    return table.to_string(index=False)
