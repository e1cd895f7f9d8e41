"""`textsim mirror`: a mirror folder built from official sources served on 127.0.0.1."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from test_official import NEWS, OHSUMED, _tar

import textsim.sources.mirror as mirror_module
import textsim.sources.resources as res
from textsim.cli import main
from textsim.sources.official import Official, members_digest
from textsim.sources.resources import ResourceError, fetch_file
from textsim.text.documents import read_ohsumed


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    monkeypatch.setattr("textsim.sources.fetching.time.sleep", lambda s: None)


def _registry(url: str, folder: Path, tmp_path: Path) -> dict[str, res.Resource]:
    news, ohsumed = _tar(NEWS), _tar(OHSUMED)
    (folder / "news.tar.gz").write_bytes(news)
    (folder / "ohsumed.tar.gz").write_bytes(ohsumed)
    # the members the prepared files will have (as the real resources record the
    # mirror copy's): computed here from a preparation of the same archives
    probe = tmp_path / "probe"
    probe.mkdir()
    from textsim.sources.official import PREPARATIONS

    for name, data, how in (("n", news, "xz"), ("o", ohsumed, "ohsumed-single")):
        (probe / f"{name}.in").write_bytes(data)
        PREPARATIONS[how](probe / f"{name}.in", probe / f"{name}.out")

    def declared(name: str, file: str, official: Official, members: str) -> res.Resource:
        return res.Resource(
            name=name,
            kind="files",
            description="test",
            licence="test",
            mirror_dir=f"dir-{name}",
            files={file: "0" * 64},  # another copy's digest: the members vouch
            official=official,
            members_sha256=members,
        )

    return {
        "news": declared(
            "news",
            "news.tar.xz",
            Official(f"{url}/news.tar.gz", "xz", hashlib.sha256(news).hexdigest()),
            members_digest(probe / "n.out"),
        ),
        "ohsumed": declared(
            "ohsumed",
            "single.tar.xz",
            Official(f"{url}/ohsumed.tar.gz", "ohsumed-single"),
            members_digest(probe / "o.out"),
        ),
        "private": res.Resource(
            name="private", kind="files", description="t", licence="t", obtain="Ask us."
        ),
    }


def test_a_mirror_built_from_official_sources_serves_the_pipeline(
    server: tuple[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    url, served = server
    registry = _registry(url, served, tmp_path)
    monkeypatch.setattr(mirror_module, "load_registry", lambda: registry)
    for module in (mirror_module, res):
        monkeypatch.setattr(module, "get_resource", lambda name: registry[name])
    folder = tmp_path / "mirror"
    assert main(["mirror", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "fetched  news/news.tar.xz" in out and "fetched  ohsumed/single.tar.xz" in out
    assert "skipped  private: Ask us." in out
    sums = (folder / "SHA256SUMS").read_text().splitlines()
    assert sorted(line.split("  ")[1] for line in sums) == [
        "dir-news/news.tar.xz",
        "dir-ohsumed/single.tar.xz",
    ]
    for line in sums:
        digest, rel = line.split("  ")
        assert res.file_digest(folder / rel) == digest
    assert (folder / "sources.lock").is_file()  # OHSUMED's host publishes no checksum
    # built again: nothing fetched
    assert main(["mirror", str(folder)]) == 0
    assert "present  news/news.tar.xz" in capsys.readouterr().out
    # the workflow's fetch from that mirror: the members vouch for the prepared copy
    got = fetch_file("ohsumed", tmp_path / "run" / "o.tar.xz", file="single.tar.xz", mirror=folder)
    assert read_ohsumed(got)["doc_id"].tolist() == ["0000003", "0000001"]
    # a named resource without a source is an error: one line, exit 2
    assert main(["mirror", str(folder), "private"]) == 2
    assert "has no source here: Ask us." in capsys.readouterr().err
    # a tampered copy is not vouched for
    (folder / "dir-news/news.tar.xz").write_bytes(_tar({"x/1": b"other"}, "w:xz"))
    with pytest.raises(ResourceError, match="checksum mismatch"):
        fetch_file("news", tmp_path / "run" / "n.tar.xz", file="news.tar.xz", mirror=folder)


def test_another_version_of_the_official_archive_is_accepted_from_the_mirror_it_built(
    server: tuple[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An official download whose prepared members differ from the documented copy's
    (another version of the archive) is kept by `textsim mirror`; the workflow then
    takes it from that folder on the folder's SHA256SUMS, with a warning, and still
    refuses a file the list does not vouch for."""
    url, served = server
    registry = _registry(url, served, tmp_path)
    newer = {**OHSUMED, "ohsumed-first-20000-docs/test/C02/0000009": b"Added later.\nNew.\n"}
    (served / "ohsumed.tar.gz").write_bytes(_tar(newer))
    monkeypatch.setattr(mirror_module, "load_registry", lambda: registry)
    for module in (mirror_module, res):
        monkeypatch.setattr(module, "get_resource", lambda name: registry[name])
    folder = tmp_path / "mirror"
    assert main(["mirror", str(folder), "ohsumed"]) == 0
    got = fetch_file("ohsumed", tmp_path / "run" / "o.tar.xz", file="single.tar.xz", mirror=folder)
    assert sorted(read_ohsumed(got)["doc_id"]) == ["0000001", "0000003", "0000009"]
    assert "with other contents than the copy the documented numbers" in caplog.text
    (folder / "dir-ohsumed/single.tar.xz").write_bytes(_tar({"x/1": b"other"}, "w:xz"))
    with pytest.raises(ResourceError, match="checksum mismatch"):
        fetch_file("ohsumed", tmp_path / "run" / "p.tar.xz", file="single.tar.xz", mirror=folder)


