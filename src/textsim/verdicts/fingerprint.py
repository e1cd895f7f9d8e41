"""The fingerprint of the code that judges claims: the registry, the verdict package's
modules and the published values they compare with. Every verdict table carries it
(column ``verdict code``), so a recorded table made by older verdict code is known
as such (:func:`stale`)."""

from __future__ import annotations

import hashlib
from fnmatch import fnmatch
from functools import cache
from importlib import resources

__all__ = ["COLUMN", "fingerprint", "stale"]

#: the verdict tables' column holding the fingerprint of the code that made them
COLUMN = "verdict code"

#: what decides a verdict, relative to the package: the registry, the verdict modules,
#: the published values
_SOURCES = (
    "data/claims.yaml",
    "verdicts/*.py",
    "deboom/published.py",
    "gem/published.py",
    "schafer/published.py",
)


@cache
def fingerprint() -> str:
    """12 hex digits of SHA-256 over :data:`_SOURCES`' bytes, in a fixed order."""
    root = resources.files("textsim")
    digest = hashlib.sha256()
    for pattern in _SOURCES:
        folder, _, name = pattern.rpartition("/")
        base = root.joinpath(folder) if folder else root
        paths = sorted(
            (p for p in base.iterdir() if p.is_file() and fnmatch(p.name, name)),
            key=lambda p: p.name,
        )
        for path in paths:
            digest.update(f"{folder}/{path.name}\n".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def stale(found: str | None) -> str | None:
    """Why a table whose fingerprint is ``found`` (None: it has none) is stale, or None
    when the current verdict code made it."""
    if found == fingerprint():
        return None
    if found is None:
        return "made before verdict tables carried the fingerprint of their code"
    return f"made by other verdict code (fingerprint {found})"
