"""The library's layout: imports point one way, layer by layer (the glue → the API → variants →
scaling → schafer → gem → deboom → methods → formats → vectors → foundations), the
import graph has no cycle and no hidden import by name, modules stay small, and the
package exports its public estimators."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from textsim.project.imports import LAYERS, TIERS, TOOLS, layer_edges, module_imports, tier_of

SRC = Path(__file__).resolve().parents[1] / "src" / "textsim"
# each layer (textsim.project.imports.TIERS) may import only itself and the layers of
# the tiers after its own (not its peers), then the foundations (core, text, report,
# sources, runtime, measures, project); the tools (entry points and benchmarks) may use every
# layer


def _layer(path: Path) -> str:
    part = path.relative_to(SRC).parts[0].removesuffix(".py")
    return part if part in LAYERS else "foundations"


def _allowed(path: Path) -> set[str]:
    here = _layer(path)
    allowed = {"foundations", here}
    if here in LAYERS:
        allowed |= {name for tier in TIERS[tier_of(here) + 1 :] for name in tier}
    return allowed


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_imports_point_one_way() -> None:
    """Every module of the library imports only its own layer, the layers below it and
    the foundations; one test over the tree, its message listing every offender."""
    offenders = []
    for path in _modules():
        if path.relative_to(SRC).parts[0] in TOOLS:
            continue
        allowed = _allowed(path)
        offenders += [
            f"{path.relative_to(SRC)} imports {dep.relative_to(SRC)}"
            for dep in module_imports(path.resolve(), "textsim", SRC.parent.resolve())
            if _layer(dep) not in allowed
        ]
    assert not offenders, "imports up the layers:\n" + "\n".join(offenders)


def test_the_pictured_graph_has_no_upward_arrow() -> None:
    """The development page's picture (textsim.project.imports.layer_edges): no import goes up
    the layers (the paper families use the methods, never the API)."""
    up = {
        (a, b)
        for (a, b) in layer_edges(SRC)
        if a in LAYERS and b in LAYERS and tier_of(b) <= tier_of(a)  # up, or to a peer
    }
    assert not up, up


def test_the_layers_are_the_ones_declared() -> None:
    """Every layer named exists (a renamed folder must not silently leave the check)."""
    top = {p.name.removesuffix(".py") for p in SRC.iterdir()}
    assert set(LAYERS) <= top, set(LAYERS) - top


def test_the_import_graph_has_no_cycle() -> None:
    """No module reaches itself through imports, function-level ones included (the
    model-file module once imported the estimators' families by name and back)."""
    from graphlib import CycleError, TopologicalSorter

    root = SRC.parent.resolve()

    def own_package(module: Path, dep: Path) -> bool:
        """``dep`` is the ``__init__.py`` of a package holding ``module`` (Python runs it
        first whatever the module imports: not a design loop)."""
        return dep.name == "__init__.py" and dep.parent in module.parents

    graph = {
        p.resolve(): {
            d
            for d in module_imports(p.resolve(), "textsim", root)
            if d != p.resolve() and not own_package(p.resolve(), d)
        }
        for p in _modules()
    }
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as err:
        cycle = [str(Path(p).relative_to(root)) for p in err.args[1]]
        pytest.fail("import cycle: " + " -> ".join(cycle))


def _imports_by_name(path: Path) -> list[int]:
    """Lines that import a module by a computed name (importlib.import_module, __import__,
    pkgutil.resolve_name)."""
    import ast

    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name in ("import_module", "__import__", "resolve_name"):
                lines.append(node.lineno)
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module == "importlib"
            and any(a.name == "import_module" for a in node.names)
        ):
            lines.append(node.lineno)
    return lines


#: the one module that imports by name, with why: a user's own class (methods.extra),
#: never a textsim module; its rules make the class's file a code input instead
USER_CODE = {"methods/extra.py": 1}


def test_no_import_by_name_outside_package_inits() -> None:
    """Imports by a computed name hide a dependency from the import graph (and from
    every rule's code inputs); only a package's ``__init__.py`` may load lazily, and
    :data:`USER_CODE` the user's classes."""
    found = {
        str(p.relative_to(SRC)): lines
        for p in _modules()
        if p.name != "__init__.py" and (lines := _imports_by_name(p))
    }
    assert {k: len(v) for k, v in found.items() if k in USER_CODE} == USER_CODE
    assert not {k: v for k, v in found.items() if k not in USER_CODE}, found


def test_no_module_is_large() -> None:
    sizes = {p.relative_to(SRC): len(p.read_text().splitlines()) for p in SRC.rglob("*.py")}
    assert max(sizes.values()) <= 400, sorted(sizes.items(), key=lambda kv: -kv[1])[:3]


def test_no_workflow_file_is_large() -> None:
    """The workflow's files under the modules' cap: a stage past it splits (its rules
    beside its tables', as deboom_tables.smk and schafer_tables.smk)."""
    root = SRC.parents[1]
    files = [root / "Snakefile", *sorted((root / "workflow/rules").glob("*.smk"))]
    sizes = {p.name: len(p.read_text().splitlines()) for p in files}
    assert len(sizes) > 10 and max(sizes.values()) <= 400, sorted(
        sizes.items(), key=lambda kv: -kv[1]
    )[:3]


