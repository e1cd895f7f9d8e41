"""The resource registry: every external input, its source and its checksum.

Three kinds of source exist (see ``data/resources.yaml``):

* ``files``: a fixed list of files, taken from a mirror folder when one is
  configured, otherwise from the official URL;
* ``package``: a file shipped inside an installed Python package;
* ``dump``: a dated Wikimedia dump, verified against Wikimedia's own SHA-1 list.

Every file is verified after it is fetched. A file whose checksum does not
match is deleted and reported with its name; nothing half-fetched is left
behind.
"""

from __future__ import annotations

import functools
import importlib.util
import logging
import os
import shutil
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib import resources as importlib_resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from textsim.core.io import atomic_path
from textsim.sources.fetching import (
    MIRROR_SUMS,
    ChecksumError,
    ResourceError,
    download,
    extract_member,
    file_digest,
    verify_digest,
)
from textsim.sources.official import LOCK, Official, fetch_official, members_digest

__all__ = [
    "MIRROR_ENV",
    "ChecksumError",
    "Resource",
    "ResourceError",
    "fetch_file",
    "file_digest",
    "load_registry",
    "read_checksum_list",
    "resolve_mirror",
    "verify_digest",
]

log = logging.getLogger(__name__)

MIRROR_ENV = "TEXTSIM_MIRROR"


@dataclass(frozen=True)
class Resource:
    """One declared external input."""

    name: str
    kind: str
    description: str
    licence: str
    url: str | None = None
    obtain: str | None = None
    mirror_dir: str | None = None
    package: str | None = None
    path: str | None = None
    sha256: str | None = None
    checksum_url: str | None = None
    checksum_algorithm: str = "sha256"
    archive: str | None = None
    files: dict[str, str] = field(default_factory=dict)
    #: the official download the file is prepared from (:mod:`textsim.sources.official`)
    official: Official | None = None
    #: a tar archive's members digest (:func:`textsim.sources.official.members_digest`): a
    #: mirror copy prepared from the official download has these members
    members_sha256: str | None = None
    #: a resource with an address that a pool of resources takes in this one's place
    #: where this one has no source (data that cannot be redistributed)
    stand_in: str | None = None

    def __post_init__(self) -> None:
        if self.url and self.official is not None:
            raise ResourceError(
                f"resource {self.name!r} declares both url and official: one download "
                "address (the fetch and the planning would have to choose)"
            )

    def completes(self, folder: Path) -> bool:
        """Whether files missing from a mirror's ``folder`` for this resource may come
        from its download address: not where the official download makes other data
        (``official.difference``) and the folder holds some files already, which
        would mix the two."""
        if not (self.url or self.official):
            return False
        return not (self.official and self.official.difference and folder.is_dir())

    def file_names(self, limit: int | None = None) -> list[str]:
        """Relative names of the resource's files, in a stable order."""
        names = sorted(self.files)
        return names if limit is None else names[:limit]

    def at(self, address: str) -> Resource:
        """This resource downloaded from ``address`` instead of its own address (another
        host's copy of the official file): the same checksums, preparation and
        trust on first use apply."""
        if self.official is not None:
            return replace(self, official=replace(self.official, url=address))
        if self.url:
            return replace(self, url=address)
        raise ResourceError(f"resource {self.name!r} has no download address to replace")


def read_checksum_list(text: str, source: str) -> dict[str, str]:
    """A ``sha256sum``-style listing (``<digest>  <path>`` lines; ``source`` names it in
    errors) as path -> digest."""
    files: dict[str, str] = {}
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ResourceError(
                f"{source}:{lineno}: expected '<digest>  <path>', got {len(parts)} field(s)"
            )
        digest, name = parts
        files[name.removeprefix("./").lstrip("*")] = digest.lower()
    return files


