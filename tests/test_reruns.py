"""The tiny workflow rerun apart from the tiny run and compared with it: on another
Keras backend, killed and resumed, with another shard count, with the authors'
cleaning. Each works in a folder of its own and reads the session's tiny run
(:func:`tiny_base`) without the other tests' additions, so under pytest-xdist each is a
scope of its own (tests/conftest.py), on whichever worker is free."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from test_workflow import planned_jobs
from tinyrun import SNAKEMAKE, copy_project, smk_in

#: the rules that train with Keras
KERAS_RULES = {"select_kappa", "train_weights"}


@pytest.mark.workflow
def test_tiny_workflow_on_another_keras_backend(
    tiny_base: Callable[[], Path], tmp_path: Path
) -> None:
    """``keras.backend: jax`` reruns exactly the Keras rules and what depends on them,
    the weights record the backend, and they are close to the default backend's."""
    tiny_project = tiny_base()  # the session's tiny run: read and copied, never changed
    from textsim.runtime.backend import available_backends

    if "jax" not in available_backends():
        pytest.skip("jax is not installed (pip install -e '.[jax]')")
    project = tmp_path / "jax"
    shutil.copytree(tiny_project, project, symlinks=True)  # results and .snakemake metadata
    extra = tmp_path / "jax.yaml"
    extra.write_text("keras:\n  backend: jax\n")
    planned = planned_jobs(smk_in(project, "-n", "--quiet", "rules", extra_config=extra))
    forced = planned_jobs(smk_in(project, "-n", "--quiet", "rules", "-R", *KERAS_RULES))
    assert planned >= KERAS_RULES and planned == forced, (planned, forced)
    # the weights only: what depends on them is the default backend's code path again
    targets = [
        str(p.relative_to(tiny_project)) for p in tiny_project.glob("results/weights/*/*.json")
    ]
    res = smk_in(project, "--cores", "2", *targets, extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    weights = sorted(project.glob("results/weights/*/*.json"))
    assert [p.relative_to(project) for p in weights] == [
        p.relative_to(tiny_project) for p in sorted(tiny_project.glob("results/weights/*/*.json"))
    ]
    for path in weights:
        doc = json.loads(path.read_text())
        assert doc["training"]["backend"] == "jax", path
        ref = json.loads((tiny_project / path.relative_to(project)).read_text())
        assert ref["training"]["backend"] == "tensorflow"
        # same batches, same float32 arithmetic up to rounding (measured: 2e-7 apart)
        assert np.allclose(doc["weights"], ref["weights"], rtol=0, atol=1e-5), path


@pytest.mark.workflow
def test_sigkill_then_resume_gives_identical_results(
    tiny_base: Callable[[], Path], tmp_path: Path
) -> None:
    """Kill the whole workflow (SIGKILL) while weights are being trained, rerun, and get
    tables and weights byte-identical to the uninterrupted run (also: the same config and
    seed give the same weights again, deterministic switch on in the tiny config). The
    run is a copy of the tiny run with the Keras rules forced; tests/test_slurm.py kills
    a whole run from scratch on a SLURM cluster."""
    tiny_project = tiny_base()  # the session's tiny run: read and copied, never changed
    project = tmp_path / "project"
    shutil.copytree(tiny_project, project, symlinks=True)  # results and .snakemake metadata
    shutil.rmtree(project / "logs/weights")
    cmd = [*SNAKEMAKE, "-s", str(project / "Snakefile"), "--configfile"]
    cmd += [str(project / "configs/tiny.yaml"), "--cores", "2", "--forcerun", *KERAS_RULES]
    proc = subprocess.Popen(
        cmd,
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    weights_logs = project / "logs/weights"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and proc.poll() is None:
        if weights_logs.is_dir() and any(weights_logs.rglob("*.log")):
            time.sleep(2)  # inside a training job
            break
        time.sleep(0.5)
    assert proc.poll() is None, "the workflow ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    # what the README tells a user: a killed run leaves its lock; unlock, rerun
    locked = smk_in(project, "--cores", "2")
    assert locked.returncode != 0 and "cannot be locked" in locked.stdout + locked.stderr
    assert smk_in(project, "--unlock").returncode == 0
    res = smk_in(project, "--cores", "2")  # the default profile adds --rerun-incomplete
    assert res.returncode == 0, res.stderr[-5000:]
    compared = 0
    for pattern in (
        "results/paper/tables/*",
        "results/weights/**/*.json",
        "results/metrics/*/*.csv",
    ):
        for ref in sorted(tiny_project.glob(pattern)):
            rel = ref.relative_to(tiny_project)
            assert (project / rel).read_bytes() == ref.read_bytes(), rel
            compared += 1
    assert compared > 30


@pytest.mark.workflow
@pytest.mark.parametrize("n_shards", [1, 3])
def test_results_do_not_depend_on_the_shard_count(
    tiny_base: Callable[[], Path], tmp_path: Path, n_shards: int
) -> None:
    """Corpus, word2vec, document frequencies, couples and scores with 1 or 3 shards
    equal the tiny run's (2 shards) byte for byte."""
    tiny_project = tiny_base()  # the session's tiny run: read and copied, never changed
    project = copy_project(tmp_path)
    extra = tmp_path / "shards.yaml"
    extra.write_text(f"corpus:\n  n_shards: {n_shards}\n")
    targets = ["results/metrics/20/unit.csv", "results/metrics/var/unit.csv"]
    res = smk_in(project, "--cores", "2", *targets, extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    for rel in [*targets, "results/docfreq/docfreq.tsv", "results/pairs/var/summary.csv"]:
        assert (project / rel).read_bytes() == (tiny_project / rel).read_bytes(), rel
    for length in ("20", "var"):
        ours = pd.read_parquet(project / f"results/pairs/{length}/couples.parquet")
        ref = pd.read_parquet(tiny_project / f"results/pairs/{length}/couples.parquet")
        pd.testing.assert_frame_equal(ours, ref)


@pytest.mark.workflow
def test_the_authors_cleaning_makes_the_tiny_corpus_from_the_dump(
    tiny_base: Callable[[], Path], tmp_path: Path
) -> None:
    """corpus.cleaning: authors on the tiny run's XML dump shard: the corpus stage
    reruns and writes clean.pyx's lines under their page ids, in dump order."""
    tiny_project = tiny_base()  # the session's tiny run: read and copied, never changed
    project = tmp_path / "project"
    shutil.copytree(tiny_project, project, symlinks=True)
    extra = tmp_path / "authors.yaml"
    extra.write_text("corpus: {cleaning: authors}\n")
    plan = smk_in(project, "-n", "--quiet", "rules", extra_config=extra)
    assert {"extract_wiki_dump", "clean_wiki_shard", "train_word2vec"} <= planned_jobs(plan)
    res = smk_in(project, "--cores", "2", "results/corpus/statistics.csv", extra_config=extra)
    assert res.returncode == 0, res.stderr[-3000:]

    def corpus(root: Path) -> pd.DataFrame:
        files = sorted((root / "results/corpus/clean").glob("*.tsv"))
        frames = [pd.read_csv(f, sep="\t", names=["article", "text"], dtype=str) for f in files]
        return pd.concat(frames, ignore_index=True)

    ours, theirs = corpus(tiny_project), corpus(project)
    assert len(theirs) > 1000
    # ASCII word characters only, no one-character line, no title line of ours
    assert theirs["text"].str.fullmatch(r"[a-z0-9_]+( [a-z0-9_]+)*").all()
    assert (theirs["text"].str.len() > 1).all()
    # the articles are the dump's pages: most of ours are there under the same id
    assert len(set(ours["article"]) & set(theirs["article"])) > 0.8 * ours["article"].nunique()
    assert not theirs.equals(ours)
