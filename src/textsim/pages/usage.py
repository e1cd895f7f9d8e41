"""Views of what runs cost: a workflow run's jobs' use against their requests per rule,
and a ``textsim bench`` run's ratios."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

from textsim.pages.markdown import md_table
from textsim.pages.snapshots import BENCH, USAGE, Snapshot, SnapshotError
from textsim.report.ratios import format_report, read_rows

__all__ = ["amount", "bench", "usage"]


def amount(value: object) -> str:
    """Seconds or megabytes: whole numbers with separators from 100, one decimal below."""
    v = float(value)  # type: ignore[arg-type]
    if math.isnan(v):
        return "—"
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.1f}"


def usage(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """What the last run's jobs used against what they asked, per rule (args: the rules
    to show, all when none), with the peak as a share of the memory asked."""
    snap = snaps[-1]
    name = USAGE.removesuffix(".csv")
    if not snap.has(name):
        raise SnapshotError(f"snapshot {snap.name}: no {USAGE} (recorded without its logs)")
    frame = snap.table(name)
    if args:
        missing = set(args) - set(frame["rule"])
        if missing:
            raise SnapshotError(f"snapshot {snap.name}: no rule {', '.join(sorted(missing))}")
        frame = frame[frame["rule"].isin(args)]
    body = []
    for _, r in frame.iterrows():
        body.append(
            [
                f"`{r['rule']}`",
                str(int(r["jobs"])),
                amount(r["longest s"]),
                amount(r["total s"]),
                amount(r["peak MB"]),
                str(int(r["threads"])),
                "—" if pd.isna(r["mem_mb asked"]) else f"{int(r['mem_mb asked']):,}",
                "—" if pd.isna(r["peak / asked"]) else f"{r['peak / asked']:.0%}",
                "—" if pd.isna(r["runtime asked (min)"]) else f"{int(r['runtime asked (min)']):,}",
            ]
        )
    header = [
        "rule",
        "jobs",
        "longest job s",
        "all jobs s",
        "peak MB",
        "threads",
        "mem_mb asked",
        "peak / asked",
        "runtime asked (min)",
    ]
    title = f"Use against requests per rule ({snap.name}; Snakemake's benchmark files and log)"
    return f"{title}\n\n" + md_table(header, body)


def bench(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The last snapshot's ``textsim bench`` table, as the command printed it (args: the
    benchmarks to show, by the start of their names; all when none)."""
    snap = snaps[-1]
    name = BENCH.removesuffix(".csv")
    if not snap.has(name):
        raise SnapshotError(
            f"snapshot {snap.name}: no {BENCH} (python -m textsim.pages record-bench)"
        )
    rows = read_rows(snap.folder / BENCH)  # the command's own reader
    if args:
        rows = [r for r in rows if r.name.startswith(tuple(args))]
        if not rows:
            raise SnapshotError(f"snapshot {snap.name}: no benchmark {' or '.join(args)}")
    return format_report(rows)
