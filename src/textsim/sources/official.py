"""Inputs made from an official download: fetched once, verified, then prepared into the
form the pipeline reads (the form the offline mirror holds).

A resource's ``official`` entry (``data/resources.yaml``) names the address, the
checksum its maintainers publish where they publish one (``sha256``) and the
preparation. Where no checksum is published, the first download's size and SHA-256 are
recorded in the run's lock file (``resources/sources.lock``) and every later download is
checked against it: trust on first use, said in the log with the line to pin.

Preparations (:data:`PREPARATIONS`):

* ``xz``: the archive's tar stream, xz-compressed: the same members, in the same order,
  as the official archive (20 Newsgroups "bydate": the official archive is gzipped);
* ``ohsumed-single``: from Joachims' ``ohsumed-first-20000-docs`` archive
  (``<root>/{training,test}/Cxx/<id>``, an abstract filed under each of its categories)
  the abstracts filed under exactly one category of their split, as
  ``ohsumed_single_23/{split}/Cxx/<id>`` (the single-label subset of Text GCN).

Preparations that make a folder of files (:data:`FOLDER_PREPARATIONS`), prepared once
into the archive cache, each fetch copying the file it names:

* ``wikiextract``: a MediaWiki XML dump through WikiExtractor, laid out as its command
  line does with ``--compress`` (``AA/wiki_00.bz2`` …, 1 MiB of text a file):
  :func:`textsim.text.wikiextract.extract_dump_shards`.

An ``official`` entry's ``difference`` says how its prepared files differ from the copy
the documented numbers were made with, where they cannot be the same (a later dump);
planning prints it and the fetch logs it.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import io
import logging
import lzma
import os
import re
import shutil
import tarfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, cast

from textsim.core.io import atomic_path
from textsim.sources.fetching import (
    ChecksumError,
    ResourceError,
    archive_cache,
    file_digest,
)

__all__ = [
    "FOLDER_PREPARATIONS",
    "LOCK",
    "PREPARATIONS",
    "NotPrepared",
    "Official",
    "check_lock",
    "fetch_official",
    "members_digest",
]

log = logging.getLogger(__name__)

#: the run's record of first downloads (trust on first use), relative to the run folder
LOCK = "resources/sources.lock"


@dataclass(frozen=True)
class Official:
    """An official download and how it becomes the resource's file."""

    url: str
    prepare: str
    sha256: str | None = None
    note: str = ""
    #: how the prepared files differ from the documented copy, where they must
    difference: str = ""


def _open_stream(path: Path) -> BinaryIO:
    """The decompressed bytes of ``path`` (gzip, bzip2, xz or none, by magic number)."""
    with open(path, "rb") as f:
        magic = f.read(6)
    if magic.startswith(b"\x1f\x8b"):
        return cast(BinaryIO, gzip.open(path, "rb"))
    if magic.startswith(b"BZh"):
        return cast(BinaryIO, bz2.open(path, "rb"))
    if magic.startswith(b"\xfd7zXZ\x00"):
        return cast(BinaryIO, lzma.open(path, "rb"))
    return open(path, "rb")


def _xz(archive: Path, dest: Path) -> None:
    with tarfile.open(archive, "r:*") as tf:  # a tar archive, whole (not only its magic)
        for _ in tf:
            pass
    with _open_stream(archive) as src, lzma.open(dest, "wb", preset=6) as out:
        shutil.copyfileobj(src, out, 1 << 20)


_OHSUMED_ALL = re.compile(r"^(?:\./)?[^/]+/(training|test)/(C\d\d)/([^/]+)$")


