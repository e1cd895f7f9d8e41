from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from textsim.sources.resources import (
    ChecksumError,
    ResourceError,
    fetch_file,
    file_digest,
    get_resource,
    load_registry,
    resolve_mirror,
)


def test_registry_declares_every_resource_with_licence() -> None:
    reg = load_registry()
    for name in (
        "enwiki-2015-extracted",
        "gensim-enwiki-shard",
        "questions-words",
        "wordsim353",
        "enwiki-dump",
    ):
        assert name in reg
        assert reg[name].licence
    wiki = reg["enwiki-2015-extracted"]
    assert len(wiki.files) == 400
    assert wiki.file_names(3) == ["AA/wiki_00.bz2", "AA/wiki_01.bz2", "AA/wiki_02.bz2"]
    with pytest.raises(ResourceError, match="unknown resource"):
        get_resource("nope")


def test_a_resource_has_one_download_address() -> None:
    """The fetch and the planning take a resource's one address: its own, or the
    official download it is prepared from, never both."""
    from textsim.sources.official import Official
    from textsim.sources.resources import Resource

    with pytest.raises(ResourceError, match="declares both url and official"):
        Resource("r", "files", "d", "l", url="http://a", official=Official("http://b", "xz"))
    assert all(not (r.url and r.official) for r in load_registry().values())


def test_package_file_is_copied_and_verified(tmp_path: Path) -> None:
    out = fetch_file("wordsim353", tmp_path / "ws.tsv")
    assert file_digest(out) == get_resource("wordsim353").sha256


def test_mirror_copy_and_corruption(tmp_path: Path, mirror: Path) -> None:
    out = fetch_file(
        "enwiki-2015-extracted", tmp_path / "w.bz2", file="AA/wiki_00.bz2", mirror=mirror
    )
    assert out.stat().st_size > 0
    # a mirror with one byte changed in that file
    bad = tmp_path / "badmirror" / "enwiki-2015-extracted" / "AA"
    bad.mkdir(parents=True)
    data = bytearray((mirror / "enwiki-2015-extracted/AA/wiki_00.bz2").read_bytes())
    data[len(data) // 2] ^= 0xFF
    (bad / "wiki_00.bz2").write_bytes(bytes(data))
    dest = tmp_path / "x" / "wiki_00.bz2"
    with pytest.raises(ChecksumError, match=r"badmirror/enwiki-2015-extracted/AA/wiki_00.bz2"):
        fetch_file(
            "enwiki-2015-extracted", dest, file="AA/wiki_00.bz2", mirror=tmp_path / "badmirror"
        )
    assert not dest.exists()
    assert list(dest.parent.iterdir()) == []  # no partial file left behind


def test_missing_mirror_file_and_no_url(tmp_path: Path) -> None:
    tweets = "news-agency-tweets-2020"
    with pytest.raises(ResourceError, match="missing from the mirror"):
        fetch_file(tweets, tmp_path / "w", file="tweets.jsonl.bz2", mirror=tmp_path)
    with pytest.raises(ResourceError, match="cannot be downloaded"):
        fetch_file(tweets, tmp_path / "w", file="tweets.jsonl.bz2", mirror=None)
    with pytest.raises(ResourceError, match="has no file"):
        fetch_file("enwiki-2015-extracted", tmp_path / "w", file="AA/nope.bz2", mirror=tmp_path)


def test_a_mirror_holding_part_of_the_corpus_is_not_completed_from_a_later_dump(
    tmp_path: Path,
) -> None:
    # the official download makes other articles: mixing it into the mirror's is refused
    (tmp_path / "enwiki-2015-extracted" / "AA").mkdir(parents=True)
    with pytest.raises(ResourceError, match=r"missing from the mirror.*mix two years"):
        fetch_file("enwiki-2015-extracted", tmp_path / "w", file="AA/wiki_00.bz2", mirror=tmp_path)
    assert not (tmp_path / "w").exists()


def test_resolve_mirror_env_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEXTSIM_MIRROR", raising=False)
    assert resolve_mirror(None) is None
    assert resolve_mirror(str(tmp_path)) == tmp_path.resolve()
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setenv("TEXTSIM_MIRROR", str(other))
    assert resolve_mirror(str(tmp_path)) == other.resolve()
    monkeypatch.setenv("TEXTSIM_MIRROR", str(tmp_path / "missing"))
    with pytest.raises(ResourceError, match="does not exist"):
        resolve_mirror(None)


def test_package_checksum_mismatch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import textsim.sources.resources as r

    real = r.get_resource("wordsim353")
    fake = r.Resource(**{**real.__dict__, "sha256": "0" * 64})
    monkeypatch.setattr(r, "get_resource", lambda name: fake)
    with pytest.raises(ChecksumError, match="wordsim353"):
        fetch_file("wordsim353", tmp_path / "ws.tsv")
    assert not (tmp_path / "ws.tsv").exists()
    shutil.rmtree(tmp_path)


def test_zip_archive_member_is_extracted_and_verified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hashlib
    import zipfile

    import textsim.sources.resources as res

    archive = tmp_path / "Health-News-Tweets.zip"
    payload = b"1|Thu Apr 09 01:31:50 +0000 2015|text\n"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("Health-Tweets/bbchealth.txt", payload)
    good = res.Resource(
        name="zipped",
        kind="files",
        description="test",
        licence="test",
        url=archive.as_uri(),
        archive="zip",
        files={"Health-Tweets/bbchealth.txt": hashlib.sha256(payload).hexdigest()},
    )
    monkeypatch.setattr(res, "get_resource", lambda name: good)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))  # the archive cache goes there
    out = fetch_file("zipped", tmp_path / "out" / "bbc.txt", file="Health-Tweets/bbchealth.txt")
    assert out.read_bytes() == payload
    with pytest.raises(ResourceError, match="has no file"):
        fetch_file("zipped", tmp_path / "out" / "x.txt", file="Health-Tweets/other.txt")


