"""Where each input comes from, decided before the first job (textsim.sources.provision)."""

from __future__ import annotations

from pathlib import Path

import pytest

from textsim.sources.provision import from_official, pooled, provision
from textsim.sources.resources import ResourceError, get_resource


@pytest.fixture(autouse=True)
def _no_env_mirror(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEXTSIM_MIRROR", raising=False)


def _mirror_with(tmp_path: Path, resource: str, files: list[str]) -> Path:
    folder = tmp_path / "mirror" / (get_resource(resource).mirror_dir or resource)
    for name in files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).touch()
    return tmp_path / "mirror"


def test_an_input_without_an_address_and_no_mirror_has_no_source() -> None:
    found = provision("news-agency-tweets-2020", mirror=None)
    assert found.source == "none"
    line = found.line()
    assert line.startswith("input news-agency-tweets-2020: no source here.")
    assert "TEXTSIM_MIRROR=/path/to/mirror" in line and "news-agency-tweets-2020/" in line
    assert "twitter.sources" in line  # the other way, from the resource's own note


def test_the_2015_corpus_without_a_mirror_comes_from_the_latest_dump_saying_so() -> None:
    found = provision("enwiki-2015-extracted", mirror=None)
    assert found.source == "official"
    assert found.location.startswith("https://dumps.wikimedia.org/enwiki/latest/")
    assert "prepared: wikiextract; trust on first use" in found.location
    assert "not the 2015 dump's" in found.location  # the documented difference


def test_a_pool_takes_a_stand_in_for_an_input_without_a_source(tmp_path: Path) -> None:
    pool = ["health-news-tweets", "news-agency-tweets-2020"]
    # no mirror: the stand-in is pooled already, so the input is left out, said once
    used, said = pooled(pool, mirror=None, present=lambda name: False)
    assert used == ["health-news-tweets"]
    (line,) = [p.line() for p in said]
    assert line.startswith("input news-agency-tweets-2020: stand-in health-news-tweets")
    assert "left out" in line and "differs from the documented run's" in line
    # alone, the stand-in takes its place
    used, said = pooled(pool[1:], mirror=None, present=lambda name: False)
    assert used == ["health-news-tweets"] and "in its place" in said[0].location
    # with a source (present in the run, or a mirror holding it) nothing is replaced
    assert pooled(pool, mirror=None, present=lambda name: True) == (pool, [])
    mirror = _mirror_with(tmp_path, "news-agency-tweets-2020", ["tweets.jsonl.bz2"])
    assert pooled(pool, mirror=mirror, present=lambda name: False) == (pool, [])


def test_a_mirror_holding_every_file_is_the_source(tmp_path: Path) -> None:
    files = get_resource("20newsgroups").file_names()
    mirror = _mirror_with(tmp_path, "20newsgroups", files)
    found = provision("20newsgroups", mirror=mirror)
    assert (found.source, found.location) == ("mirror", str(mirror / "20newsgroups"))


def test_a_mirror_lacking_files_names_them_or_falls_back_to_the_address(tmp_path: Path) -> None:
    names = get_resource("enwiki-2015-extracted").file_names()
    mirror = _mirror_with(tmp_path, "enwiki-2015-extracted", names[:1])
    found = provision("enwiki-2015-extracted", mirror=mirror, files=names[:3])
    assert found.source == "none" and names[1] in found.location and names[2] in found.location
    assert provision("enwiki-2015-extracted", mirror=mirror, files=names[:1]).source == "mirror"
    # a resource with an address of its own is downloaded where the mirror lacks it
    found = provision("stsbenchmark", mirror=mirror)
    assert (found.source, found.location) == ("official", get_resource("stsbenchmark").url)


def test_present_packages_and_dumps() -> None:
    assert provision("enwiki-2015-extracted", mirror=None, present=True).source == "present"
    assert (
        provision("questions-words", mirror=None).line() == "input questions-words: package gensim"
    )
    found = provision("enwiki-dump", mirror=None, date="20261101")
    assert found.source == "official" and found.location.endswith(
        "/enwiki/20261101/enwiki-20261101-pages-articles.xml.bz2"
    )
    assert provision("enwiki-dump", mirror=None).source == "none"  # no date


def test_the_environment_mirror_wins_and_a_missing_folder_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mirror = _mirror_with(tmp_path, "20newsgroups", get_resource("20newsgroups").file_names())
    monkeypatch.setenv("TEXTSIM_MIRROR", str(mirror))
    assert provision("20newsgroups", mirror="/elsewhere").source == "mirror"
    monkeypatch.setenv("TEXTSIM_MIRROR", str(tmp_path / "absent"))
    with pytest.raises(ResourceError, match="does not exist"):
        provision("20newsgroups", mirror=None)


def test_the_corpus_made_from_the_official_download_is_told_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before the fetch, planning says where the files will come from; after it, the
    run's lock records the official download (the tables' captions say which)."""
    monkeypatch.chdir(tmp_path)
    name, files = "enwiki-2015-extracted", get_resource("enwiki-2015-extracted").file_names(2)
    lock = tmp_path / "resources" / "sources.lock"
    assert from_official(name, mirror=None, files=files, lock=lock)
    mirror = _mirror_with(tmp_path, name, files)
    assert not from_official(name, mirror=mirror, files=files, lock=lock)
    for f in files:  # fetched into the run
        (tmp_path / "resources" / name / f).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "resources" / name / f).touch()
    assert not from_official(name, mirror=None, files=files, lock=lock)  # no record: the mirror's
    official = get_resource(name).official
    assert official is not None
    lock.write_text(f"{official.url}\t10\t{'0' * 64}\n")
    assert from_official(name, mirror=mirror, files=files, lock=lock)
    assert not from_official("stsbenchmark", mirror=None, files=[], lock=lock)  # no preparation
