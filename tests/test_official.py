"""Inputs prepared from an official download, served from 127.0.0.1 (textsim.sources.official)."""

from __future__ import annotations

import gzip
import hashlib
import io
import lzma
import tarfile
from pathlib import Path

import pytest
from gensim.test.utils import datapath

import textsim.sources.mirror as mirror
import textsim.sources.resources as res
from textsim.sources.official import NotPrepared, Official, check_lock
from textsim.sources.resources import ChecksumError, ResourceError, fetch_file, file_digest
from textsim.text.documents import read_ohsumed
from textsim.text.wikipedia import iter_documents


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))  # the archive cache goes there
    monkeypatch.setattr("textsim.sources.fetching.time.sleep", lambda s: None)  # no back-off


def _tar(members: dict[str, bytes], mode: str = "w:gz") -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as tf:  # type: ignore[call-overload]
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _declare(monkeypatch: pytest.MonkeyPatch, official: Official, file: str) -> None:
    resource = res.Resource(
        name="served",
        kind="files",
        description="test",
        licence="test",
        files={file: "0" * 64},  # the mirror form's checksum: not this file's
        official=official,
    )
    monkeypatch.setattr(res, "get_resource", lambda name: resource)


NEWS = {"20news-bydate-train/sci.med/1": b"Subject: x\n\nbody\n", "20news-bydate-test/a/2": b"y\n"}


