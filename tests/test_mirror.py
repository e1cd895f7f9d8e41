"""`textsim mirror`: a mirror folder built from official sources served on 127.0.0.1."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from test_official import NEWS, OHSUMED, _tar

import textsim.mirror as mirror_module
import textsim.resources as res
from textsim.cli import main
from textsim.official import Official, members_digest
from textsim.resources import ResourceError, fetch_file
from textsim.text.documents import read_ohsumed


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    monkeypatch.setattr("textsim.fetching.time.sleep", lambda s: None)


def _registry(url: str, folder: Path, tmp_path: Path) -> dict[str, res.Resource]:
    news, ohsumed = _tar(NEWS), _tar(OHSUMED)
    (folder / "news.tar.gz").write_bytes(news)
    (folder / "ohsumed.tar.gz").write_bytes(ohsumed)
    # the members the prepared files will have (as the real resources record the
    # mirror copy's): computed here from a preparation of the same archives
    probe = tmp_path / "probe"
    probe.mkdir()
    from textsim.official import PREPARATIONS

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
