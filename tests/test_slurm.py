"""The tiny workflow on a real SLURM scheduler: a one-node cluster started by
tests/slurm/cluster.sh (root on Debian; skipped elsewhere), driven through
profiles/slurm with only the account and partition given, as the README tells a user
(and status checks every second: a test cluster answers at once).

One run carries both faults: a training job cancelled by ``scancel`` while it runs
(the profile's retry resubmits it), then Snakemake itself killed; ``--unlock`` and a
rerun finish the workflow. Its tables, weights and metrics must equal the local tiny
run's byte for byte, and every job's declared threads, mem_mb and runtime must be what
SLURM allocated (``sacct``: AllocCPUS, ReqMem, Timelimit)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from tinyrun import LOCAL_SECONDS, ROOT, SNAKEMAKE, copy_project

T = TypeVar("T")
pytestmark = [pytest.mark.slurm, pytest.mark.workflow]

CLUSTER = ROOT / "tests/slurm/cluster.sh"
ACCOUNT, PARTITION = "textsim", "cpu"  # what cluster.sh creates
RUN_LIMIT_S = 900  # each snakemake invocation (timeout -k)
SACCT_REPORT = "JobID,Comment%50,AllocCPUS,ReqMem,MaxRSS,Timelimit,Elapsed,State"


def _why_no_cluster() -> str | None:
    if os.geteuid() != 0:
        return "the SLURM test cluster needs root (it installs packages, starts daemons)"
    if not (shutil.which("apt-get") or shutil.which("slurmctld")):
        return "the SLURM test cluster needs Debian's packages (apt-get)"
    return None


def _recorded_pids(state: Path) -> dict[str, int]:
    return {
        p.stem: int(p.read_text()) for p in (state / "run").glob("*.pid") if ".daemon" not in p.name
    }


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Start the test cluster; stop it afterwards and check no daemon of it survives."""
    reason = _why_no_cluster()
    if reason:
        pytest.skip(reason)
    state = tmp_path_factory.mktemp("slurm")
    env = {**os.environ, "TEXTSIM_SLURM_DIR": str(state), "SLURM_CONF": f"{state}/etc/slurm.conf"}
    started = subprocess.run(
        ["timeout", "-k", "10", "600", "bash", str(CLUSTER), "start"],
        env=env,
        capture_output=True,
        text=True,
    )
    pids = _recorded_pids(state)
    try:
        assert started.returncode == 0, started.stderr
        assert set(pids) == {"munged", "mariadbd", "slurmdbd", "slurmctld", "slurmd"}, pids
        yield env
    finally:
        stopped = subprocess.run(
            ["timeout", "-k", "10", "300", "bash", str(CLUSTER), "stop"],
            env=env,
            capture_output=True,
            text=True,
        )
        alive = {name: pid for name, pid in pids.items() if Path(f"/proc/{pid}").exists()}
        assert stopped.returncode == 0 and not alive, (stopped.stderr, alive)


def _squeue(env: dict[str, str]) -> list[tuple[str, str, str]]:
    """(job id, comment, state) of every job in the queue."""
    out = subprocess.run(
        ["squeue", "-h", "-o", "%i|%k|%T"], env=env, capture_output=True, text=True, timeout=30
    ).stdout
    rows = [line.split("|") for line in out.splitlines() if line.count("|") == 2]
    return [(job, comment, state) for job, comment, state in rows]


def _wait_for(
    predicate: Callable[[], T], what: str, limit: float, proc: subprocess.Popen[bytes] | None = None
) -> T:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        assert proc is None or proc.poll() is None, f"snakemake ended before {what}"
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}")


def _requested(project: Path, job_id: str) -> tuple[int, int, int]:
    """(threads, mem_mb, runtime) Snakemake resolved for a SLURM job, from the job's
    own log (one block per rule it ran; a group job runs its rules one after another,
    so it needs their largest threads and memory and their runtimes summed)."""
    (log,) = project.glob(f".snakemake/slurm_logs/**/{job_id}.log")
    rows = []
    for block in re.split(r"\n(?=rule \w+:\n)", log.read_text())[1:]:
        threads = re.search(r"^\s+threads: (\d+)$", block, re.M)
        mem, runtime = re.search(r"resources: .*?mem_mb=(\d+).*?runtime=(\d+)", block).groups()  # type: ignore[union-attr]
        rows.append((int(threads.group(1)) if threads else 1, int(mem), int(runtime)))
    assert rows, log
    return max(r[0] for r in rows), max(r[1] for r in rows), sum(r[2] for r in rows)