def test_tar_archive_member_is_extracted_and_verified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hashlib
    import io
    import tarfile

    import textsim.sources.resources as res

    archive = tmp_path / "Stsbenchmark.tar.gz"
    payload = b"main-captions\tMSRvid\t2012test\t0001\t5.000\tA plane.\tA plane.\n"
    with tarfile.open(archive, "w:gz") as tf:
        info = tarfile.TarInfo("stsbenchmark/sts-dev.csv")
        info.size = len(payload)
        tf.addfile(info, io.BytesIO(payload))
    good = res.Resource(
        name="tarred",
        kind="files",
        description="test",
        licence="test",
        url=archive.as_uri(),
        archive="tar",
        files={
            "stsbenchmark/sts-dev.csv": hashlib.sha256(payload).hexdigest(),
            "stsbenchmark/missing.csv": "0" * 64,
        },
    )
    monkeypatch.setattr(res, "get_resource", lambda name: good)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    out = fetch_file("tarred", tmp_path / "out" / "dev.csv", file="stsbenchmark/sts-dev.csv")
    assert out.read_bytes() == payload
    cache = tmp_path / f"textsim-archives-{os.getuid()}"
    assert oct(cache.stat().st_mode & 0o777) == "0o700"  # this user's alone
    cached = next(cache.iterdir())
    with pytest.raises(ResourceError, match=r"no member stsbenchmark/missing\.csv"):
        fetch_file("tarred", tmp_path / "out" / "m.csv", file="stsbenchmark/missing.csv")
    assert not (tmp_path / "out" / "m.csv").exists()
    assert not cached.exists()  # an archive without the member is not kept
    # a corrupt cached archive is reported and removed
    fetch_file("tarred", tmp_path / "out" / "dev.csv", file="stsbenchmark/sts-dev.csv")
    cached.write_bytes(b"not a tar archive")
    with pytest.raises(ResourceError, match="corrupt tar archive"):
        fetch_file("tarred", tmp_path / "out" / "dev2.csv", file="stsbenchmark/sts-dev.csv")
    assert not cached.exists()
    # a poisoned cache (a valid archive, the wrong member) is removed: the next fetch heals
    fetch_file("tarred", tmp_path / "out" / "dev.csv", file="stsbenchmark/sts-dev.csv")
    with tarfile.open(cached, "w:gz") as tf:
        info = tarfile.TarInfo("stsbenchmark/sts-dev.csv")
        info.size = 4
        tf.addfile(info, io.BytesIO(b"evil"))
    with pytest.raises(ChecksumError, match=r"cached archive .* was removed"):
        fetch_file("tarred", tmp_path / "out" / "dev3.csv", file="stsbenchmark/sts-dev.csv")
    assert not cached.exists() and not (tmp_path / "out" / "dev3.csv").exists()
    out = fetch_file("tarred", tmp_path / "out" / "dev3.csv", file="stsbenchmark/sts-dev.csv")
    assert out.read_bytes() == payload


