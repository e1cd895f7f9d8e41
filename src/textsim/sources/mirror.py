"""An offline mirror folder built from the official sources (``textsim mirror``), and
the ``textsim resources`` listing: one machine with internet prepares the folder that a
cluster without it names with ``TEXTSIM_MIRROR``.

Each declared ``files`` resource with a source (an address of its own, or an official
download it is prepared from: :mod:`textsim.sources.official`) is fetched and verified as the
workflow fetches it, into ``<folder>/<mirror_dir>/<file>``; a file already there that
its checksum (or its members digest) vouches for is kept. ``SHA256SUMS`` lists every
file of the folder. Resources without a source here are listed as skipped, with how to
obtain them.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textsim.sources.fetching import MIRROR_SUMS
from textsim.sources.official import NotPrepared, members_digest
from textsim.sources.resources import (
    Resource,
    ResourceError,
    fetch_file,
    file_digest,
    get_resource,
    load_registry,
    read_checksum_list,
)

__all__ = ["MirrorEntry", "add_resource_commands", "build_mirror"]


@dataclass(frozen=True)
class MirrorEntry:
    """One file of the mirror: ``fetched``, already ``present``, or ``skipped`` (no
    source here; ``note`` says how to obtain it)."""

    resource: str
    file: str
    status: str
    note: str = ""


def _vouched(resource: Resource, file: str, path: Path, listed: Mapping[str, str]) -> bool:
    """Whether ``path`` is the declared copy, one prepared from the documented archive,
    or the one this folder's ``SHA256SUMS`` lists (``listed``: built here before)."""
    digest = file_digest(path, resource.checksum_algorithm)
    if digest == resource.files.get(file):
        return True
    rel = f"{resource.mirror_dir or resource.name}/{file}"
    if rel in listed:  # SHA256SUMS: the declared digest is reused where it is a SHA-256
        sha256 = digest if resource.checksum_algorithm == "sha256" else file_digest(path)
        if listed[rel] == sha256:
            return True
    return bool(resource.members_sha256) and members_digest(path) == resource.members_sha256


def build_mirror(
    folder: str | os.PathLike[str],
    names: Sequence[str] | None = None,
    addresses: Mapping[str, str] | None = None,
) -> list[MirrorEntry]:
    """Fill ``folder`` with resources ``names`` (default: every ``files`` resource that
    has a source) and write its ``SHA256SUMS``. A named resource without a source is an
    error; unnamed ones are skipped. ``addresses``: resource name -> where to download
    it instead of its own address (:meth:`~textsim.sources.resources.Resource.at`). A failure
    leaves no folder behind that this call made and left empty."""
    root = Path(folder)
    before = {root, *(p for p in root.rglob("*") if p.is_dir())} if root.is_dir() else set()
    try:
        return _build_mirror(root, names, addresses)
    except BaseException:
        made = [p for p in (root, *root.rglob("*")) if p.is_dir() and p not in before]
        for path in sorted(made, key=lambda p: len(p.parts), reverse=True):
            with contextlib.suppress(OSError):
                path.rmdir()  # only when empty
        raise