def test_every_script_directive_is_a_literal_path() -> None:
    """Snakemake evaluates a rule's ``script:`` when the job runs, not when the rule is
    defined: in a rule made in a loop, a path built from the loop variable names the last
    iteration's script for every rule. Each ``script:`` is therefore a literal path to a
    script of workflow/scripts that exists."""
    root = SRC.parents[1]
    found = {}
    for smk in [root / "Snakefile", *sorted((root / "workflow/rules").glob("*.smk"))]:
        lines = smk.read_text().splitlines()
        for i, line in enumerate(lines):
            if line.strip() == "script:":
                found[f"{smk.name}:{i + 2}"] = lines[i + 1].strip()
    literal = re.compile(r'^"\.\./scripts/([a-z0-9_]+\.py)"$')
    bad = {k: v for k, v in found.items() if not literal.match(v)}
    missing = {
        k: v
        for k, v in found.items()
        if (m := literal.match(v)) and not (root / "workflow/scripts" / m[1]).is_file()
    }
    assert len(found) > 30 and not bad and not missing, (bad, missing)


def test_public_estimators_are_exported_lazily() -> None:
    import subprocess
    import sys

    code = (
        "import sys, textsim; assert 'textsim.methods.gem.model' not in sys.modules; "
        "from textsim import GEM, SIF, USIF, PoolingEmbedding, TfidfEmbedding, "
        "WeightedEmbedding, WordEmbeddings; print(GEM.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "textsim.methods.gem.model"
    import textsim

    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _ = textsim.Nope  # type: ignore[attr-defined]


#: test files about the project rather than one module of the library (first_contact: a
#: new user's commands and hostile files, across the CLI, downloads and model files)
TOPICS = {
    "docs",
    "first_contact",
    "layout",
    "memory",
    "module",
    "notebooks",
    "reruns",
    "slurm",
    "workflow",
}


def test_test_files_are_named_after_what_they_test() -> None:
    """``tests/test_<name>.py`` tests the module or package ``<name>`` (its dotted path
    joined by ``_``, or its own name where that is unambiguous), or is a project topic."""
    modules = [p.relative_to(SRC).with_suffix("") for p in SRC.rglob("*.py")]
    names = {"_".join(m.parts) for m in modules if m.name != "__init__"}
    names |= {"_".join(m.parts[:-1]) for m in modules if m.name == "__init__" and m.parts[:-1]}
    last = [
        m.parts[-1] if m.name != "__init__" else m.parts[-2]
        for m in modules
        if m.parts != ("__init__",)
    ]
    names |= {n for n in set(last) if last.count(n) == 1}
    tests = Path(__file__).resolve().parent
    stray = sorted(
        p.name
        for p in tests.glob("test_*.py")
        if p.stem.removeprefix("test_") not in names | TOPICS
    )
    assert not stray, stray


def _enumerations() -> dict[str, tuple[Path, tuple[str, ...]]]:
    """Each closed list of names with the one module that defines it (the config schema
    repeats them, guarded by tests/test_config.py)."""
    from textsim.deboom.baselines import BASELINES
    from textsim.methods.learned.procedures import PRL_PROCEDURES, PROCEDURES, STOPPING
    from textsim.methods.pooling import POOLINGS
    from textsim.methods.settings import CONFIGURED
    from textsim.schafer.baselines import BASELINES as SCHAFER_BASELINES
    from textsim.schafer.hyperparameters import DECLARATIONS
    from textsim.schafer.models.base import OPTIMIZERS

    procedures = SRC / "methods" / "learned" / "procedures.py"
    return {
        "training procedures": (procedures, PROCEDURES),
        "PRL's losses": (procedures, PRL_PROCEDURES),
        "stopping rules": (procedures, STOPPING),
        "poolings": (SRC / "methods" / "pooling.py", POOLINGS),
        "optimizers": (SRC / "schafer" / "models" / "base.py", OPTIMIZERS),
        "Schäfer's models": (SRC / "schafer" / "hyperparameters.py", tuple(DECLARATIONS)),
        "configured methods": (SRC / "methods" / "settings.py", tuple(CONFIGURED)),
        "De Boom's baselines": (SRC / "deboom" / "baselines.py", tuple(BASELINES)),
        "Schäfer's baselines": (SRC / "schafer" / "baselines.py", tuple(SCHAFER_BASELINES)),
    }


def _sequences(text: str, names: tuple[str, ...]) -> list[set[str]]:
    """The whole sequences of ``names`` written out in ``text``: quoted and
    comma-separated inside brackets (a tuple, a list, a Literal) or joined by ``|`` inside
    a string or parentheses (a regular expression, a wildcard constraint)."""
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    quoted = rf"""["'](?:{alt})["']"""
    runs = re.findall(rf"[\[(]\s*({quoted}(?:\s*,\s*{quoted})+)\s*,?\s*[\])]", text)
    runs += re.findall(rf"[\"'(]((?:{alt})(?:\|(?:{alt}))+)[\"')]", text)
    return [set(re.findall(alt, run)) for run in runs]


def test_each_enumeration_is_written_once() -> None:
    """No module, rule file or script writes out a whole closed list of names (the
    training procedures, the optimizers, the models, the methods) except the module
    that defines it: the others import it, so adding a name changes one line."""
    root = SRC.parents[1]
    files = [*SRC.rglob("*.py"), *(root / "workflow").rglob("*.smk"), root / "Snakefile"]
    files += sorted((root / "workflow" / "scripts").glob("*.py"))
    stray = [
        f"{what}: {path.relative_to(root)}"
        for what, (home, names) in _enumerations().items()
        for path in files
        if path != home and set(names) in _sequences(path.read_text(), names)
    ]
    assert not stray, stray


def test_a_written_out_enumeration_is_found() -> None:
    names = ("icdmw", "contrastive", "median")
    assert _sequences('choices=("icdmw", "contrastive",\n "median")', names) == [set(names)]
    assert _sequences('procedure="icdmw|contrastive|median"', names) == [set(names)]
    assert _sequences('["contrastive", "median"] and "icdmw-x|median"', names) == [
        {"contrastive", "median"}
    ]
    assert _sequences('["mean", "contrastive", "median"]', names) == []  # a longer list
