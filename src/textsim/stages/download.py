"""Workflow glue of the download stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textsim.core.io import PathLike


def fetch_resource(
    outputs: Sequence[PathLike],
    *,
    resource: str,
    files: Sequence[str] | None = None,
    mirror: str | None = None,
    date: str | None = None,
) -> None:
    """Fetch and verify ``files`` of ``resource`` (or its single file) to ``outputs``."""
    from textsim.sources.fetching import UnreachableError
    from textsim.sources.resources import MIRROR_ENV, resolve_mirror

    root = resolve_mirror(mirror)
    try:
        _fetch(outputs, resource, files, root, date)
    except UnreachableError as err:
        raise UnreachableError(
            f"input {resource}: {err}. Without internet, name an offline copy of the inputs "
            f"with {MIRROR_ENV}=/path/to/mirror (or config resources.mirror), or build one "
            "on a machine with internet: textsim mirror FOLDER"
        ) from None


def _fetch(
    outputs: Sequence[PathLike],
    resource: str,
    files: Sequence[str] | None,
    root: Path | None,
    date: str | None,
) -> None:
    from textsim.sources.resources import fetch_file

    if files is None:
        (out,) = outputs
        fetch_file(resource, out, mirror=root, date=date)
        return
    if len(files) != len(outputs):
        raise ValueError("one output per file expected")
    from tqdm import tqdm

    for name, out in tqdm(
        list(zip(files, outputs, strict=True)), desc=resource, unit="file", mininterval=10
    ):
        fetch_file(resource, out, file=name, mirror=root)