@pytest.mark.workflow
@pytest.mark.mirror
def test_a_mirror_built_by_the_cli_from_a_served_official_archive_runs_the_workflow(
    mirror: Path,
    server: tuple[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`textsim mirror --address` builds OHSUMED from an official-layout archive served on
    127.0.0.1 (made from the real abstracts, with a multi-label abstract the
    preparation drops); the declared members digest vouches for the prepared copy, the
    tiny run plans with that folder as its mirror and a demo stage (the Schäfer
    OHSUMED dataset) runs on it."""
    import tarfile

    from test_workflow import SCHAFER_TINY
    from tinyrun import copy_project, smk_in

    url, served = server
    members: dict[str, bytes] = {}
    with tarfile.open(mirror / "ohsumed/ohsumed_single_23.tar.xz") as tf:
        for info in tf:
            if info.isfile():
                src = tf.extractfile(info)
                assert src is not None
                members[info.name.removeprefix("ohsumed_single_23/")] = src.read()
    layout = {f"ohsumed-first-20000-docs/{name}": data for name, data in members.items()}
    for category in ("C01", "C02"):  # an abstract of two categories: left out
        layout[f"ohsumed-first-20000-docs/training/{category}/9999999"] = b"two topics"
    (served / "ohsumed.tar.gz").write_bytes(_tar(layout))
    folder = tmp_path / "built"
    address = f"ohsumed-single-23={url}/ohsumed.tar.gz"
    assert main(["mirror", str(folder), "ohsumed-single-23", "--address", address]) == 0
    assert "fetched  ohsumed-single-23/ohsumed_single_23.tar.xz" in capsys.readouterr().out
    assert main(["mirror", str(folder), "ohsumed-single-23", "--address", "nope"]) == 2
    assert "expected NAME=URL" in capsys.readouterr().err

    monkeypatch.setenv("TEXTSIM_MIRROR", str(folder))
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project")
    planned = smk_in(project, "-n")
    assert planned.returncode == 0, planned.stderr[-3000:]
    extra = tmp_path / "schafer.yaml"
    extra.write_text(SCHAFER_TINY)
    target = "results/schafer/ohsumed10/dataset.jsonl"
    res = smk_in(project, "--cores", "1", target, extra_config=extra)
    assert res.returncode == 0, res.stderr[-3000:]
    assert f"mirror {folder}" in res.stdout + res.stderr
    header, *documents = (project / target).read_text().splitlines()
    assert header.startswith('{"vocabulary": ')
    assert len(documents) == 3 * 34  # the tiny config's 3 topics of 34 abstracts


@pytest.mark.workflow
def test_a_mirror_of_the_wikipedia_text_built_from_a_served_dump_runs_the_corpus_stage(
    server: tuple[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without the 2015 text, `textsim mirror --address` makes the Wikipedia files from a
    served dump part (gensim's shard: three files of WikiExtractor's 1 MiB); the first
    file it cannot fill is listed as skipped, and the corpus stage cleans the files the
    folder holds, its fetch saying they are not the documented ones."""
    from gensim.test.utils import datapath
    from tinyrun import copy_project, smk_in

    url, served = server
    dump = Path(datapath("enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"))
    (served / "part1.xml.bz2").write_bytes(dump.read_bytes())
    folder = tmp_path / "built"
    address = f"enwiki-2015-extracted={url}/part1.xml.bz2"
    assert main(["mirror", str(folder), "enwiki-2015-extracted", "--address", address]) == 0
    said = capsys.readouterr().out.splitlines()
    fetched = [line.split()[1] for line in said if line.startswith("fetched")]
    assert fetched == [f"enwiki-2015-extracted/AA/wiki_0{i}.bz2" for i in range(3)]
    assert any(
        line.startswith("skipped  enwiki-2015-extracted/AA/wiki_03.bz2: ") and "3 files" in line
        for line in said
    )
    assert "enwiki-2015-extracted/AA/wiki_02.bz2" in (folder / "SHA256SUMS").read_text()

    monkeypatch.setenv("TEXTSIM_MIRROR", str(folder))
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project")
    extra = tmp_path / "extracted.yaml"
    extra.write_text("corpus:\n  source: extracted\n  extracted: {max_files: 2}\n")
    target = "results/corpus/clean/000.tsv"
    res = smk_in(project, "--cores", "1", target, extra_config=extra)
    assert res.returncode == 0, res.stderr[-3000:]
    assert f"input enwiki-2015-extracted: mirror {folder}" in res.stderr
    log = (project / "logs/download/enwiki-2015-extracted.log").read_text()
    assert "prepared by textsim mirror" in log and "other contents" in log
    cleaned = (project / target).read_text().splitlines()
    assert len(cleaned) > 100 and all("\t" in line for line in cleaned)