def _ohsumed_single(archive: Path, dest: Path) -> None:
    texts: dict[tuple[str, str], dict[str, bytes]] = {}
    with tarfile.open(archive, "r:*") as tf:
        for info in tf:
            m = _OHSUMED_ALL.match(info.name) if info.isfile() else None
            if m is None:
                continue
            split, category, doc = m.groups()
            src = tf.extractfile(info)
            assert src is not None
            texts.setdefault((split, doc), {})[category] = src.read()
    if not texts:
        raise ValueError(f"{archive}: no member <root>/(training|test)/Cxx/<id>")
    single = sorted(
        (split, next(iter(by_cat)), doc, next(iter(by_cat.values())))
        for (split, doc), by_cat in texts.items()
        if len(by_cat) == 1
    )
    with tarfile.open(dest, "w:xz") as out:
        for split, category, doc, data in single:
            info = tarfile.TarInfo(f"ohsumed_single_23/{split}/{category}/{doc}")
            info.size = len(data)
            out.addfile(info, io.BytesIO(data))
    log.info("%s: %d of %d abstracts have a single category", archive, len(single), len(texts))


def members_digest(path: Path) -> str:
    """The SHA-256 of a tar archive's regular files as a ``sha256sum`` listing sorted by
    name (``<sha256>  <name>`` lines, a leading ``./`` dropped): the same for the same
    members whatever the compression, order or tar metadata."""
    rows = []
    with tarfile.open(path, "r:*") as tf:
        for info in tf:
            if info.isfile():
                src = tf.extractfile(info)
                assert src is not None
                with src:
                    digest = hashlib.sha256(src.read()).hexdigest()
                rows.append(f"{digest}  {info.name.removeprefix('./')}\n")
    return hashlib.sha256("".join(sorted(rows, key=lambda r: r[66:])).encode()).hexdigest()


#: name -> function(official archive, destination)
PREPARATIONS: dict[str, Callable[[Path, Path], None]] = {
    "xz": _xz,
    "ohsumed-single": _ohsumed_single,
}


def _wikiextract(dump: Path, folder: Path) -> None:
    from textsim.text.wikiextract import extract_dump_shards

    extract_dump_shards(dump, folder, processes=os.cpu_count() or 1)


#: name -> function(official download, folder): preparations that make many files
FOLDER_PREPARATIONS: dict[str, Callable[[Path, Path], None]] = {
    "wikiextract": _wikiextract,
}


def check_lock(lock: Path, url: str, path: Path) -> None:
    """Trust on first use: record ``path``'s size and SHA-256 for ``url`` in ``lock``
    the first time; later, raise :class:`~textsim.sources.resources.ChecksumError` when they
    differ from the record."""
    _check_record(lock, url, path.stat().st_size, file_digest(path))


def _check_record(lock: Path, url: str, size: int, digest: str) -> None:
    records: dict[str, tuple[int, str]] = {}
    if lock.is_file():
        for line in lock.read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if len(parts) == 3 and parts[1].isdigit():
                records[parts[0]] = (int(parts[1]), parts[2])
    if url in records:
        if records[url] != (size, digest):
            was_size, was_digest = records[url]
            raise ChecksumError(
                f"{url}: {size} bytes, sha256 {digest}, but the first download recorded in "
                f"{lock} was {was_size} bytes, sha256 {was_digest}: the source changed or "
                f"this download is corrupt (not kept). To accept it, delete that line of {lock}"
            )
        return
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a", encoding="utf-8") as f:
        f.write(f"{url}\t{size}\t{digest}\n")
    log.warning(
        "first download of %s: %d bytes, sha256 %s, recorded in %s (trust on first use: "
        "later downloads must match it; pin it as the resource's official sha256)",
        url,
        size,
        digest,
        lock,
    )


class NotPrepared(ResourceError):
    """The official download's preparation made no file of the name asked for."""


_BAD_ARCHIVE = (tarfile.TarError, EOFError, OSError, ValueError, zlib.error, lzma.LZMAError)


def _verified_download(
    name: str, official: Official, archive: Path, lock: Path, download: Callable[..., Any]
) -> tuple[int, str]:
    """Download ``official`` to ``archive`` unless it is there, verify it (its pinned
    sha256, or ``lock``); return its size and SHA-256. A failed check removes it."""
    if not archive.is_file():
        with atomic_path(archive) as tmp:
            download(official.url, tmp)
    try:
        size, digest = archive.stat().st_size, file_digest(archive)
        if official.sha256 and digest != official.sha256.lower():
            raise ChecksumError(
                f"checksum mismatch for {official.url} (resource {name}): sha256 is {digest}, "
                f"expected {official.sha256} (corrupt or partial file; it was not kept)"
            )
        if not official.sha256:
            _check_record(lock, official.url, size, digest)
    except ResourceError:
        archive.unlink(missing_ok=True)
        raise
    return size, digest


