"""Reference pages of the documentation site, generated from their single sources.

The configuration reference comes from the JSON schema (``workflow/schemas/
config.schema.yaml``: every key, type, default and description is written there
once) and the command-line reference from the ``argparse`` parser of ``textsim``.
``docs/hooks.py`` calls these when MkDocs builds the site, so neither page can drift
from what the code accepts.
"""

from __future__ import annotations

import argparse
import html
import json
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

Schema = Mapping[str, Any]


def _type(node: Schema) -> str:
    """A short type description of one schema node."""
    if "enum" in node:
        return " | ".join(f"`{json.dumps(v)}`" for v in node["enum"])
    if "const" in node:
        return f"`{json.dumps(node['const'])}`"
    if "oneOf" in node:
        return " or ".join(_type(alt) for alt in node["oneOf"])
    kind = node.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if kind else []
    parts = []
    for k in kinds:
        if k == "array" and "items" in node:
            parts.append(f"list of {_type(node['items'])}")
        elif k == "object" and isinstance(node.get("additionalProperties"), Mapping):
            parts.append("map of name → " + _type(node["additionalProperties"]))
        else:
            parts.append(str(k))
    text = " or ".join(parts) if parts else "any"
    bounds = [
        f"{op} {node[key]}"
        for key, op in (
            ("minimum", "≥"),
            ("exclusiveMinimum", ">"),
            ("maximum", "≤"),
            ("exclusiveMaximum", "<"),
            ("minItems", "items ≥"),
            ("maxItems", "items ≤"),
        )
        if key in node
    ]
    return text + (f" ({', '.join(bounds)})" if bounds else "")


def _default(node: Schema, required: bool) -> str:
    if "default" in node:
        return f"`{json.dumps(node['default'], ensure_ascii=False)}`"
    return "required" if required else "—"


def _cell(text: str) -> str:
    """Table-cell text: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _rows(node: Schema, prefix: str) -> Iterator[tuple[str, str, str, str]]:
    """(key, type, default, description) of every key under ``node``, depth first."""
    required = set(node.get("required", []))
    for name, child in node.get("properties", {}).items():
        key = f"{prefix}{name}"
        yield key, _type(child), _default(child, name in required), child.get("description", "")
        yield from _rows(child, key + ".")
        entry = child.get("additionalProperties")
        if isinstance(entry, Mapping) and "properties" in entry:
            yield from _rows(entry, f"{key}.<name>.")


def _inlined(node: Any, defs: Mapping[str, Any]) -> Any:
    """``node`` with each local ``$ref`` (``#/$defs/<name>``) replaced by its definition,
    the referring node's own keys (its description) kept over it."""
    if isinstance(node, Mapping):
        ref = node.get("$ref", "")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            rest = {k: v for k, v in node.items() if k != "$ref"}
            node = {**defs[ref.removeprefix("#/$defs/")], **rest}
        return {k: _inlined(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inlined(v, defs) for v in node]
    return node


def config_reference(schema: Schema) -> str:
    """Markdown of every configuration key: one table per top-level section (the
    schema's own definitions, ``$defs``, shown where they are used)."""
    schema = _inlined(schema, schema.get("$defs", {}))
    lines = [
        "# Configuration reference",
        "",
        "Generated from `workflow/schemas/config.schema.yaml` when the site is built; "
        "that schema is the only place defaults live. " + _cell(schema.get("description", "")),
        "",
    ]
    required = set(schema.get("required", []))
    for name, node in schema.get("properties", {}).items():
        lines += [f"## `{name}`", ""]
        if node.get("description"):
            lines += [_cell(node["description"]), ""]
        rows = [(name, _type(node), _default(node, name in required), "")]
        rows = list(_rows(node, f"{name}.")) or rows
        lines += ["| key | type | default | description |", "|---|---|---|---|"]
        lines += [
            f"| `{key}` | {_cell(kind)} | {_cell(default)} | {_cell(text)} |"
            for key, kind, default, text in rows
        ]
        lines.append("")
    return "\n".join(lines)


def _actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]


def _subcommands(
    parser: argparse.ArgumentParser,
) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, one-line help, parser) of each subcommand, in the order they were added."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            return [(name, helps.get(name, ""), sub) for name, sub in action.choices.items()]
    return []


def _argument_row(action: argparse.Action) -> str:
    name = ", ".join(action.option_strings) or action.dest
    if action.option_strings and action.nargs != 0:
        name += f" {action.metavar or action.dest.upper()}"
    default = action.default
    shown = (
        ""
        if default in (None, False, argparse.SUPPRESS) or not action.option_strings
        else (f"`{default}`")
    )
    text = action.help or ""
    if action.choices and not isinstance(action, argparse._SubParsersAction):
        text += " (one of: " + ", ".join(f"`{c}`" for c in action.choices) + ")"
    return f"| `{_cell(name)}` | {_cell(shown)} | {_cell(text)} |"


