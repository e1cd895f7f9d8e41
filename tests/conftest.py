from __future__ import annotations

import http.server
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from tinyrun import LOCAL_SECONDS, copy_project, smk_in

from textsim.vectors.words import WordEmbeddings

ROOT = Path(__file__).resolve().parents[1]


def mirror_dir() -> Path | None:
    value = None if os.environ.get(STUB_FLAG) else os.environ.get("TEXTSIM_MIRROR")
    candidates = [Path(value)] if value else []
    candidates.append(ROOT.parent / "shared" / "datasets")
    for c in candidates:
        if (c / "enwiki-2015-extracted").is_dir():
            return c.resolve()
    return None


#: set when TEXTSIM_MIRROR names the stub mirror below, not a real one
STUB_FLAG = "TEXTSIM_TEST_STUB_MIRROR"


def stub_mirror(folder: Path) -> Path:
    """A mirror folder with an empty file under every declared file's name: enough for
    planning, which checks that an input has a source (textsim.sources.provision), never for a
    fetch, which checks every file's checksum."""
    from textsim.sources.resources import load_registry

    for resource in load_registry().values():
        if resource.kind != "files":
            continue
        for name in resource.file_names():
            path = folder / (resource.mirror_dir or resource.name) / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch()
    return folder


@pytest.fixture(scope="session", autouse=True)
def _planning_mirror(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Without a real mirror, dry runs of the demo's configs plan against the stub
    (the snakemake subprocesses inherit it); the ``mirror`` fixture ignores it."""
    if os.environ.get("TEXTSIM_MIRROR"):
        return
    os.environ["TEXTSIM_MIRROR"] = str(stub_mirror(tmp_path_factory.mktemp("stub-mirror")))
    os.environ[STUB_FLAG] = "1"


#: tests that read the tiny run after the workflow tests have added to it (the STS,
#: paragraph and Schäfer stages, with the mirror): collected last
LAST = ("test_docs.py", "test_notebooks.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.path.name in LAST)


#: pytest-xdist (`pytest -n auto`): the tests of these files that ask for the tiny run
#: run in one worker each, per group: those that add to a copy of the tiny run or read
#: the additions (in the order above), and those that copy it or compare with it (the
#: SLURM, scaling and variant runs), which must not see the additions. The tests that
#: add the Schäfer stages (a "schafer" in the test's name or parameters) and the
#: notebook that reads them form a group of their own: they read nothing the De Boom
#: and GEM tests add, and they are the longest, so the two run side by side. Every
#: other test is a scope of its own (tests/test_reruns.py: the reruns that copy the run
#: without the additions). The tiny run is built once per session (:func:`tiny_project`);
#: each worker that needs it works on its own copy.
TINY_RUN_GROUPS = {
    **dict.fromkeys(("test_workflow.py", *LAST), "tiny-run: adds to it"),
    **dict.fromkeys(("test_slurm.py", "test_scaling.py", "test_variants.py"), "tiny-run: copies"),
}
SCHAFER_GROUP = "tiny-run: adds the Schäfer stages"


def tiny_run_group(nodeid: str, users: set[tuple[str, str]]) -> str:
    """The scheduling scope of a test (:data:`TINY_RUN_GROUPS`): its group where it asks
    for the tiny run, else its own node id."""
    name = _file_name(nodeid)
    test = nodeid.split("::")[-1]
    if (name, test.partition("[")[0]) not in users:
        return nodeid
    if TINY_RUN_GROUPS[name] == TINY_RUN_GROUPS["test_workflow.py"] and "schafer" in test:
        return SCHAFER_GROUP
    return TINY_RUN_GROUPS[name]


#: the SLURM test reads the tiny run only at its end (:func:`tiny_base`): where the test
#: cluster's packages are installed it runs first in its group, beside the tiny run's
#: build in the other worker instead of waiting for it; where they are still
#: installing (`.ci/run` starts that in the background on a fresh machine) it runs last
SLURM_TESTS = "test_slurm.py"


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one worker per core, and one more where the SLURM test runs (root
    with the cluster's packages or apt-get): its worker spends most of its minutes
    waiting on the scheduler's status polls, and the extra worker keeps the cores busy
    meanwhile."""
    from test_slurm import _why_no_cluster

    cores = os.cpu_count() or 1
    deselected = "not slurm" in (config.getoption("markexpr") or "")
    return cores + 1 if _why_no_cluster() is None and not deselected and cores > 1 else None


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """xdist's per-scope scheduling with the groups above as scopes (every other test
    its own scope). Written here because `--dist loadgroup` marks groups by editing node
    ids, which pytest 9.2 no longer reads (pytest-dev/pytest-xdist#1386)."""
    if config.getvalue("dist") == "each":
        return None
    from xdist.scheduler import LoadScopeScheduling

    users = _tiny_run_users(Path(config.rootpath) / "tests")

    class TinyRunScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return tiny_run_group(nodeid, users)

        def _assign_work_unit(self, node: object) -> None:
            # decided when the group is handed out (the workers' collections must agree)
            scope = next(iter(self.workqueue))
            unit = self.workqueue[scope]
            if any(_file_name(n) == SLURM_TESTS for n in unit):
                installed = shutil.which("slurmctld") is not None
                order = sorted(unit, key=lambda n: (_file_name(n) == SLURM_TESTS) != installed)
                self.workqueue[scope] = {n: unit[n] for n in order}
            super()._assign_work_unit(node)  # type: ignore[arg-type]

    return TinyRunScheduling(config, log)


def _file_name(nodeid: str) -> str:
    return nodeid.split("::")[0].rpartition("/")[2]


def _tiny_run_users(tests: Path) -> set[tuple[str, str]]:
    """(file, test) of each test of a :data:`TINY_RUN_GROUPS` file that asks for the
    tiny run (the fixture ``tiny_project`` or ``tiny_base``): read from the files' syntax
    trees, since the scheduler sees node ids only."""
    import ast

    users = set()
    for name in TINY_RUN_GROUPS:
        tree = ast.parse((tests / name).read_text())
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                asked = {a.arg for a in node.args.args}
                if asked & {"tiny_project", "tiny_base"}:
                    users.add((name, node.name))
    return users


@pytest.fixture
def mirror() -> Path:
    m = mirror_dir()
    if m is None:
        pytest.skip("offline dataset mirror not found (set TEXTSIM_MIRROR)")
    return m


@pytest.fixture
def toy_embeddings() -> WordEmbeddings:
    """Four words in 2-d with hand-picked vectors and document frequencies."""
    words = ["the", "cat", "sat", "mat"]
    vectors = np.array([[1.0, 0.0], [0.0, 2.0], [3.0, -1.0], [-1.0, 1.0]])
    df = np.array([90, 5, 20, 5])  # cat and mat tie on df: broken by the word
    return WordEmbeddings.from_arrays(words, vectors, df, n_documents=99)


#: the shared tiny run, its build log (one line per build: the count CI shows) and lock
TINY_BASE, TINY_BUILDS, TINY_LOCK = "tiny-base", "tiny-builds.log", "tiny-base.lock"


def _session_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this whole test session: under pytest-xdist each worker's
    base folder lies in it, so it is shared by the workers and by them alone."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def _tiny_base(session: Path) -> Path:
    """The tiny workflow, run once per test session whatever the number of workers:
    the first worker to need it builds it (locally, 2 cores) under a file lock, the
    others wait for it. Nobody changes it; each worker works on a copy."""
    import fcntl

    base = session / TINY_BASE
    with open(session / TINY_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (base / LOCAL_SECONDS).is_file():
            part = session / f"{TINY_BASE}.part"
            shutil.rmtree(part, ignore_errors=True)  # a build that failed in another worker
            part.mkdir()
            project = copy_project(part)
            started = time.monotonic()
            res = smk_in(project, "--cores", "2")
            assert res.returncode == 0, res.stderr[-5000:]
            seconds = time.monotonic() - started
            # the local wall time, which tests/test_slurm.py sets the cluster run against
            (project / LOCAL_SECONDS).write_text(f"{seconds:.1f}\n")
            project.rename(base)
            worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
            with open(session / TINY_BUILDS, "a") as log:
                log.write(f"tiny run built by {worker} in {seconds:.0f} s\n")
    return base


@pytest.fixture(scope="session")
def tiny_base(tmp_path_factory: pytest.TempPathFactory) -> Callable[[], Path]:
    """The session's one tiny run itself (:func:`_tiny_base`), for reading only, when
    the test asks for it: a test that needs it late (tests/test_slurm.py compares with
    it after its own run) does not wait for its build first."""
    return lambda: _tiny_base(_session_folder(tmp_path_factory))


@pytest.fixture(scope="session")
def tiny_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the session's one tiny run (:func:`_tiny_base`) for this test process:
    tests/test_workflow.py adds to its copy, tests/test_slurm.py compares against one
    without additions. The copy keeps every file's time, so Snakemake finds it up to
    date."""

    base = _tiny_base(_session_folder(tmp_path_factory))
    project = tmp_path_factory.mktemp("tiny")
    shutil.copytree(base, project, symlinks=True, dirs_exist_ok=True)
    return project


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How often this session built the tiny run (once, whatever the workers)."""
    factory = getattr(terminalreporter.config, "_tmp_path_factory", None)
    if factory is None:
        return
    try:
        log = factory.getbasetemp() / TINY_BUILDS
    except (OSError, ValueError):
        return
    if log.is_file():
        lines = log.read_text().splitlines()
        terminalreporter.write_line(f"tiny run: built {len(lines)} time(s) this session")
        for line in lines:
            terminalreporter.write_line(f"  {line}")


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        if self.path == "/truncated":  # announces more than it sends
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b"\x1f\x8b only the start")
            return
        super().do_GET()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """An HTTP server on 127.0.0.1 serving a folder, stopped after the test."""
    folder = tmp_path / "served"
    folder.mkdir()

    def handler(*args: object, **kwargs: object) -> _Handler:
        return _Handler(*args, directory=str(folder), **kwargs)  # type: ignore[arg-type]

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", folder
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
