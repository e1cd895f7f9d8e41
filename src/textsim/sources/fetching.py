"""Downloading and verifying files: the errors, digests, the download with retries, an
archive member's extraction and the private archive cache that :mod:`textsim.sources.resources`
and :mod:`textsim.sources.official` share."""

from __future__ import annotations

import errno
import hashlib
import http.client
import logging
import os
import shutil
import socket
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path

from textsim.core.io import atomic_path, private_dir

__all__ = [
    "ChecksumError",
    "ResourceError",
    "UnreachableError",
    "archive_cache",
    "download",
    "extract_member",
    "file_digest",
    "verify_digest",
]

log = logging.getLogger(__name__)

_CHUNK = 1 << 20


class ResourceError(RuntimeError):
    """A resource cannot be obtained (unknown name, no source, network failure)."""


class ChecksumError(ResourceError):
    """A fetched file does not match its recorded checksum."""


class UnreachableError(ResourceError):
    """The address cannot be reached at all (no network, an unknown host, a refused
    connection, no route) or refuses the file (HTTP 4xx): trying again will not help."""


#: the errno values of a host that cannot be reached (no network, no route, refused)
_UNREACHABLE = {
    errno.ECONNREFUSED,
    errno.ENETUNREACH,
    errno.EHOSTUNREACH,
    errno.ENETDOWN,
    errno.EHOSTDOWN,
    errno.EADDRNOTAVAIL,
}


def _permanent(err: BaseException) -> bool:
    """Whether a download error means that no retry can succeed: a name that does not
    resolve, a host that cannot be reached or refuses, an HTTP client error (except
    408 and 429, which ask to come back)."""
    if isinstance(err, urllib.error.HTTPError):
        return 400 <= err.code < 500 and err.code not in (408, 429)
    reason = err.reason if isinstance(err, urllib.error.URLError) else err
    if isinstance(reason, socket.gaierror):
        return True
    return isinstance(reason, OSError) and reason.errno in _UNREACHABLE


def _reason(err: BaseException) -> str:
    """A download error in a few words (no exception class names, no nested repr)."""
    if isinstance(err, urllib.error.HTTPError):
        return f"HTTP {err.code} {err.reason}"
    reason = err.reason if isinstance(err, urllib.error.URLError) else err
    if isinstance(reason, OSError) and reason.strerror:
        return str(reason.strerror)
    return str(reason)


#: the checksum list `textsim mirror` writes into a mirror folder
MIRROR_SUMS = "SHA256SUMS"


def file_digest(path: str | os.PathLike[str], algorithm: str = "sha256") -> str:
    h = hashlib.new(algorithm)
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            h.update(chunk)
    return h.hexdigest()


def verify_digest(path: Path, expected: str, algorithm: str, label: str) -> None:
    """Raise :class:`ChecksumError` naming ``label`` unless ``path`` has ``expected``."""
    actual = file_digest(path, algorithm)
    if actual != expected.lower():
        raise ChecksumError(
            f"checksum mismatch for {label}: {algorithm} is {actual}, expected {expected} "
            "(corrupt or partial file; it was not kept)"
        )


def download(url: str, dest: Path, attempts: int = 5) -> None:
    """Download ``url`` to ``dest``: a failure that may pass (a timeout, a broken
    connection, a truncated body, a server error) is tried again up to ``attempts``
    times with a growing pause; one that cannot pass (:class:`UnreachableError`: no
    network, unknown host, refused, HTTP 4xx) ends at once."""
    from tqdm import tqdm

    last: Exception | None = None
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(url, timeout=60) as response, open(dest, "wb") as out:
                total = int(response.headers.get("Content-Length") or 0) or None
                written = 0
                with tqdm(
                    total=total, unit="B", unit_scale=True, desc=dest.name, mininterval=5
                ) as bar:
                    while chunk := response.read(_CHUNK):
                        out.write(chunk)
                        written += len(chunk)
                        bar.update(len(chunk))
            if total is not None and written != total:
                raise ResourceError(f"{url}: truncated download ({written} of {total} bytes)")
            return
        except (OSError, ResourceError, http.client.HTTPException) as err:  # URLError: OSError
            if _permanent(err):
                raise UnreachableError(f"could not download {url}: {_reason(err)}") from None
            last = err
            if attempt < attempts:
                log.warning(
                    "download of %s failed (attempt %d/%d): %s", url, attempt, attempts, err
                )
                time.sleep(min(30, 2**attempt))
    assert last is not None  # (attempts ≥ 1)
    raise ResourceError(f"could not download {url} ({attempts} attempts): {_reason(last)}")


def archive_cache() -> Path:
    """Where downloaded archives are kept between fetches of their members: a folder
    of this user's in the temporary directory (mode 0700, checked: never one another
    user could have prepared), else a fresh one (no reuse)."""
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else 0
    cache = Path(tempfile.gettempdir()) / f"textsim-archives-{uid}"
    return cache if private_dir(cache) else Path(tempfile.mkdtemp(prefix="textsim-archives-"))


def _archive_path(url: str, kind: str) -> Path:
    return archive_cache() / (hashlib.sha256(url.encode()).hexdigest()[:16] + "." + kind)


def extract_member(url: str, member: str, dest: Path, kind: str) -> Path:
    """Download the ``kind`` archive (zip or tar, any compression) at ``url`` once
    (cached: :func:`archive_cache`) and extract ``member`` to ``dest``; returns the
    cached archive. A corrupt archive, or one without ``member``, is removed."""
    import tarfile
    import zipfile

    archive = _archive_path(url, kind)
    if not archive.is_file():
        with atomic_path(archive) as tmp:
            download(url, tmp)
    try:
        if kind == "zip":
            with zipfile.ZipFile(archive) as zf:
                names = {n.removeprefix("./"): n for n in zf.namelist()}
                if member not in names:
                    raise ResourceError(
                        f"{url}: the archive has no member {member} (removed, rerun to "
                        "download it again)"
                    )
                with zf.open(names[member]) as src, open(dest, "wb") as out:
                    shutil.copyfileobj(src, out)
        elif kind == "tar":
            with tarfile.open(archive, "r:*") as tf:
                for info in tf:
                    if info.isfile() and info.name.removeprefix("./") == member:
                        data = tf.extractfile(info)
                        assert data is not None
                        with data, open(dest, "wb") as out:
                            shutil.copyfileobj(data, out)
                        break
                else:
                    raise ResourceError(
                        f"{url}: the archive has no member {member} (removed, rerun to "
                        "download it again)"
                    )
        else:
            raise ResourceError(f"{url}: unknown archive kind {kind!r} (zip or tar)")
    except ResourceError:
        archive.unlink(missing_ok=True)
        raise
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, zlib.error) as err:
        archive.unlink(missing_ok=True)
        raise ResourceError(
            f"{url}: corrupt {kind} archive ({err}; removed, rerun to download again)"
        ) from None
    return archive
