"""Workflow glue of the download stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

from collections.abc import Sequence

from textsim.io import PathLike


def fetch_resource(
    outputs: Sequence[PathLike],
    *,
    resource: str,
    files: Sequence[str] | None = None,
    mirror: str | None = None,
    date: str | None = None,
) -> None:
    """Fetch and verify ``files`` of ``resource`` (or its single file) to ``outputs``."""
    from textsim.resources import fetch_file, resolve_mirror

    root = resolve_mirror(mirror)
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
