"""The generated reference pages: every schema key and every CLI option appears, and
figure lines become a figure or a note."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from textsim.cli import EXIT_CODES, build_parser
from textsim.project.docsgen import cli_reference, config_reference, expand_figures

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())


def _keys(node: Mapping[str, Any], prefix: str = "") -> Iterator[str]:
    for name, child in node.get("properties", {}).items():
        yield prefix + name
        yield from _keys(child, f"{prefix}{name}.")
        entry = child.get("additionalProperties")
        if isinstance(entry, Mapping):
            yield from _keys(entry, f"{prefix}{name}.<name>.")


def test_config_reference_lists_every_key_with_its_default() -> None:
    page = config_reference(SCHEMA)
    keys = list(_keys(SCHEMA))
    assert len(keys) > 100
    for key in keys:
        assert f"| `{key}` |" in page or f"## `{key}`" in page, key
    # a default and a description, as the schema gives them
    assert "| `word2vec.window` | integer (≥ 1) | `5` |" in page
    assert '| `keras.backend` | `"tensorflow"` \\| `"jax"` \\| `"torch"` |' in page
    assert "map of name →" in page  # variants.runs, schafer.datasets


def test_cli_reference_lists_every_command_and_option() -> None:
    parser = build_parser()
    page = cli_reference(parser, EXIT_CODES)
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert len(commands.choices) >= 8
    for name, sub in commands.choices.items():
        section = page.split(f"## `textsim {name}`\n", 1)[1].split("\n## ", 1)[0]
        for arg in sub._actions:
            if "-h" not in arg.option_strings:
                assert f"| `{', '.join(arg.option_strings) or arg.dest}" in section, (name, arg)
    assert "`--couples COUPLES` | `200000` |" in page  # a default shown
    assert "## Exit codes" in page and "| 2 | user error:" in page
    description = build_parser().description or ""  # the help says them too
    assert all(f"{code} {meaning}" in description for code, meaning in EXIT_CODES.items())


def test_figure_lines_become_figures_or_notes() -> None:
    page = "Intro\n!figure icdmw-figure-1 ICDMW Figure 1: couples\n!figure absent A missing one\n"
    out = expand_figures(page, {"icdmw-figure-1"}, "../figures/")
    assert '<img src="../figures/icdmw-figure-1.png" alt="ICDMW Figure 1: couples">' in out
    assert "<figcaption>ICDMW Figure 1: couples (<code>icdmw-figure-1.png</code>)" in out
    assert '!!! note "A missing one"' in out and "results/paper/figures/absent.png" in out
    assert "!figure" not in out and out.startswith("Intro\n")


def test_plain_roles_drops_sphinx_roles_before_code_only() -> None:
    from textsim.project.docsgen import plain_roles

    html = "One of :data:<code>METHODS</code>; see :func:<code>textsim.fit</code> (a :note:)."
    assert (
        plain_roles(html) == "One of <code>METHODS</code>; see <code>textsim.fit</code> (a :note:)."
    )


def test_import_graph_draws_every_layer_and_marks_upward_imports() -> None:
    from textsim.project.docsgen import import_graph

    svg = import_graph({("a", "c"): 3, ("c", "b"): 2}, ["a", "b", "c"]).decode()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "c → b: 2" in svg  # up the layers: labelled with its count
    assert "a → c" not in svg  # down: an unlabelled grey arc


def test_figure_captions_say_which_run_made_them() -> None:
    """A site built beside a tiny run says so under every figure; the demo's says its
    size only; without corpus statistics nothing is claimed."""
    from textsim.project.docsgen import run_note

    page = "!figure icdmw-figure-4 ICDMW Figure 4: weights\n"
    tiny = expand_figures(page, {"icdmw-figure-4"}, "f/", run_note(419_671))
    assert "0.4M words of Wikipedia: a tiny run, whose weights do not learn" in tiny
    demo = run_note(10_700_000)
    assert demo.endswith("10.7M words of Wikipedia") and "tiny" not in demo
    assert run_note(None) == "" and "built beside" not in expand_figures(
        page, {"icdmw-figure-4"}, "f/"
    )
