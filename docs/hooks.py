"""MkDocs hooks: the generated reference pages and the figures of a run.

Thin glue over :mod:`textsim.project.docsgen`. ``TEXTSIM_DOCS_RESULTS`` (default
``results``) names the results folder whose figures the paper pages show.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from mkdocs.structure.files import File, Files

from textsim.cli import EXIT_CODES, build_parser
from textsim.pages.blocks import fill
from textsim.project.docsgen import (
    cli_reference,
    config_reference,
    expand_figures,
    import_graph,
    plain_roles,
    run_note,
)
from textsim.project.imports import FOUNDATIONS, LAYERS, layer_edges

ROOT = Path(__file__).resolve().parents[1]
FIGURES = "figures"


def _results() -> Path:
    return ROOT / os.environ.get("TEXTSIM_DOCS_RESULTS", "results")


def on_files(files: Files, config: Any) -> Files:
    schema = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())
    files.append(
        File.generated(config, "reference/configuration.md", content=config_reference(schema))
    )
    files.append(
        File.generated(
            config, "reference/cli.md", content=cli_reference(build_parser(), EXIT_CODES)
        )
    )
    # the layers and the imports between them, from the source as it is now
    order = ["cli", "bench", *LAYERS, FOUNDATIONS]
    graph = import_graph(layer_edges(ROOT / "src" / "textsim"), order)
    files.append(File.generated(config, "images/import-graph.svg", content=graph))
    for png in sorted((_results() / "paper" / "figures").glob("*.png")):
        files.append(File.generated(config, f"{FIGURES}/{png.name}", abs_src_path=str(png)))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    # the numbers of our runs: regenerated from docs/snapshots at every build
    markdown = fill(markdown, ROOT / "docs" / "snapshots", page.file.src_uri)
    available = {Path(f.src_uri).stem for f in files if f.src_uri.startswith(f"{FIGURES}/")}
    # figures are raw HTML, whose links MkDocs does not rewrite: relative to the page's
    # output URL (papers/deboom/ with directory URLs), not to its source file
    depth = page.file.url.count("/")
    return expand_figures(markdown, available, "../" * depth + f"{FIGURES}/", _run_note())


def _run_note() -> str:
    """Which run the figures come from: its corpus size (results/corpus/statistics.csv)."""
    stats = _results() / "corpus" / "statistics.csv"
    if not stats.is_file():
        return run_note(None)
    for line in stats.read_text(encoding="utf-8").splitlines():
        fields = line.split(",")
        if fields[0] == "total":
            return run_note(int(fields[-1]))
    return run_note(None)


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    return plain_roles(html)