@functools.cache
def load_registry() -> Mapping[str, Resource]:
    """Read ``data/resources.yaml`` (and its checksum lists) from the package, once per
    process (the workflow asks for it for every rule it defines)."""
    data_dir = importlib_resources.files("textsim") / "data"
    raw: dict[str, dict[str, Any]] = yaml.safe_load((data_dir / "resources.yaml").read_text())
    registry: dict[str, Resource] = {}
    for name, spec in raw.items():
        spec = dict(spec)
        checksums = spec.pop("checksums", None)
        files: dict[str, str] = {k: str(v).lower() for k, v in spec.pop("files", {}).items()}
        if checksums is not None:
            files = read_checksum_list((data_dir / checksums).read_text(), str(checksums))
        official = spec.pop("official", None)
        registry[name] = Resource(
            name=name,
            files=files,
            official=Official(**official) if official is not None else None,
            **spec,
        )
    for resource in registry.values():
        if resource.stand_in is not None and resource.stand_in not in registry:
            raise ResourceError(
                f"resource {resource.name!r}: its stand_in {resource.stand_in!r} is not declared"
            )
    return MappingProxyType(registry)


def get_resource(name: str) -> Resource:
    registry = load_registry()
    if name not in registry:
        raise ResourceError(f"unknown resource {name!r}; declared: {', '.join(sorted(registry))}")
    return registry[name]


def resolve_mirror(config_value: str | None) -> Path | None:
    """The mirror folder: ``$TEXTSIM_MIRROR`` if set, else the config value, else None."""
    value = os.environ.get(MIRROR_ENV) or config_value
    if not value:
        return None
    path = Path(value).expanduser().resolve()
    if not path.is_dir():
        raise ResourceError(
            f"mirror folder {path} (from {MIRROR_ENV} or resources.mirror) does not exist"
        )
    return path


def _package_file(resource: Resource) -> Path:
    assert resource.package and resource.path
    spec = importlib.util.find_spec(resource.package)
    if spec is None or not spec.submodule_search_locations:
        raise ResourceError(
            f"resource {resource.name!r} ships with the Python package {resource.package!r}, "
            "which is not installed"
        )
    base = Path(next(iter(spec.submodule_search_locations)))
    src = base / resource.path
    if not src.is_file():
        raise ResourceError(f"resource {resource.name!r}: {src} is missing from {resource.package}")
    return src


def _dump_checksum(resource: Resource, filename: str, date: str, *, mirrored: bool) -> str:
    """The dump's checksum: pinned in the project (``files``) when it is there, which a
    dump copied from a mirror must be (a list fetched from the dump's host would vouch
    for a file that did not come from it); else Wikimedia's published list, over https."""
    if filename in resource.files:
        return resource.files[filename]
    if mirrored:
        raise ResourceError(
            f"{filename}: no checksum pinned for this dump in textsim's data/enwiki-dump.sha1; "
            "a dump from a mirror is used only with a pinned checksum (add the line for "
            f"{filename} from Wikimedia's {date} sha1sums.txt)"
        )
    assert resource.checksum_url
    url = resource.checksum_url.format(date=date)
    with urllib.request.urlopen(url, timeout=60) as response:
        listing = response.read().decode()
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1] == filename:
            return str(parts[0])
    raise ResourceError(f"{filename} is not listed in {url}")


def _built_here(root: Path, resource: Resource, file: str, digest: str) -> bool:
    """Whether the copy of ``file`` with SHA-256 ``digest`` is the one `textsim mirror`
    prepared into ``root`` from the official download, with other contents than the
    documented copy (another version of the official archive, a later dump): the
    folder's SHA256SUMS lists it with this digest. Accepted with a warning, since the documented
    numbers were made with other data."""
    sums = root / MIRROR_SUMS
    if resource.official is None or not sums.is_file():
        return False
    rel = f"{resource.mirror_dir or resource.name}/{file}"
    if read_checksum_list(sums.read_text(encoding="utf-8"), str(sums)).get(rel) != digest:
        return False
    log.warning(
        "%s: prepared by textsim mirror from %s, with other contents than the copy the "
        "documented numbers were made with (its SHA256SUMS vouches for the file)",
        root / rel,
        resource.official.url,
    )
    return True


def fetch_file(
    name: str,
    dest: str | os.PathLike[str],
    *,
    file: str | None = None,
    mirror: str | os.PathLike[str] | None = None,
    date: str | None = None,
    lock: str | os.PathLike[str] = LOCK,
    address: str | None = None,
) -> Path:
    """Fetch one file of resource ``name`` to ``dest`` and verify it.

    ``file`` names the file inside a ``files`` resource; ``date`` selects the
    dump of a ``dump`` resource. With ``mirror`` set, ``files`` resources are
    copied from ``<mirror>/<mirror_dir>/<file>`` instead of downloaded; a file the
    mirror lacks comes from the official address, where the resource has one, or is
    prepared from its ``official`` download (verified by its pinned checksum or the
    run's ``lock`` file: :mod:`textsim.sources.official`). ``address``: download from there
    instead of the resource's own address (:meth:`Resource.at`).
    """
    resource = get_resource(name)
    if address is not None:
        resource = resource.at(address)
    dest = Path(dest)
    with atomic_path(dest) as tmp:
        if resource.kind == "package":
            assert resource.sha256
            src = _package_file(resource)
            shutil.copyfile(src, tmp)
            verify_digest(tmp, resource.sha256, "sha256", f"{src} (resource {name})")
        elif resource.kind == "files":
            if file is None or file not in resource.files:
                raise ResourceError(f"resource {name!r} has no file {file!r}")
            expected = resource.files[file]
            folder = Path(mirror) / (resource.mirror_dir or name) if mirror else None
            held = folder / file if folder is not None else None
            if held is not None and held.is_file():
                shutil.copyfile(held, tmp)
                label = str(held)
                if resource.official is not None and resource.checksum_algorithm == "sha256":
                    actual = file_digest(tmp)
                    if (
                        actual == expected
                        or (  # prepared by `textsim mirror` from the documented archive
                            resource.members_sha256 is not None
                            and members_digest(tmp) == resource.members_sha256
                        )
                        or _built_here(Path(mirror or ""), resource, file, actual)
                    ):
                        expected = ""  # verified here: not hashed a second time below
            elif folder is not None and not resource.completes(folder):
                raise ResourceError(
                    f"{held} is missing from the mirror (resource {name}). "
                    f"{resource.obtain or ''}".strip()
                )
            elif resource.official is not None:
                fetch_official(
                    name,
                    resource.official,
                    tmp,
                    lock=Path(lock),
                    download=download,
                    members=resource.members_sha256,
                    file=file,
                )
                log.info("prepared %s from %s", file, resource.official.url)
                expected = ""  # the declared checksum is the mirror's form: not this file's
                label = resource.official.url
            elif resource.url and resource.archive:
                archive = extract_member(resource.url, file, tmp, resource.archive)
                label = f"{resource.url} member {file}"
                try:
                    verify_digest(tmp, expected, resource.checksum_algorithm, f"{label} ({name})")
                except ChecksumError as err:  # the cached archive is the wrong one
                    archive.unlink(missing_ok=True)
                    raise ChecksumError(
                        f"{err}; the cached archive {archive} was removed, rerun to "
                        "download it again"
                    ) from None
            elif resource.url:
                url = f"{resource.url.rstrip('/')}/{file}"
                download(url, tmp)
                label = url
            else:
                raise ResourceError(f"resource {name!r} cannot be downloaded: {resource.obtain}")
            if expected:
                verify_digest(
                    tmp, expected, resource.checksum_algorithm, f"{label} (resource {name})"
                )
        elif resource.kind == "dump":
            if not date or not resource.url:
                raise ResourceError(f"resource {name!r} needs a dump date (corpus.dump.date)")
            url = resource.url.format(date=date)
            filename = url.rsplit("/", 1)[-1]
            mirrored = mirror is not None and (Path(mirror) / "enwiki-dump" / filename).is_file()
            expected = _dump_checksum(resource, filename, date, mirrored=mirrored)
            if mirrored:
                assert mirror is not None
                shutil.copyfile(Path(mirror) / "enwiki-dump" / filename, tmp)
            else:
                download(url, tmp)
            verify_digest(tmp, expected, resource.checksum_algorithm, f"{url} (resource {name})")
        else:
            raise ResourceError(f"resource {name!r} has unknown kind {resource.kind!r}")
    log.info("fetched %s -> %s", name if file is None else f"{name}/{file}", dest)
    return dest