def test_an_archive_cache_others_can_write_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textsim.sources.fetching import archive_cache

    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    shared = tmp_path / f"textsim-archives-{os.getuid()}"
    shared.mkdir()
    shared.chmod(0o777)  # prepared by someone else, world-writable
    cache = archive_cache()
    assert cache != shared and cache.parent == tmp_path
    assert oct(cache.stat().st_mode & 0o777) == "0o700"


def test_sts_and_ohsumed_resources_verify_against_the_mirror(tmp_path: Path, mirror: Path) -> None:
    sts = get_resource("stsbenchmark")
    assert sts.archive == "tar" and "stsbenchmark/sts-test.csv" in sts.files
    out = fetch_file(
        "stsbenchmark", tmp_path / "t.csv", file="stsbenchmark/sts-test.csv", mirror=mirror
    )
    assert out.stat().st_size > 0
    out = fetch_file(
        "ohsumed-single-23", tmp_path / "o.tar.xz", file="ohsumed_single_23.tar.xz", mirror=mirror
    )
    assert out.stat().st_size > 0


def test_tweet_resources_verify_against_the_mirror(tmp_path: Path, mirror: Path) -> None:
    health = get_resource("health-news-tweets")
    assert len(health.files) == 16 and health.archive == "zip"
    out = fetch_file(
        "health-news-tweets", tmp_path / "b.txt", file="Health-Tweets/bbchealth.txt", mirror=mirror
    )
    assert out.stat().st_size > 0
    out = fetch_file(
        "news-agency-tweets-2020", tmp_path / "t.bz2", file="tweets.jsonl.bz2", mirror=mirror
    )
    assert out.stat().st_size > 0
    google = get_resource("google-news-vectors")
    assert google.checksum_algorithm == "md5" and google.url


def test_a_mirrored_dump_needs_a_pinned_checksum(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dump copied from a mirror is checked against a checksum pinned in the project,
    never against a list fetched at run time (nothing is fetched at all)."""
    import dataclasses
    import hashlib

    import textsim.sources.resources as res

    date, name = "20990101", "enwiki-20990101-pages-articles.xml.bz2"
    payload = b"BZh9 not really a dump"
    (tmp_path / "mirror" / "enwiki-dump").mkdir(parents=True)
    (tmp_path / "mirror" / "enwiki-dump" / name).write_bytes(payload)

    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("fetched a checksum list")

    monkeypatch.setattr(res.urllib.request, "urlopen", no_network)
    dump = res.get_resource("enwiki-dump")
    assert dump.checksum_url and dump.checksum_url.startswith("https://")
    assert dump.url and dump.url.startswith("https://")
    with pytest.raises(ResourceError, match=rf"{name}: no checksum pinned"):
        fetch_file("enwiki-dump", tmp_path / "d.bz2", mirror=tmp_path / "mirror", date=date)
    pinned = dataclasses.replace(dump, files={name: hashlib.sha1(payload).hexdigest()})
    monkeypatch.setattr(res, "get_resource", lambda n: pinned)
    out = fetch_file("enwiki-dump", tmp_path / "d.bz2", mirror=tmp_path / "mirror", date=date)
    assert out.read_bytes() == payload
    (tmp_path / "mirror" / "enwiki-dump" / name).write_bytes(payload + b"!")
    with pytest.raises(ChecksumError):
        fetch_file("enwiki-dump", tmp_path / "e.bz2", mirror=tmp_path / "mirror", date=date)
