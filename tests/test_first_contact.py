"""A new user's first contact and hostile files: a missing network in one line, the
command line and the API forgiving where they can be and exact where they must be,
model metadata that cannot change results silently, and jobs and saves that leave
nothing behind when killed."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.error
import zipfile
from pathlib import Path

import numpy as np
import pytest
from gensim.models import Word2Vec

import textsim
from textsim.core.io import InputFileError, atomic_path, one_line, one_line_errors, quoted
from textsim.formats.vectorfile import write_vectors
from textsim.sources.fetching import ResourceError, UnreachableError, _permanent, download

SENTENCES = ["the cat sat on the mat", "a dog sat on the log", "the cat chased the dog"] * 5
FIT = ["the cat sat", "a dog", "the mat", "a log", "the dog sat on the log"] * 3
GEM = {"n_components": 4, "n_sentence_components": 2}


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("first-contact")
    model = Word2Vec([s.split() for s in SENTENCES], vector_size=8, min_count=1, seed=1, workers=1)
    return write_vectors(d / "v.npz", model.wv)


def _cli(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "textsim.cli", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


def _closed_port() -> int:
    """A local port nothing listens on (connections to it are refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ----------------------------------------------------------------- no network


def test_an_unreachable_address_fails_at_once_without_retries(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/Stsbenchmark.tar.gz"
    start = time.perf_counter()
    with pytest.raises(UnreachableError, match=r"could not download .*: Connection refused"):
        download(url, tmp_path / "x")
    assert time.perf_counter() - start < 5  # no retry, no back-off pause


def test_which_download_errors_are_final() -> None:
    def http(code: int) -> urllib.error.HTTPError:
        return urllib.error.HTTPError("http://h/x", code, "why", {}, None)  # type: ignore[arg-type]

    assert _permanent(urllib.error.URLError(socket.gaierror(-2, "Name or service not known")))
    assert _permanent(urllib.error.URLError(ConnectionRefusedError(111, "refused")))
    assert _permanent(http(404)) and _permanent(http(403))
    # what may pass is tried again
    assert not _permanent(http(503)) and not _permanent(http(429)) and not _permanent(http(408))
    assert not _permanent(urllib.error.URLError(TimeoutError("timed out")))
    assert not _permanent(ConnectionResetError(104, "reset"))


def test_a_failed_mirror_is_one_line_and_leaves_no_folder(tmp_path: Path) -> None:
    address = f"stsbenchmark=http://127.0.0.1:{_closed_port()}/Stsbenchmark.tar.gz"
    fresh = tmp_path / "fresh"
    done = _cli("mirror", fresh, "stsbenchmark", "--address", address)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("textsim mirror: error: could not download http://127.0.0.1:")
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert not fresh.exists()
    kept = tmp_path / "kept"
    (kept / "mine").mkdir(parents=True)
    (kept / "mine" / "notes.txt").write_text("mine")
    assert _cli("mirror", kept, "stsbenchmark", "--address", address).returncode == 2
    assert sorted(p.relative_to(kept).as_posix() for p in kept.rglob("*")) == [
        "mine",
        "mine/notes.txt",
    ]


def test_the_fetch_stage_says_how_to_work_offline_in_one_logged_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The workflow's fetch job: one log line naming the input, the address and both
    ways out (a mirror named by TEXTSIM_MIRROR, or `textsim mirror`), exit status 1."""
    import textsim.sources.resources
    from textsim.stages.download import fetch_resource

    real = textsim.sources.resources.get_resource
    url = f"http://127.0.0.1:{_closed_port()}/Stsbenchmark.tar.gz"
    monkeypatch.setattr(textsim.sources.resources, "get_resource", lambda name: real(name).at(url))
    monkeypatch.delenv("TEXTSIM_MIRROR", raising=False)
    names = real("stsbenchmark").file_names()
    outputs = [tmp_path / n for n in names]
    with (
        caplog.at_level(logging.ERROR),
        pytest.raises(SystemExit) as stop,
        one_line_errors(ResourceError, InputFileError),
    ):
        fetch_resource(outputs, resource="stsbenchmark", files=names, mirror=None)
    assert stop.value.code == 1
    (record,) = caplog.records
    message = record.getMessage()
    assert message.startswith(f"input stsbenchmark: could not download {url}: Connection refused")
    assert "TEXTSIM_MIRROR=/path/to/mirror" in message and "textsim mirror FOLDER" in message
    assert "\n" not in message and not any(p.exists() for p in outputs)


def test_no_fetch_rule_is_retried_by_snakemake() -> None:
    """A download retries what may pass itself; job-level retries would repeat a
    failure that cannot pass (no network) three times over."""
    rules = Path(__file__).resolve().parents[1] / "workflow" / "rules"
    for smk in rules.glob("*.smk"):
        for number, line in enumerate(smk.read_text().splitlines(), 1):
            assert not line.strip().startswith("retries:"), f"{smk.name}:{number}"


# ----------------------------------------------------------------- the command line


def test_output_cut_short_by_a_reader_ends_quietly() -> None:
    for command in ("resources", "methods"):
        done = subprocess.run(
            f"set -o pipefail; {sys.executable} -m textsim.cli {command} | head -1",
            shell=True,
            executable="/bin/bash",
            capture_output=True,
            text=True,
        )
        assert len(done.stdout.splitlines()) == 1, done.stdout
        assert done.stderr == "", done.stderr
        assert done.returncode in (0, 141)  # 141: the reader stopped first


def test_ctrl_c_is_one_line_and_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import textsim.cli

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(textsim.cli, "_methods", interrupted)
    assert textsim.cli.main(["methods"]) == 130
    assert capsys.readouterr().err == "textsim: interrupted\n"


def test_options_are_never_abbreviated_and_errors_show_the_commands_usage(
    vectors: Path, tmp_path: Path
) -> None:
    for typo in ("--vector", "--vectros"):
        done = _cli("fit", "mean", typo, vectors, "-o", tmp_path / "m.npz")
        assert done.returncode == 2
        assert done.stderr.startswith("usage: textsim fit "), done.stderr
        assert f"textsim fit: error: unrecognized arguments: {typo}" in done.stderr
    assert not (tmp_path / "m.npz").exists()


def test_the_calls_own_mistakes_come_before_the_existing_output(
    vectors: Path, tmp_path: Path
) -> None:
    out = tmp_path / "x.npz"
    out.write_bytes(b"an earlier model")
    texts = tmp_path / "t.txt"
    texts.write_text("\n".join(FIT) + "\n")
    cases = [
        (("gem", "--vectors", vectors, "--texts", texts, "--param", "windw=3"), "windw"),
        (("gem", "--vectors", vectors), "is fitted on texts (--texts)"),
        (("gem", "--vectors", tmp_path / "none.npz", "--texts", texts), "no such word-vector"),
        (("minilm", "--param", "a=1"), "unknown parameter(s) 'a' for minilm"),
    ]
    for args, message in cases:
        done = _cli("fit", *args, "-o", out)
        assert done.returncode == 2 and message in done.stderr, done.stderr
        assert "exists" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert out.read_bytes() == b"an earlier model"
    done = _cli("fit", "mean", "--vectors", vectors, "-o", out)  # all else right
    assert "exists; pass --force" in done.stderr


def test_a_long_parameter_is_not_echoed_whole(vectors: Path, tmp_path: Path) -> None:
    key = "k" * 300
    done = _cli("fit", "mean", "--vectors", vectors, "--param", f"{key}=1", "-o", tmp_path / "o")
    assert done.returncode == 2 and key not in done.stderr and len(done.stderr) < 400


# ----------------------------------------------------------------- the Python API


def test_estimators_take_a_vector_file_or_word_embeddings(vectors: Path, tmp_path: Path) -> None:
    from sklearn.base import clone

    fitted = textsim.fit("sif", vectors=vectors, texts=FIT)
    by_hand = textsim.SIF(vectors=vectors).fit(FIT)  # p(w) from the file's word counts
    np.testing.assert_array_equal(by_hand.transform(FIT), fitted.transform(FIT))
    saved = textsim.save(by_hand, tmp_path / "sif.npz")  # records the file it read
    np.testing.assert_array_equal(textsim.load(saved).transform(FIT), fitted.transform(FIT))
    copy = clone(by_hand).fit(FIT)
    textsim.save(copy, tmp_path / "copy.npz")
    emb = textsim.load_vectors(vectors)
    assert isinstance(emb, textsim.WordEmbeddings) and emb.dim == 8
    gem = textsim.GEM(vectors=emb, **GEM).fit(FIT)
    np.testing.assert_allclose(
        gem.transform(FIT), textsim.fit("gem", vectors=vectors, texts=FIT, **GEM).transform(FIT)
    )
    assert "vectors" not in gem.get_params()
    with pytest.raises(ValueError, match=r"GEM needs word vectors: GEM\(vectors="):
        textsim.GEM().fit(FIT)
    with pytest.raises(TypeError, match="give the word vectors once"):
        textsim.GEM(emb, vectors=vectors)
    with pytest.raises(TypeError, match="not int"):
        textsim.PoolingEmbedding(vectors=3)
    with pytest.raises(InputFileError, match=r"none\.npz: no such word-vector file"):
        textsim.GEM(vectors=tmp_path / "none.npz")


def test_similarity_takes_a_path_and_bare_strings(vectors: Path, tmp_path: Path) -> None:
    model = textsim.fit("mean", vectors=vectors)
    path = textsim.save(model, tmp_path / "m.npz")
    want = textsim.similarity(model, ["the cat sat"], ["a dog sat"])
    assert textsim.similarity(str(path), "the cat sat", "a dog sat") == pytest.approx(want)


# ----------------------------------------------------------------- hostile model files


def _arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as npz:
        return {k: npz[k] for k in npz.files}


def _with_meta(good: Path, out: Path, change: object) -> Path:
    arrays = _arrays(good)
    meta = json.loads(arrays["meta"].tobytes())
    change(meta)  # type: ignore[operator]
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    np.savez(out, **arrays)
    return out


def _refused(model: Path, tmp_path: Path, *extra: object) -> str:
    """``textsim embed`` of ``model``: one line, exit 2, naming the file."""
    texts = tmp_path / "t.txt"
    texts.write_text("the cat\n")
    done = _cli("embed", model, texts, tmp_path / "o.npy", *extra)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.splitlines()) == 1 and str(model) in done.stderr, done.stderr
    assert not (tmp_path / "o.npy").exists()
    return done.stderr


def test_tampered_metadata_is_refused_never_taken_loosely(vectors: Path, tmp_path: Path) -> None:
    good = textsim.save(textsim.fit("mean", vectors=vectors), tmp_path / "mean.npz")
    cases = [
        (lambda m: m["source"].update(normalized="no"), "normalized must be true or false"),
        (lambda m: m["source"].update(dim="8"), "dim must be an integer"),
        (lambda m: m["source"].update(size=True), "size must be an integer"),
        (lambda m: m["source"].update(n_documents=0), "n_documents must be ≥ 1"),
        (lambda m: m["source"].update(extra=1), "unknown key(s) 'extra'"),
        (lambda m: m.update(params=["pooling", "mean"]), "params must be an object"),
        (lambda m: m["params"].update(a=1), "'a' not parameters of PoolingEmbedding"),
        (lambda m: m.update(format="x" * (5 << 20)), "format"),
    ]
    for number, (change, message) in enumerate(cases):
        bad = _with_meta(good, tmp_path / f"bad{number}.npz", change)
        said = _refused(bad, tmp_path)
        assert message in said and len(said) < 400, said


def test_document_frequencies_beyond_the_documents_are_refused(
    vectors: Path, tmp_path: Path
) -> None:
    """An idf model whose metadata says 1 document while its df reaches 3 would give
    negative idf weights: refused, naming the member."""
    words = read_words(vectors)
    docfreq = tmp_path / "df.tsv"
    docfreq.write_text("#n_documents\t5\n" + "".join(f"{w}\t3\n" for w in words))
    model = textsim.fit("idf-mean", vectors=vectors, docfreq=docfreq)
    good = textsim.save(model, tmp_path / "idf.npz")
    bad = _with_meta(good, tmp_path / "one-doc.npz", lambda m: m["source"].update(n_documents=1))
    said = _refused(bad, tmp_path)
    assert "member 'df' holds a document frequency of 3, more than the 1 documents" in said


def read_words(vectors: Path) -> list[str]:
    return textsim.load_vectors(vectors).words


def test_content_in_errors_is_escaped_and_short(vectors: Path, tmp_path: Path) -> None:
    good = textsim.save(textsim.fit("mean", vectors=vectors), tmp_path / "mean.npz")
    forged = "\x1b[31mred\nerror: a forged second line " + "x" * 300
    bad = _with_meta(good, tmp_path / "esc.npz", lambda m: m["source"].update(vectors_path=forged))
    said = _refused(bad, tmp_path)
    assert "\x1b" not in said and "forged second line" in said and "xxxx" * 30 not in said
    assert quoted("a\nb") == "'a\\nb'" and len(quoted("y" * 500)) == 100
    assert one_line("a\x1b[31m\nb") == "a\\x1b[31m\\nb"


def _bomb(good: Path, out: Path, words: int) -> Path:
    """``good`` with a vocabulary member of ``words`` one-letter words, which deflate
    shrinks about 500 times, and metadata that declares them."""
    arrays = _arrays(good)
    meta = json.loads(arrays["meta"].tobytes())
    meta["source"]["size"] = words
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, value in arrays.items():
            if name in ("vocabulary", "meta"):
                continue
            with zf.open(f"{name}.npy", "w") as fh:
                np.lib.format.write_array(fh, value, allow_pickle=False)
        with zf.open("meta.npy", "w") as fh:
            np.lib.format.write_array(fh, np.frombuffer(json.dumps(meta).encode(), np.uint8))
        with zf.open("vocabulary.npy", "w", force_zip64=True) as fh:
            body = 2 * words - 1
            np.lib.format.write_array_header_1_0(
                fh, {"descr": "|u1", "fortran_order": False, "shape": (body,)}
            )
            block = b"a\n" * (1 << 20)
            for _ in range(body // len(block)):
                fh.write(block)
            fh.write((b"a\n" * (1 << 20))[: body % len(block)])
    return out


def test_a_compressed_bomb_costs_no_memory_before_it_is_refused(
    vectors: Path, tmp_path: Path
) -> None:
    """600 MB of vocabulary in a file of about a megabyte: refused before a byte of it
    is decompressed, with the vectors the file names (default) and with other vectors
    allowed. The extra peak memory of the attempt, measured in a process of its own
    beside a load of the good model, stays within 4 times the file's size plus the
    word vectors'."""
    good = textsim.save(textsim.fit("mean", vectors=vectors), tmp_path / "mean.npz")
    bad = _bomb(good, tmp_path / "bomb.npz", 300 << 20)
    assert bad.stat().st_size < 4 << 20
    said = _refused(bad, tmp_path)
    assert "(corrupt or tampered model file)" in said  # the metadata's size is not the vectors'
    assert "member 'meta' records 314,572,800 words" in said
    other = Word2Vec([s.split() for s in SENTENCES], vector_size=8, min_count=1, seed=2, workers=1)
    others = write_vectors(tmp_path / "other.npz", other.wv)
    said = _refused(bad, tmp_path, "--vectors", others, "--allow-other-vectors")
    assert "member 'vocabulary' declares" in said
    probe = textwrap.dedent(
        f"""
        import resource, textsim
        textsim.load({str(good)!r})
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        try:
            textsim.load({str(bad)!r}, {str(others)!r}, allow_other_vectors=True)
        except ValueError:
            pass
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before)
        """
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    allowed = 4 * bad.stat().st_size + vectors.stat().st_size
    assert int(done.stdout) <= allowed, f"{int(done.stdout) >> 20} MB"


def test_malformed_inputs_are_named(vectors: Path, tmp_path: Path) -> None:
    """Faults that used to surface as bare Python errors, each named by its file."""
    weights = tmp_path / "w.json"
    doc = {"format": "textsim-weights/1", "n_max": 2, "weights": [1.0, 0.5]}
    weights.write_text(json.dumps({**doc, "procedure": "median", "kappa": 1.0, "n_epochs": "abc"}))
    docfreq = tmp_path / "df.tsv"
    docfreq.write_text("#n_documents\t3\nthe\t²\n")
    nan = tmp_path / "nan.npz"
    with np.load(vectors) as npz:
        arrays = {k: npz[k] for k in npz.files}
    vecs = arrays["vectors"].copy()
    vecs[2, 3] = np.nan
    np.savez(nan, **{**arrays, "vectors": vecs})
    texts = tmp_path / "t.txt"
    texts.write_text("\n".join(FIT) + "\n")
    cases = [
        (("learned", "--vectors", vectors, "--weights", weights, "--docfreq", docfreq), weights,
         "n_epochs is 'abc'"),
        (("idf-mean", "--vectors", vectors, "--docfreq", docfreq), docfreq, f"{docfreq}:2:"),
        (("sif", "--vectors", nan, "--texts", texts), nan, "NaN or infinite values"),
    ]  # fmt: skip
    for args, named, message in cases:
        done = _cli("fit", *args, "-o", tmp_path / "o.npz")
        assert done.returncode == 2, done.stderr
        assert str(named) in done.stderr and message in done.stderr, done.stderr
        assert len(done.stderr.splitlines()) == 1


# ----------------------------------------------------------------- killed saves and jobs


def _dead_pid() -> int:
    pid = 4_000_000
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except PermissionError:
            pass
        pid -= 1


def test_a_killed_saves_temporary_file_goes_with_the_next_save(tmp_path: Path) -> None:
    final = tmp_path / "model.npz"
    stale = tmp_path / f".model.npz.part-{_dead_pid()}"
    stale.write_bytes(b"half")
    running = tmp_path / f".model.npz.part-{os.getppid()}"  # a live process's save
    running.write_bytes(b"busy")
    other = tmp_path / f".other.npz.part-{_dead_pid()}"
    other.write_bytes(b"not ours")
    with atomic_path(final) as tmp:
        tmp.write_bytes(b"done")
    assert final.read_bytes() == b"done"
    assert not stale.exists() and running.exists() and other.exists()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_a_job_ends_with_the_snakemake_that_started_it(tmp_path: Path) -> None:
    """A parent named like snakemake starts a job that watches it; SIGKILL to the
    parent (no clean-up there) stops the job, through its own clean-up path."""
    marker = tmp_path / "job.txt"
    job = textwrap.dedent(
        f"""
        import pathlib, time
        from textsim.runtime.machine import end_with_workflow
        marker = pathlib.Path({str(marker)!r})
        assert end_with_workflow(poll_seconds=0.2)
        marker.write_text("running")
        try:
            time.sleep(120)
        except KeyboardInterrupt:
            marker.write_text("stopped")
        """
    )
    parent = tmp_path / "snakemake_stand_in.py"
    parent.write_text(
        "import subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-c', {job!r}])\n"
        "time.sleep(120)\n"
    )
    proc = subprocess.Popen([sys.executable, str(parent)])
    try:
        for _ in range(200):
            if marker.exists():
                break
            time.sleep(0.1)
        assert marker.read_text() == "running"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for _ in range(100):
            if marker.read_text() == "stopped":
                break
            time.sleep(0.1)
        assert marker.read_text() == "stopped"
    finally:
        proc.kill()


def test_a_job_run_by_hand_is_not_watched() -> None:
    from textsim.runtime.machine import end_with_workflow

    assert not end_with_workflow()  # pytest's parents are no snakemake


def test_tensorflows_cuda_probe_is_quiet_without_a_driver() -> None:
    from textsim.runtime.machine import has_nvidia_driver

    if has_nvidia_driver():
        pytest.skip("this machine has NVIDIA's driver: TensorFlow's CUDA lines are real")
    probe = (
        "import os\n"
        "os.environ.pop('TF_CPP_MIN_LOG_LEVEL', None)\n"
        "from textsim.runtime.backend import select_backend\n"
        "select_backend('tensorflow')\n"
        "import tensorflow as tf\n"
        "tf.config.list_physical_devices()\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "cuInit" not in done.stderr, done.stderr


def test_running_out_of_memory_while_loading_names_the_model(
    vectors: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import textsim.api.persistence
    import textsim.cli

    model = textsim.save(textsim.fit("mean", vectors=vectors), tmp_path / "m.npz")
    texts = tmp_path / "t.txt"
    texts.write_text("the cat\n")

    def exhausted(*args: object, **kwargs: object) -> object:
        raise MemoryError

    monkeypatch.setattr(textsim.api.persistence, "load", exhausted)
    assert textsim.cli.main(["embed", str(model), str(texts), str(tmp_path / "o.npy")]) == 4
    said = capsys.readouterr().err
    assert f"out of memory (loading {model} and its word vectors" in said
    assert "long texts" not in said and len(said.splitlines()) == 1


def test_the_plan_says_why_an_address_is_not_the_mirrors_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textsim.sources.provision import provision

    monkeypatch.delenv("TEXTSIM_MIRROR", raising=False)  # (the suite's stub mirror)
    news = provision("20newsgroups", mirror=None).line()
    assert "qwone.com/~jason/20Newsgroups" in news and "scikit-learn pins" in news
    ohsumed = provision("ohsumed-single-23", mirror=None).line()
    assert "the archive the mirror's copy was made from" in ohsumed
    assert "trust on first use" in ohsumed


def test_the_toolkit_runs_without_the_workflows_packages(vectors: Path, tmp_path: Path) -> None:
    """`pip install textsim` (no [workflow]) is enough to fit, save, load, embed and
    score: the workflow's packages are refused on import in a process of its own."""
    from textsim.cli.errors import workflow_packages

    blocked = workflow_packages() or {"snakemake", "tensorflow", "keras", "matplotlib"}
    texts = tmp_path / "fit.txt"
    texts.write_text("\n".join(FIT) + "\n")
    probe = textwrap.dedent(
        f"""
        import sys

        class Refuse:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {sorted(blocked)!r}:
                    raise ImportError(f"{{name}} is not installed")

        sys.meta_path.insert(0, Refuse())
        import textsim
        from textsim.cli import main

        fit_texts = open({str(texts)!r}).read().splitlines()
        for method in ("sif", "gem"):
            model = textsim.fit(
                method, vectors={str(vectors)!r}, texts=fit_texts,
                **({{"n_components": 4, "n_sentence_components": 2}} if method == "gem" else {{}}),
            )
            path = textsim.save(model, {str(tmp_path)!r} + f"/{{method}}.npz")
            assert textsim.similarity(path, "the cat sat", "a dog sat").shape == (1,)
        assert main(["embed", {str(tmp_path)!r} + "/sif.npz", {str(texts)!r},
                     {str(tmp_path)!r} + "/e.npy"]) == 0
        assert not any(m.split(".")[0] in {sorted(blocked)!r} for m in sys.modules)
        print("ok")
        """
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:]
