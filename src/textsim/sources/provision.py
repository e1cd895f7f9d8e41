"""Where each external input will come from, decided before the first job.

The workflow asks :func:`provision` for every input a planned fetch job needs (its
fetch rules' input functions), prints one line per input (``present``, ``mirror``,
``official`` or ``package``) and stops planning, naming the input and the ways to
provide it, when one has no source here: no mirror folder holding it and no download
address of its own (:mod:`textsim.sources.resources` declares both). Only existence is
checked here; every file is verified against its checksum when it is fetched.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from textsim.sources.resources import MIRROR_ENV, Resource, get_resource, resolve_mirror

__all__ = ["Provision", "SourceKind", "exists_all", "from_official", "pooled", "provision"]

#: where an input comes from: already in the run's resources/, the mirror folder, its
#: official address, an installed Python package, another resource in its place
#: (:func:`pooled`), or nowhere
SourceKind = Literal["present", "mirror", "official", "package", "stand-in", "none"]


@dataclass(frozen=True)
class Provision:
    """Where input ``resource`` comes from: ``location`` is the folder, address or
    package, or for ``none`` how to provide it."""

    resource: str
    source: SourceKind
    location: str

    def line(self) -> str:
        """One line for the planning log."""
        if self.source == "none":
            return f"input {self.resource}: no source here. {self.location}"
        return f"input {self.resource}: {self.source} {self.location}"


def _ways(resource: Resource) -> str:
    folder = resource.mirror_dir or resource.name
    ways = (
        f"Set {MIRROR_ENV}=/path/to/mirror (or config resources.mirror) to a folder "
        f"holding {folder}/"
    )
    return f"{resource.obtain.strip() if resource.obtain else ''} {ways}.".strip()


def provision(
    name: str,
    *,
    mirror: str | os.PathLike[str] | None,
    files: Sequence[str] | None = None,
    date: str | None = None,
    present: bool = False,
) -> Provision:
    """Where resource ``name`` (its ``files``, default all; a dump's ``date``) comes
    from with ``mirror`` (a folder, or ``None``; ``$TEXTSIM_MIRROR`` wins, as for the
    fetch) when the run's copies are not all ``present``. Raises
    :class:`~textsim.sources.resources.ResourceError` for an unknown resource or a mirror folder
    that does not exist."""
    resource = get_resource(name)
    if present:
        return Provision(name, "present", f"resources/{name}")
    if resource.kind == "package":
        assert resource.package
        if importlib.util.find_spec(resource.package) is None:
            return Provision(
                name, "none", f"It ships with the Python package {resource.package}: install it."
            )
        return Provision(name, "package", resource.package)
    root = resolve_mirror(str(mirror) if mirror is not None else None)
    if resource.kind == "dump":
        if not date or not resource.url:
            return Provision(name, "none", "A dump needs a date: set corpus.dump.date.")
        url = resource.url.format(date=date)
        held = root / "enwiki-dump" / url.rsplit("/", 1)[-1] if root is not None else None
        if held is not None and held.is_file():
            return Provision(name, "mirror", str(held))
        return Provision(name, "official", url)
    wanted = list(files) if files is not None else resource.file_names()
    if root is not None:
        folder = root / (resource.mirror_dir or name)
        missing = [f for f in wanted if not (folder / f).is_file()]
        if not missing:
            return Provision(name, "mirror", str(folder))
        if not resource.completes(folder):
            shown = ", ".join(missing[:3]) + (
                f" and {len(missing) - 3} more" if len(missing) > 3 else ""
            )
            return Provision(
                name, "none", f"The mirror folder {folder} lacks {shown}. {_ways(resource)}"
            )
    if resource.official is not None:
        how = resource.official.prepare
        check = "its pinned sha256" if resource.official.sha256 else "trust on first use"
        differs = resource.official.difference.strip()
        differs = f"; {differs}" if differs else ""
        note = " ".join(resource.official.note.split())
        note = f"; {note}" if note else ""
        return Provision(
            name, "official", f"{resource.official.url} (prepared: {how}; {check}{note}{differs})"
        )
    if resource.url:
        return Provision(name, "official", resource.url)
    return Provision(name, "none", _ways(resource))


def pooled(
    names: Sequence[str],
    *,
    mirror: str | os.PathLike[str] | None,
    present: Callable[[str], bool],
) -> tuple[list[str], list[Provision]]:
    """The resources a pool of ``names`` reads: each one, or where it has no source
    here (not ``present`` in the run, no mirror copy, no address) its declared
    ``stand_in``, once. Also a ``stand-in`` :class:`Provision` for each one replaced,
    for the planning log."""
    used: list[str] = []
    replaced: list[Provision] = []
    for name in names:
        stand_in = get_resource(name).stand_in
        if stand_in and not present(name) and provision(name, mirror=mirror).source == "none":
            how = "already pooled: this one is left out" if stand_in in names else "in its place"
            replaced.append(
                Provision(
                    name,
                    "stand-in",
                    f"{stand_in}, {how} (no mirror copy, no address), so every number "
                    "made from the pool differs from the documented run's",
                )
            )
            name = stand_in
        used.append(name)
    return list(dict.fromkeys(used)), replaced


def from_official(
    name: str,
    *,
    mirror: str | os.PathLike[str] | None,
    files: Sequence[str],
    lock: Path,
) -> bool:
    """Whether the run's copies of ``files`` of resource ``name`` are, or will be, made
    from its official download rather than the copy the documented numbers were made
    with: the run's ``lock`` records that download once they are fetched; before,
    planning says where they will come from."""
    resource = get_resource(name)
    if resource.official is None:
        return False
    if exists_all([Path("resources") / name / f for f in files]):
        listed = lock.read_text(encoding="utf-8").splitlines() if lock.is_file() else []
        return any(line.split("\t")[0] == resource.official.url for line in listed)
    return provision(name, mirror=mirror, files=files).source == "official"


def exists_all(paths: Sequence[str | os.PathLike[str]]) -> bool:
    """Whether every one of a fetch job's outputs is already there."""
    return all(Path(p).is_file() for p in paths)
