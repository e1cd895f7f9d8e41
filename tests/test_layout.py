"""The library's layout: imports point one way (variants → scaling → schafer → gem →
deboom → foundations), modules stay small, and the package exports its public
estimators."""

from __future__ import annotations

from pathlib import Path

import pytest

from textsim.imports import module_imports

SRC = Path(__file__).resolve().parents[1] / "src" / "textsim"
#: each layer may import only the layers after it
LAYERS = ["variants", "scaling", "schafer", "gem", "deboom"]
TOOLS = {"bench", "cli.py", "__init__.py"}  # entry points (and benchmarks) may use every layer


def _layer(path: Path) -> str:
    part = path.relative_to(SRC).parts[0]
    return part if part in LAYERS else "foundations"


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_one_way(path: Path) -> None:
    if path.relative_to(SRC).parts[0] in TOOLS:
        return
    here = _layer(path)
    allowed = (
        {"foundations"}
        | (set(LAYERS[LAYERS.index(here) + 1 :]) if here in LAYERS else set())
        | {here}
    )
    for dep in module_imports(path.resolve(), "textsim", SRC.parent.resolve()):
        assert _layer(dep) in allowed, f"{path.relative_to(SRC)} imports {dep.relative_to(SRC)}"


def test_no_module_is_large() -> None:
    sizes = {p.relative_to(SRC): len(p.read_text().splitlines()) for p in SRC.rglob("*.py")}
    assert max(sizes.values()) <= 400, sorted(sizes.items(), key=lambda kv: -kv[1])[:3]


def test_public_estimators_are_exported_lazily() -> None:
    import subprocess
    import sys

    code = (
        "import sys, textsim; assert 'textsim.gem.gem' not in sys.modules; "
        "from textsim import GEM, SIF, USIF, PoolingEmbedding, TfidfEmbedding, "
        "WeightedEmbedding, WordEmbeddings; print(GEM.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "textsim.gem.gem"
    import textsim

    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _ = textsim.Nope  # type: ignore[attr-defined]