def cli_reference(
    parser: argparse.ArgumentParser, exit_codes: Mapping[int, str] | None = None
) -> str:
    """Markdown of every ``textsim`` subcommand, its usage line and its arguments, then
    the ``exit_codes`` and their meanings."""
    prog = parser.prog
    lines = [
        "# Command-line reference",
        "",
        f"Generated from the `argparse` parser of `{prog}` when the site is built; "
        f"`{prog} COMMAND --help` prints the same.",
        "",
    ]
    for name, summary, sub in _subcommands(parser):
        lines += [f"## `{prog} {name}`", ""]
        text = sub.description or summary
        if text:
            lines += [_cell(text), ""]
        lines += ["```text", sub.format_usage().strip(), "```", ""]
        actions = _actions(sub)
        if actions:
            lines += ["| argument | default | meaning |", "|---|---|---|"]
            lines += [_argument_row(a) for a in actions]
            lines.append("")
    if exit_codes:
        lines += ["## Exit codes", "", "| code | meaning |", "|---|---|"]
        lines += [f"| {code} | {_cell(meaning)} |" for code, meaning in exit_codes.items()]
    return "\n".join(lines) + "\n"


#: a figure line of a documentation page: ``!figure NAME Caption text``
FIGURE_LINE = re.compile(r"^!figure (?P<name>[\w.-]+) (?P<caption>.+)$", re.MULTILINE)


#: a run on fewer words than this checks the machinery only (the tiny run: 0.4M)
TINY_TOKENS = 1_000_000


def run_note(tokens: int | None) -> str:
    """What the figures of a site show: the run its results came from, by its corpus
    size (``tokens``: None when the results hold no corpus statistics)."""
    if tokens is None:
        return ""
    note = f"from the run this site was built beside, {tokens / 1e6:.1f}M words of Wikipedia"
    if tokens < TINY_TOKENS:
        note += (
            ": a tiny run, whose weights do not learn at this size; it checks the "
            "machinery, not the papers"
        )
    return note


def expand_figures(markdown: str, available: Collection[str], prefix: str, note: str = "") -> str:
    """Replace each ``!figure NAME Caption`` line with the figure (``{prefix}NAME.png``)
    when the results hold it, else with a note saying which run makes it.

    The site shows the figures of the results it is built beside (a tiny run in CI,
    the demo after ``snakemake``); a page never links to a file that is not there.
    ``note`` (:func:`run_note`) says in each caption which run that was.
    """

    def figure(match: re.Match[str]) -> str:
        name, caption = match["name"], match["caption"].strip()
        if name in available:
            text = html.escape(caption)
            said = f"; {html.escape(note)}" if note else ""
            return (
                f'<figure>\n<img src="{prefix}{name}.png" alt="{text}">\n'
                f"<figcaption>{text} (<code>{name}.png</code>{said})</figcaption>\n</figure>"
            )
        return (
            f'!!! note "{caption}"\n'
            f"    `results/paper/figures/{name}.png` appears here when the site is built "
            "after the workflow has made it (`snakemake`, then `mkdocs build`)."
        )

    return FIGURE_LINE.sub(figure, markdown)


_ROLE = re.compile(r":(?:py:)?(?:func|data|mod|class|meth|attr|obj|exc|const):(?=<code>)")


def plain_roles(html: str) -> str:
    """Rendered docstrings without their Sphinx cross-reference roles: the NumPy-style
    renderer leaves ``:func:`fit``` as the text ``:func:`` before ``<code>fit</code>``."""
    return _ROLE.sub("", html)


def import_graph(
    edges: Mapping[tuple[str, str], int], order: Sequence[str], fmt: str = "svg"
) -> bytes:
    """The layers (``order``, top to bottom) as boxes and the imports between them as
    arcs, as an image file's bytes (``fmt``: svg, png): imports down the layers on the
    right in grey, any import up the layers on the left in red with its count of
    module imports."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch

    y = {name: -i for i, name in enumerate(order)}
    fig, ax = plt.subplots(figsize=(7.5, 0.55 * len(order) + 0.6))
    for name, yy in y.items():
        ax.text(0, yy, name, ha="center", va="center", fontsize=10,
                bbox={"boxstyle": "round,pad=0.35", "fc": "#f2f2f2", "ec": "#555"})  # fmt: skip
    for (a, b), n in sorted(edges.items(), key=lambda e: (y[e[0][0]], y[e[0][1]])):
        if a not in y or b not in y:
            continue
        down = y[b] < y[a]
        side = 1 if down else -1
        span = abs(y[a] - y[b])
        start, end = (side * 0.55, y[a]), (side * 0.55, y[b])
        arc = FancyArrowPatch(
            start, end, connectionstyle=f"arc3,rad={-side * 0.12 * (1 + 0.15 * span)}",
            arrowstyle="-|>", mutation_scale=9, lw=0.5 + 0.25 * min(n, 10) ** 0.5,
            color="#9a9a9a" if down else "#c0392b", alpha=0.9,
        )  # fmt: skip
        ax.add_patch(arc)
        if not down:
            ax.text(-0.75 - 0.1 * span, (y[a] + y[b]) / 2 - 0.3 * (y[a] - y[b]) / span,
                    f"{a} → {b}: {n}", color="#c0392b", fontsize=8, ha="right",
                    va="center")  # fmt: skip
    ax.set_xlim(-3.0, 2.2)
    ax.set_ylim(-len(order) + 0.4, 0.6)
    ax.axis("off")
    ax.set_title("textsim: imports between layers (grey: down, allowed; red: up)", fontsize=10)
    out = io.BytesIO()
    meta = {"Date": None} if fmt == "svg" else {}
    fig.savefig(out, format=fmt, bbox_inches="tight", dpi=110, metadata=meta)
    plt.close(fig)
    return out.getvalue()
