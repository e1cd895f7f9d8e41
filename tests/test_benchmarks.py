"""A run's use against its requests: Snakemake's job blocks read from its log, joined to
the benchmark files, summarised per rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from textsim.project.benchmarks import read_benchmark, rule_usage, scheduled_jobs

LOG = """Building DAG of jobs...
[Sat Nov 28 05:39:33 2026]
localrule train:
    input: a.tsv
    output: b.npz
    log: logs/train/{n}.log
    jobid: 3
    benchmark: benchmarks/train/{n}.tsv
    wildcards: n={n}
    threads: 2
    resources: tmpdir=/tmp, runtime={runtime}, mem_mb={mem}, mem=2.17 GB, mem_mib=2066
Select jobs to execute...
[Sat Nov 28 05:40:48 2026]
rule plot:
    input: b.npz
    output: c.png
    jobid: 4
    benchmark: benchmarks/plot.tsv
    resources: tmpdir=/tmp, runtime=5, mem_mb=500
[Sat Nov 28 05:41:00 2026]
localrule all:
    input: c.png
    jobid: 0
"""


def _bench(path: Path, seconds: float, rss: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"s\th:m:s\tmax_rss\n{seconds}\t0:00:01\t{rss}\n")


def test_usage_joins_each_jobs_request_to_its_benchmark(tmp_path: Path) -> None:
    logs = tmp_path / ".snakemake" / "log"
    logs.mkdir(parents=True)
    # two invocations: the later one schedules job 1 again with a larger request
    first = LOG.replace("{n}", "1").replace("{runtime}", "10").replace("{mem}", "2000")
    second = "".join(
        LOG.replace("{n}", n).replace("{runtime}", "20").replace("{mem}", "3000")
        for n in ("1", "2")
    )
    (logs / "2026-11-28T040000.000000.snakemake.log").write_text(first)
    (logs / "2026-11-28T050000.000000.snakemake.log").write_text(second)
    _bench(tmp_path / "benchmarks/train/1.tsv", 30.0, "700")
    _bench(tmp_path / "benchmarks/train/2.tsv", 50.0, "900")
    _bench(tmp_path / "benchmarks/plot.tsv", 2.0, "-")  # not measured

    jobs = scheduled_jobs(tmp_path)
    assert set(jobs) == {"benchmarks/train/1.tsv", "benchmarks/train/2.tsv", "benchmarks/plot.tsv"}
    assert jobs["benchmarks/train/1.tsv"].resources["mem_mb"] == 3000  # the later log wins
    assert jobs["benchmarks/train/1.tsv"].threads == 2
    assert jobs["benchmarks/plot.tsv"].threads == 1  # no threads line: one

    usage = rule_usage(tmp_path).set_index("rule")
    assert list(usage.index) == ["train", "plot"]  # most total time first
    train = usage.loc["train"]
    assert (train["jobs"], train["longest s"], train["total s"]) == (2, 50.0, 80.0)
    assert (train["peak MB"], train["mem_mb asked"], train["runtime asked (min)"]) == (
        900.0,
        3000.0,
        20.0,
    )
    assert usage.loc["plot", "peak MB"] != usage.loc["plot", "peak MB"]  # NaN: not measured


def test_usage_of_a_run_without_logs_is_empty(tmp_path: Path) -> None:
    assert rule_usage(tmp_path).empty


def test_a_file_that_is_not_a_benchmark_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text("seconds\n1\n")
    with pytest.raises(ValueError, match=r"bad\.tsv: not a Snakemake benchmark file"):
        read_benchmark(bad)


def test_textsim_usage_prints_each_rules_share_of_its_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from textsim.cli import main

    (tmp_path / ".snakemake/log").mkdir(parents=True)
    (tmp_path / ".snakemake/log/2026-11-28T040000.1.snakemake.log").write_text(
        LOG.replace("{n}", "1").replace("{runtime}", "10").replace("{mem}", "2000")
    )
    _bench(tmp_path / "benchmarks/train/1.tsv", 30.0, "500")
    assert main(["usage", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["rule", "jobs", "longest"]
    assert out[1].split()[0] == "train" and out[1].endswith("25%")
    assert main(["usage", str(tmp_path / "nothing")]) == 2
    assert "nothing: no Snakemake log" in capsys.readouterr().err
