"""The modules of a package that a script imports, transitively: the workflow's code inputs.

A rule's code inputs are the files of every ``textsim`` module its script imports,
directly or through other ``textsim`` modules, so that editing a module reruns
exactly the rules that use it. Imports are read from the source (``ast``), at any
depth (function-level imports count, since they run when the function is called);
imports under ``if TYPE_CHECKING:`` do not run and are skipped. Importing
``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` too, so those are included.

Each file's direct imports are kept between processes (every plan of the workflow reads
about 240 files otherwise, a second of each ``snakemake`` call): in
``~/.cache/textsim/imports.json`` (``$XDG_CACHE_HOME``; ``TEXTSIM_IMPORTS_CACHE`` names
another file, empty: none), keyed by the file's path, modification time and size, as
Python's bytecode cache is.
"""

from __future__ import annotations

import ast
import json
import os
from functools import cache
from pathlib import Path

__all__ = [
    "FOUNDATIONS",
    "LAYERS",
    "TOOLS",
    "layer_edges",
    "layer_of",
    "module_closure",
    "module_imports",
]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported_names(tree: ast.AST, package: str) -> list[str]:
    """Dotted names imported anywhere in ``tree`` (``from a import b`` gives ``a`` and
    ``a.b``, since ``b`` may be a submodule); relative imports resolved in ``package``."""
    names: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for stmt in node.orelse:
                visit(stmt)
            return
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            names.append(base)
            names.extend(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


def _module_file(name: str, root: Path) -> Path | None:
    """The file of dotted module ``name`` below ``root`` (the folder holding the
    top-level package), or None if it is not a module there."""
    base = root.joinpath(*name.split("."))
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def _with_parents(name: str, root: Path) -> list[Path]:
    """The module's file and the ``__init__.py`` of every package above it."""
    parts = name.split(".")
    files = [_module_file(".".join(parts[:i]), root) for i in range(1, len(parts) + 1)]
    return [f for f in files if f is not None]


def _cache_file() -> Path | None:
    given = os.environ.get("TEXTSIM_IMPORTS_CACHE")
    if given is not None:
        return Path(given) if given else None
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "textsim" / "imports.json"


#: the kept direct imports (key: path, package, root, modification time, size) and
#: whether this process added to them
_KEPT: dict[str, list[str]] = {}
_STATE = {"loaded": False, "changed": False}


def _key_of(path: Path, package: str, root: Path) -> str:
    st = path.stat()
    return "\0".join([str(path), package, str(root), str(st.st_mtime_ns), str(st.st_size)])


def _kept() -> dict[str, list[str]]:
    if not _STATE["loaded"]:
        _STATE["loaded"] = True
        where = _cache_file()
        try:
            found = json.loads(where.read_text(encoding="utf-8")) if where else {}
            _KEPT.update({str(k): list(v) for k, v in found.items()})
        except (OSError, ValueError, AttributeError):  # absent or unreadable: rebuilt
            pass
    return _KEPT


def _current(key: str) -> bool:
    path, package, root, _, _ = key.split("\0")
    try:
        return _key_of(Path(path), package, Path(root)) == key
    except OSError:
        return False


def _keep() -> None:
    """Write the kept imports if this process added some (entries of files changed or
    gone since are dropped), atomically; a failure only costs the next process time."""
    where = _cache_file()
    if where is None or not _STATE["changed"]:
        return
    _STATE["changed"] = False
    current = {k: v for k, v in _kept().items() if _current(k)}
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = where.with_name(f"{where.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(current), encoding="utf-8")
        os.replace(tmp, where)
    except OSError:
        pass


@cache
def module_imports(path: Path, package: str, root: Path) -> frozenset[Path]:
    """Files of the ``package`` modules that the file ``path`` imports directly."""
    key = _key_of(path, package, root)
    known = _kept().get(key)
    if known is not None:
        return frozenset(Path(p) for p in known)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    # the package a relative import starts from (scripts outside root have none)
    here = ".".join(path.parent.relative_to(root).parts) if root in path.parents else ""
    out: set[Path] = set()
    for name in _imported_names(tree, here):
        if name == package or name.startswith(package + "."):
            out.update(_with_parents(name, root))
    _KEPT[key] = sorted(str(p) for p in out)
    _STATE["changed"] = True
    return frozenset(out)


def module_closure(script: str | Path, package_dir: str | Path) -> list[Path]:
    """Every file of the package at ``package_dir`` (e.g. ``src/textsim``) that
    ``script`` imports, transitively, sorted."""
    pkg = Path(package_dir).resolve()
    root, package = pkg.parent, pkg.name
    seen: set[Path] = set()
    todo = [Path(script).resolve()]
    first = True
    while todo:
        path = todo.pop()
        deps = module_imports(path, package, root)
        if not first:
            seen.add(path)
        first = False
        todo.extend(d for d in deps if d not in seen)
        seen.update(deps)
    _keep()
    return sorted(seen)


#: the library's layers, top to bottom, in tiers: a layer may import only itself and the
#: layers of the tiers after its own (never a peer of its tier), then the foundations
#: (core, text, report, sources, runtime, measures, project); tests/test_layout.py
#: enforces it and the development page draws it (:func:`layer_edges`)
TIERS: tuple[tuple[str, ...], ...] = (
    ("stages",),  # the rules' glue, one module per rule (or per rules sharing code inputs)
    (
        "api",  # fitting by name from files, persistence, file operations
        "pages",  # the docs' numbers, generated from snapshots of the runs
        "variants",
        "scaling",
        "leaderboard",  # every method of a run ranked per benchmark, with intervals
    ),
    ("verdicts",),  # the papers' claims judged on a run's results, with intervals
    ("schafer", "gem", "deboom"),  # the paper families, each on its own
    ("methods",),  # every estimator, the method names and the registry
    ("formats",),  # word-vector files, the model-file format
    ("vectors",),  # word vectors and token batches, word2vec, word-vector quality
)
#: every layer, top to bottom
LAYERS: tuple[str, ...] = tuple(name for tier in TIERS for name in tier)


def tier_of(layer: str) -> int:
    """The index of ``layer``'s tier in :data:`TIERS`."""
    return next(i for i, tier in enumerate(TIERS) if layer in tier)


FOUNDATIONS = "foundations"
#: entry points (and benchmarks), which may use every layer
TOOLS = frozenset({"bench", "cli", "__init__.py"})


def layer_of(path: Path, src: Path) -> str:
    """The layer of a module of the package folder ``src`` (a tool's name for tools)."""
    part = path.relative_to(src).parts[0]
    if part in TOOLS:
        return part.removesuffix(".py")
    name = part.removesuffix(".py")
    return name if name in LAYERS else FOUNDATIONS


def layer_edges(src: Path) -> dict[tuple[str, str], int]:
    """How many module imports go from each layer to each other one (``src``: the
    package folder, e.g. ``src/textsim``), function-level imports included."""
    src = src.resolve()
    edges: dict[tuple[str, str], int] = {}
    for path in sorted(src.rglob("*.py")):
        here = layer_of(path, src)
        for dep in module_imports(path, src.name, src.parent):
            there = layer_of(dep, src)
            # the package's own __init__ runs on any import: not a dependency of design
            if there != here and there != "__init__":
                edges[(here, there)] = edges.get((here, there), 0) + 1
    return edges