def _accounted(env: dict[str, str]) -> list[dict[str, str]]:
    fields = ["JobID", "Comment", "State", "AllocCPUS", "ReqMem", "Timelimit", "Elapsed"]
    res = subprocess.run(
        ["sacct", "-X", "-P", "-n", "-a", "-S", "now-1days", "-o", ",".join(fields)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    return [dict(zip(fields, line.split("|"), strict=True)) for line in res.stdout.splitlines()]


def _minutes(limit: str) -> int:
    """SLURM's [days-]hours:minutes:seconds as minutes."""
    days, _, hms = limit.rpartition("-")
    h, m, s = (int(x) for x in hms.split(":"))
    return (int(days or 0) * 24 + h) * 60 + m + (s > 0)


def _results(project: Path) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for pattern in (
        "results/paper/tables/*",
        "results/weights/**/*.json",
        "results/metrics/*/*.csv",
    ):
        for path in sorted(project.glob(pattern)):
            files[str(path.relative_to(project))] = path.read_bytes()
    return files


def test_tiny_workflow_on_slurm_with_scancel_and_a_killed_snakemake(
    cluster: dict[str, str], tiny_base: Callable[[], Path], tmp_path: Path
) -> None:
    project = copy_project(tmp_path)
    env = cluster
    cmd = [*SNAKEMAKE, "--workflow-profile", "profiles/slurm", "--configfile", "configs/tiny.yaml"]
    cmd += ["--default-resources", f"slurm_account={ACCOUNT}", f"slurm_partition={PARTITION}"]
    # the test cluster answers at once: status checks from 1 s instead of the profile's 5
    # (measured alone: 355 s against 398 s; the profile's value stays for real clusters)
    cmd += ["--slurm-init-seconds-before-status-checks", "1"]
    bounded = ["timeout", "-k", "10", str(RUN_LIMIT_S), *cmd]
    log = tmp_path / "first.log"
    started = time.monotonic()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            bounded,
            cwd=project,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        # fault 1: cancel a training job while it runs; the profile's retry resubmits it
        def running_training() -> str | None:
            jobs = [
                j
                for j, c, s in _squeue(env)
                if c.startswith("rule_train_weights") and s == "RUNNING"
            ]
            return jobs[0] if jobs else None

        victim = _wait_for(running_training, "a running train_weights job", 600, proc) or ""
        victim_comment = next(c for j, c, _ in _squeue(env) if j == victim)
        time.sleep(2)
        subprocess.run(["scancel", victim], env=env, check=True, timeout=30)
        _wait_for(
            lambda: re.search(rf"SLURM-job '{victim}' failed", log.read_text()),
            f"snakemake to see job {victim} cancelled",
            300,
            proc,
        )
        # fault 2: kill Snakemake (and only it: its SLURM jobs run on) while a job runs
        _wait_for(
            lambda: any(
                s == "RUNNING"
                for _, c, s in _squeue(env)
                if "score_learned" in c or c.startswith("rule_learned")
            ),
            "a running score_learned job",
            600,
            proc,
        )
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    # jobs SLURM finishes after Snakemake died
    _wait_for(lambda: not _squeue(env), "the queue to empty", 600)
    assert not (project / "results/paper/tables/prl-table-1.csv").exists()
    unlocked = subprocess.run(
        [*cmd, "--unlock"], cwd=project, env=env, capture_output=True, timeout=300
    )
    assert unlocked.returncode == 0, unlocked.stderr
    resumed = subprocess.run(bounded, cwd=project, env=env, capture_output=True, text=True)
    wall = time.monotonic() - started
    assert resumed.returncode == 0, resumed.stdout[-5000:]
    local_run = tiny_base()  # built meanwhile in another worker (tests/conftest.py)
    local = float((local_run / LOCAL_SECONDS).read_text())
    print(
        f"tiny workflow on SLURM (two faults included): {wall:.0f} s; "
        f"the same run locally (--cores 2): {local:.0f} s; ratio {wall / local:.1f}"
    )
    print(
        "jobs of the resumed run:",
        re.findall(r"^(\w+)\s+(\d+)$", resumed.stdout + resumed.stderr, re.M),
    )

    # the cancelled job was resubmitted by the retry, in the first invocation
    first = log.read_text()
    assert re.search(rf"SLURM-job '{victim}' failed, SLURM status is: 'CANCELLED'", first), first[
        -3000:
    ]
    # results: byte-identical to the local run
    ours, ref = _results(project), _results(local_run)
    assert len(ours) > 30 and set(ours) <= set(ref)
    differing = [name for name, data in ours.items() if data != ref[name]]
    assert not differing, differing
    print(f"byte-identical to the local tiny run: {len(ours)} tables, weight and metrics files")
    # resources: every job got what its rule declares
    jobs = _accounted(env)
    states = {j["JobID"]: j["State"] for j in jobs}
    assert states[victim].startswith("CANCELLED"), states
    retried = [j["JobID"] for j in jobs if j["Comment"] == victim_comment and j["JobID"] != victim]
    assert retried and all(states[j] == "COMPLETED" for j in retried), (victim_comment, jobs)
    print(f"scancel: SLURM job {victim} ({victim_comment}) cancelled while running;")
    print(f"  the profile's retry resubmitted it as job {retried[0]}, which completed")
    assert sum(s == "COMPLETED" for s in states.values()) >= 20, states
    for job in jobs:
        # the cancelled job's log may end before its job block: its retry asked the same
        logged = retried[0] if job["JobID"] == victim else job["JobID"]
        threads, mem_mb, runtime = _requested(project, logged)
        got = (int(job["AllocCPUS"]), job["ReqMem"], _minutes(job["Timelimit"]))
        assert got == (threads, f"{mem_mb}M", runtime), (job, threads, mem_mb, runtime)
    # what the jobs used (README "Running on a cluster": declarations against use)
    print(
        subprocess.run(
            ["sacct", "-a", "-S", "now-1days", "-o", SACCT_REPORT],
            env=env,
            capture_output=True,
            text=True,
        ).stdout
    )