def _not_the_archive(official: Official, archive: Path, err: Exception) -> ResourceError:
    archive.unlink(missing_ok=True)
    return ResourceError(
        f"{official.url}: not the expected archive ({err}; removed, rerun to download it again)"
    )


def _fetch_from_folder(
    name: str,
    official: Official,
    dest: Path,
    file: str | None,
    *,
    lock: Path,
    download: Callable[..., Any],
) -> None:
    """A folder preparation: prepared once into the archive cache (with a record of the
    download it was made from, which each later run's ``lock`` gets too), then ``file``
    copied from it."""
    key = hashlib.sha256(official.url.encode()).hexdigest()[:16]
    archive, folder = archive_cache() / f"{key}.official", archive_cache() / f"{key}.prepared"
    source = folder / ".source"
    record = source.read_text(encoding="utf-8").split("\t") if source.is_file() else []
    if len(record) == 3 and record[1].isdigit():
        _check_record(lock, record[0], int(record[1]), record[2].strip())
    else:  # not prepared yet, or cut short (the record is written last)
        size, digest = _verified_download(name, official, archive, lock, download)
        log.info("preparing %s from %s (%s)", name, official.url, official.prepare)
        try:
            FOLDER_PREPARATIONS[official.prepare](archive, folder)
        except _BAD_ARCHIVE as err:
            raise _not_the_archive(official, archive, err) from None
        with atomic_path(source) as tmp:
            tmp.write_text(f"{official.url}\t{size}\t{digest}\n", encoding="utf-8")
        archive.unlink()  # the prepared folder is what later fetches read
        if official.difference:
            log.warning("%s prepared from %s: %s", name, official.url, official.difference)
    if file is None or not (folder / file).is_file():
        made = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
        made = [m for m in made if m != ".source"]
        raise NotPrepared(
            f"resource {name!r}: {official.url} prepared ({official.prepare}) into "
            f"{len(made)} files, {made[0] if made else '-'} to {made[-1] if made else '-'}; "
            f"{file!r} is not among them (ask for fewer files, or use a mirror that holds it)"
        )
    shutil.copyfile(folder / file, dest)


def fetch_official(
    name: str,
    official: Official,
    dest: Path,
    *,
    lock: Path,
    download: Callable[..., Any],
    members: str | None = None,
    file: str | None = None,
) -> None:
    """Download ``official`` once (the archive cache), verify it (its pinned sha256, or
    ``lock``), prepare it into ``dest``. A download that fails its check is removed.
    ``members``: the :func:`members_digest` of the mirror's copy; a prepared file with
    other members is kept (its download is verified) and the difference logged.
    ``file``: which file of a folder preparation (:data:`FOLDER_PREPARATIONS`)."""

    if official.prepare in FOLDER_PREPARATIONS:
        _fetch_from_folder(name, official, dest, file, lock=lock, download=download)
        return
    if official.prepare not in PREPARATIONS:
        raise ResourceError(f"resource {name!r}: unknown preparation {official.prepare!r}")
    archive = archive_cache() / (
        hashlib.sha256(official.url.encode()).hexdigest()[:16] + ".official"
    )
    _verified_download(name, official, archive, lock, download)
    try:
        PREPARATIONS[official.prepare](archive, dest)
        if members is not None and members_digest(dest) != members:
            log.warning(
                "%s: the prepared members differ from the mirror copy the documented "
                "numbers were made with (members sha256 %s expected)",
                name,
                members,
            )
    except ResourceError:
        archive.unlink(missing_ok=True)
        raise
    except _BAD_ARCHIVE as err:
        raise _not_the_archive(official, archive, err) from None