def _build_mirror(
    root: Path, names: Sequence[str] | None, addresses: Mapping[str, str] | None
) -> list[MirrorEntry]:
    chosen = list(names) if names else [n for n, r in load_registry().items() if r.kind == "files"]
    addresses = dict(addresses or {})
    unknown = sorted(set(addresses) - set(chosen))
    if unknown:
        raise ResourceError(f"--address names {', '.join(unknown)}, not a resource being mirrored")
    sums = root / MIRROR_SUMS
    listed = {}
    if sums.is_file():
        listed = read_checksum_list(sums.read_text(encoding="utf-8"), str(sums))
    entries: list[MirrorEntry] = []
    for name in chosen:
        resource = get_resource(name)
        address = addresses.get(name)
        if address is not None:
            resource = resource.at(address)
        if resource.kind != "files":
            raise ResourceError(f"resource {name!r} is a {resource.kind}: no mirror copy needed")
        if not (resource.url or resource.official):
            note = " ".join((resource.obtain or "no download address").split())
            if names:
                raise ResourceError(f"resource {name!r} has no source here: {note}")
            entries.append(MirrorEntry(name, "", "skipped", note))
            continue
        for file in resource.file_names():
            out = root / (resource.mirror_dir or name) / file
            if out.is_file() and _vouched(resource, file, out, listed):
                entries.append(MirrorEntry(name, file, "present"))
                continue
            try:
                fetch_file(
                    name, out, file=file, mirror=None, lock=root / "sources.lock", address=address
                )
            except NotPrepared as err:  # a later dump made fewer files: the mirror has these
                note = f"{err} (nor the files after it)"
                entries.append(MirrorEntry(name, file, "skipped", note))
                break
            entries.append(MirrorEntry(name, file, "fetched"))
    _write_sums(root)
    return entries


def _write_sums(root: Path) -> None:
    lines = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix()
        if rel not in (MIRROR_SUMS, "sources.lock"):
            lines.append(f"{file_digest(path)}  {rel}\n")
    (root / MIRROR_SUMS).write_text("".join(lines), encoding="utf-8")


def _source(resource: Resource) -> str:
    """Where a resource comes from without a mirror, in a few words."""
    from urllib.parse import urlsplit

    if resource.kind == "package":
        return f"{resource.package} package"
    if resource.kind == "dump":
        return f"{urlsplit(resource.url or '').hostname}, by date"
    if resource.official is not None:
        return f"{urlsplit(resource.official.url).hostname}, prepared"
    if resource.url:
        return str(urlsplit(resource.url).hostname)
    return f"stand-in {resource.stand_in}" if resource.stand_in else "a mirror only"


def _resources(args: argparse.Namespace) -> int:
    print(f"{'resource':24s} {'kind':8s} {'files':10s} {'without a mirror':36s} licence")
    for name, r in load_registry().items():
        count = len(r.files) if r.files else 1
        n = f"{count} file" + ("s" if count != 1 else "")
        print(f"{name:24s} {r.kind:8s} {n:10s} {_source(r):36s} {r.licence}")
    return 0


def add_resource_commands(sub: Any, guarded: Callable[[str, Callable[[], int]], int]) -> None:
    """The ``resources`` and ``mirror`` subcommands (``guarded``: the CLI's error
    handling, one line and an exit code per failure)."""
    res = sub.add_parser("resources", help="list the declared external inputs")
    res.set_defaults(func=_resources)
    mirror = sub.add_parser(
        "mirror",
        help="build an offline mirror folder from the official sources",
        description="Fetch and verify every declared input that has a source here into "
        "FOLDER (as the workflow fetches it) and write FOLDER/SHA256SUMS; then "
        "TEXTSIM_MIRROR=FOLDER runs without internet.",
    )
    mirror.add_argument("folder", help="the mirror folder (created)")
    mirror.add_argument("resources", nargs="*", help="resources by name (default: all)")
    mirror.add_argument(
        "--address",
        action="append",
        default=[],
        metavar="NAME=URL",
        help="download resource NAME from URL instead of its own address (another host's "
        "copy of the official file; the same checksums apply); repeatable",
    )

    def run_mirror(args: argparse.Namespace) -> int:
        def run() -> int:
            addresses = {}
            for item in args.address:
                name, sep, url = item.partition("=")
                if not sep or not name or not url:
                    raise ResourceError(f"--address {item!r}: expected NAME=URL")
                addresses[name] = url
            entries = build_mirror(args.folder, args.resources, addresses)
            for e in entries:
                shown = f"{e.resource}/{e.file}" if e.file else e.resource
                print(f"{e.status:8s} {shown}" + (f": {e.note}" if e.note else ""))
            print(f"wrote {Path(args.folder) / MIRROR_SUMS}")
            return 0

        return guarded("mirror", run)

    mirror.set_defaults(func=run_mirror)