def test_an_official_archive_is_verified_and_recompressed(
    server: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, folder = server
    gz = _tar(NEWS)
    (folder / "news.tar.gz").write_bytes(gz)
    pinned = hashlib.sha256(gz).hexdigest()
    _declare(
        monkeypatch, Official(url=f"{url}/news.tar.gz", prepare="xz", sha256=pinned), "n.tar.xz"
    )
    out = fetch_file("served", tmp_path / "out" / "n.tar.xz", file="n.tar.xz", lock=tmp_path / "l")
    # the same tar stream, xz-compressed: the same members in the same order
    assert lzma.decompress(out.read_bytes()) == gzip.decompress(gz)
    with tarfile.open(out) as tf:
        assert [m.name for m in tf] == list(NEWS)
    assert not (tmp_path / "l").exists()  # a pinned checksum needs no lock
    # a checksum mismatch: nothing kept, the cached download removed
    _declare(monkeypatch, Official(url=f"{url}/news.tar.gz", prepare="xz", sha256="1" * 64), "m")
    with pytest.raises(ChecksumError, match=r"checksum mismatch for http://127\.0\.0\.1"):
        fetch_file("served", tmp_path / "out" / "m", file="m", lock=tmp_path / "l")
    assert not (tmp_path / "out" / "m").exists()


def test_a_missing_or_truncated_download_fails_naming_it(
    server: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _ = server
    monkeypatch.setattr("textsim.sources.fetching.time.sleep", lambda seconds: None)  # no back-off
    for path, message in (("absent.tar.gz", "404"), ("truncated", "truncated|IncompleteRead")):
        _declare(monkeypatch, Official(url=f"{url}/{path}", prepare="xz", sha256="0" * 64), "f")
        with pytest.raises(ResourceError, match=rf"could not download {url}/{path}.*({message})"):
            fetch_file("served", tmp_path / "out" / "f", file="f", lock=tmp_path / "lock")
        assert not (tmp_path / "out" / "f").exists()


OHSUMED = {
    "ohsumed-first-20000-docs/training/C01/0000001": b"Single label title.\nAbstract one.\n",
    "ohsumed-first-20000-docs/training/C01/0000002": b"Two labels.\nAbstract two.\n",
    "ohsumed-first-20000-docs/training/C04/0000002": b"Two labels.\nAbstract two.\n",
    "ohsumed-first-20000-docs/test/C23/0000003": b"Test title.\nAbstract three.\n",
}


def test_an_unpinned_source_is_trusted_on_first_use_then_checked(
    server: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, folder = server
    (folder / "ohsumed.tar.gz").write_bytes(_tar(OHSUMED))
    lock = tmp_path / "run" / "resources" / "sources.lock"
    _declare(
        monkeypatch, Official(url=f"{url}/ohsumed.tar.gz", prepare="ohsumed-single"), "o.tar.xz"
    )
    out = fetch_file("served", tmp_path / "out" / "o.tar.xz", file="o.tar.xz", lock=lock)
    # abstracts filed under one category only, in the single-label layout
    frame = read_ohsumed(out)
    assert list(zip(frame["doc_id"], frame["label"], frame["split"], strict=True)) == [
        ("0000003", "C23", "test"),
        ("0000001", "C01", "train"),
    ]
    (line,) = lock.read_text().splitlines()
    assert line.split("\t")[0] == f"{url}/ohsumed.tar.gz"
    # a second fetch of the same bytes passes; changed bytes at the source fail
    fetch_file("served", tmp_path / "out" / "o2.tar.xz", file="o.tar.xz", lock=lock)
    (folder / "ohsumed.tar.gz").write_bytes(_tar({**OHSUMED, "x/test/C02/9": b"New.\n"}))
    for cached in (tmp_path / f"textsim-archives-{__import__('os').getuid()}").iterdir():
        cached.unlink()  # as on another machine: a fresh download
    with pytest.raises(ChecksumError, match="first download recorded in"):
        fetch_file("served", tmp_path / "out" / "o3.tar.xz", file="o.tar.xz", lock=lock)
    assert not (tmp_path / "out" / "o3.tar.xz").exists()
    assert len(lock.read_text().splitlines()) == 1


def test_the_corpus_is_prepared_once_from_a_served_dump_in_wikiextractor_s_layout(
    server: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, folder = server
    dump = Path(datapath("enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"))
    (folder / "part1.xml.bz2").write_bytes(dump.read_bytes())
    official = Official(url=f"{url}/part1.xml.bz2", prepare="wikiextract", difference="later")
    resource = res.Resource(
        name="served",
        kind="files",
        description="test",
        licence="test",
        files={f: "0" * 64 for f in ("AA/wiki_00.bz2", "AA/wiki_01.bz2", "AD/wiki_99.bz2")},
        official=official,
    )
    monkeypatch.setattr(res, "get_resource", lambda name: resource)
    monkeypatch.setattr(mirror, "get_resource", lambda name: resource)
    lock = tmp_path / "run" / "resources" / "sources.lock"
    out = fetch_file("served", tmp_path / "out" / "w0.bz2", file="AA/wiki_00.bz2", lock=lock)
    docs = list(iter_documents(out))
    assert docs[0].title == "Anarchism" and len(docs) > 1
    (record,) = lock.read_text().splitlines()
    assert record == f"{url}/part1.xml.bz2\t{dump.stat().st_size}\t{file_digest(dump)}"
    # later files come from the prepared folder: the source may be gone, and another
    # run's lock gets the same record
    (folder / "part1.xml.bz2").unlink()
    other = tmp_path / "run2" / "sources.lock"
    out = fetch_file("served", tmp_path / "out" / "w1.bz2", file="AA/wiki_01.bz2", lock=other)
    assert docs[-1].title != next(iter(iter_documents(out))).title
    assert other.read_text().splitlines() == [record]
    # a file beyond what the dump makes is named, with the count
    with pytest.raises(NotPrepared, match=r"into 3 files, AA/wiki_00.bz2 to AA/wiki_02.bz2; "):
        fetch_file("served", tmp_path / "out" / "w99.bz2", file="AD/wiki_99.bz2", lock=lock)
    assert not (tmp_path / "out" / "w99.bz2").exists()
    # `textsim mirror` keeps what the dump makes and says where it stopped
    entries = mirror.build_mirror(tmp_path / "mirror", ["served"])
    assert [(e.file, e.status) for e in entries] == [
        ("AA/wiki_00.bz2", "fetched"),
        ("AA/wiki_01.bz2", "fetched"),
        ("AD/wiki_99.bz2", "skipped"),
    ]
    assert "nor the files after it" in entries[-1].note


def test_the_lock_records_size_and_digest(tmp_path: Path) -> None:
    data = tmp_path / "a.bin"
    data.write_bytes(b"abc")
    lock = tmp_path / "sources.lock"
    check_lock(lock, "http://x/a", data)
    assert lock.read_text() == f"http://x/a\t3\t{hashlib.sha256(b'abc').hexdigest()}\n"
    check_lock(lock, "http://x/a", data)  # the same: passes
    data.write_bytes(b"abd")
    with pytest.raises(ChecksumError, match="3 bytes"):
        check_lock(lock, "http://x/a", data)
