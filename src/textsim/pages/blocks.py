"""Generated blocks in Markdown pages, and keeping them in step with the snapshots.

A block is::

    <!-- snapshot demo,full-offline: table-i unit -->
    ...generated Markdown...
    <!-- end snapshot -->

naming the snapshots (folders of ``docs/snapshots``, in order), the view and its
arguments (:mod:`textsim.pages.views`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from textsim.pages.snapshots import Snapshot, SnapshotError
from textsim.pages.views import render

__all__ = ["BLOCK", "Block", "blocks", "fill", "stale_pages", "sync"]

BLOCK = re.compile(
    r"(?P<open><!-- snapshot (?P<runs>[\w.,-]+): (?P<view>[\w-]+)(?P<args>[^>]*?) -->\n)"
    r"(?P<body>.*?)"
    r"(?P<close><!-- end snapshot -->)",
    re.DOTALL,
)


@dataclass(frozen=True)
class Block:
    runs: tuple[str, ...]
    view: str
    args: tuple[str, ...]
    body: str


def blocks(markdown: str) -> Iterator[Block]:
    for m in BLOCK.finditer(markdown):
        yield Block(tuple(m["runs"].split(",")), m["view"], tuple(m["args"].split()), m["body"])


def fill(markdown: str, snapshots: Path, where: str = "page") -> str:
    """``markdown`` with every block regenerated from the snapshots under ``snapshots``."""

    def one(m: re.Match[str]) -> str:
        snaps = [Snapshot(snapshots / name) for name in m["runs"].split(",")]
        for s in snaps:
            if not s.folder.is_dir():
                raise SnapshotError(f"{where}: no snapshot {s.name} in {snapshots}")
        body = render(m["view"], snaps, m["args"].split())
        return f"{m['open']}{body.rstrip()}\n{m['close']}"

    return BLOCK.sub(one, markdown)


def _pages(docs: Path) -> list[Path]:
    return sorted(p for p in docs.rglob("*.md") if "snapshots" not in p.parts)


def stale_pages(docs: Path, snapshots: Path) -> list[Path]:
    """Pages whose blocks differ from what their snapshots give now."""
    out = []
    for page in _pages(docs):
        text = page.read_text(encoding="utf-8")
        if BLOCK.search(text) and fill(text, snapshots, str(page)) != text:
            out.append(page)
    return out


def sync(docs: Path, snapshots: Path) -> list[Path]:
    """Regenerate every block of every page; returns the pages that changed."""
    changed = []
    for page in _pages(docs):
        text = page.read_text(encoding="utf-8")
        new = fill(text, snapshots, str(page))
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed
