"""A stage's settings as one checked mapping (textsim.core.options): the checks themselves,
and that each rule passes its settings as one ``params: options=...`` whose keys match
what the function its script calls declares, checked for every rule, also those no
test run reaches (the full dump, the scaling study, the variants, the transfer block)."""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from textsim.core.options import SettingsError, call_with, keyword_settings, settings_of


@dataclass(frozen=True)
class _Settings:
    seed: int
    grid: tuple[float, ...]
    folds: int = 5


def test_settings_of_fills_the_defaults_of_the_dataclass() -> None:
    got = settings_of(_Settings, {"seed": 1, "grid": (0.5,)}, "a search")
    assert got == _Settings(seed=1, grid=(0.5,), folds=5)


def test_unknown_and_missing_settings_are_named_together() -> None:
    with pytest.raises(SettingsError) as err:
        settings_of(_Settings, {"grid": (1.0,), "fold": 3}, "a search")
    assert str(err.value) == (
        "a search: unknown setting(s) ['fold'] (known: seed, grid, folds); missing ['seed']"
    )
    # a caller may catch it as either kind of bad argument
    assert isinstance(err.value, TypeError) and isinstance(err.value, ValueError)


def _table(rows: list[int], stem: str, *, title: str, note: str = "", workers: int = 1) -> str:
    return f"{stem}:{len(rows)}:{title}:{note}:{workers}"


def test_call_with_passes_checked_options_as_keywords() -> None:
    got = call_with(_table, [1, 2], "out", options={"title": "T"}, workers=3)
    assert got == "out:2:T::3"


def test_call_with_names_unknown_and_missing_keyword_settings() -> None:
    with pytest.raises(SettingsError) as err:
        call_with(_table, [], "out", options={"titel": "T"}, workers=2)
    # what is given by the caller (workers) is not a setting the rule may pass
    assert str(err.value) == (
        "_table: unknown setting(s) ['titel'] (known: title, note); missing ['title']"
    )
    with pytest.raises(SettingsError, match=r"a table: unknown setting\(s\) \['workers'\]"):
        call_with(
            _table, [], "out", options={"title": "T", "workers": 2}, what="a table", workers=1
        )


ROOT = Path(__file__).resolve().parents[1]
RULES = sorted((ROOT / "workflow/rules").glob("*.smk"))
SCRIPTS = ROOT / "workflow/scripts"

HEAD = re.compile(r"(?m)^( *)(?:rule (\w+)|use rule (\w+) as (\w+) with|rule):\n")


def _blocks() -> list[tuple[str, str, str | None, str]]:
    """(file, rule, parent rule of ``use rule``, body) of every rule."""
    out = []
    for path in RULES:
        text = path.read_text()
        heads = list(HEAD.finditer(text))
        if not heads:
            continue
        for head, nxt in zip(heads, [*heads[1:], None], strict=True):
            body = text[head.end() : nxt.start() if nxt else len(text)]
            named = re.search(r"(?m)^ +name:\n +(.+)$", body)
            # a rule made in a loop: named by its name: expression (e.g. f"plot_{_figure}")
            line = text.count("\n", 0, head.start()) + 1
            name = head[2] or head[4] or f"{named[1] if named else 'rule'} at {path.name}:{line}"
            out.append((path.name, name, head[3], body))
    return out


BLOCKS = _blocks()


def _script(rule: str) -> str | None:
    by_name = {name: (parent, body) for _, name, parent, body in BLOCKS}
    while rule in by_name:
        parent, body = by_name[rule]
        found = re.search(r'script:\n\s+"\.\./scripts/(\w+)\.py"', body)
        if found:
            return found[1]
        if parent is None:
            return None
        rule = parent
    return None


def _params(body: str) -> str | None:
    found = re.search(r"(?m)^( +)params:\n((?:\1    .*\n)+)", body)
    return found[2] if found else None


def test_every_rule_passes_its_settings_as_one_options_mapping() -> None:
    checked = 0
    for file, name, _, body in BLOCKS:
        params = _params(body)
        if params is None:
            continue
        checked += 1
        top = [line for line in params.splitlines() if re.match(r" +\w+=", line)]
        indent = min(len(line) - len(line.lstrip()) for line in top)
        names = [
            line.split("=")[0].strip() for line in top if len(line) - len(line.lstrip()) == indent
        ]
        assert names == ["options"], f"{file}: rule {name} passes {names}"
    assert checked > 60
    for script in SCRIPTS.glob("*.py"):
        used = set(re.findall(r"snakemake\.params(\.\w+|\W)", script.read_text()))
        assert used <= {".options"}, f"{script.name} reads snakemake.params{used}"


def _keyword_rules() -> list[tuple[str, str, str, str]]:
    """(file, rule, target function, the options' source) of each rule whose options
    are a function's keywords (``# keywords of module.function``)."""
    out = []
    for file, name, _, body in BLOCKS:
        params = _params(body) or ""
        found = re.search(r"options=(?:lambda wc: )?\{  # keywords of ([\w.]+)\n", params)
        if found:
            out.append((file, name, found[1], params[found.start() :]))
    return out


KEYWORD_RULES = _keyword_rules()


def test_the_keyword_options_cover_the_tables_figures_and_plain_stages() -> None:
    assert len(KEYWORD_RULES) > 40
    targets = {target.rsplit(".", 1)[1] for _, _, target, _ in KEYWORD_RULES}
    assert {
        "table_icdmw_1",
        "plot_similarity_histogram",
        "fetch_resource",
        "train_word2vec",
    } <= targets


@pytest.mark.parametrize(
    ("file", "rule", "target", "source"), KEYWORD_RULES, ids=[r[1] for r in KEYWORD_RULES]
)
def test_rule_options_match_the_keywords_of_the_function_its_script_calls(
    file: str, rule: str, target: str, source: str
) -> None:
    module, function_name = target.rsplit(".", 1)
    function = getattr(importlib.import_module(module), function_name)
    script = _script(rule)
    assert script is not None, f"{file}: rule {rule} runs no script"
    tree = ast.parse((SCRIPTS / f"{script}.py").read_text())
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "call_with"
    ]
    assert len(calls) == 1 and getattr(calls[0].args[0], "id", None) == function_name, (
        f"{script}.py does not call_with {function_name} (the rule's comment names it)"
    )
    given = {k.arg for k in calls[0].keywords} - {"options", "what"}

    text = source.split("=", 1)[1].replace("lambda wc: ", "", 1)
    end = re.search(r"(?m)^ +\},\n", text)
    assert end is not None
    mapping = ast.parse(text[: end.end()].strip().rstrip(","), mode="eval").body
    assert isinstance(mapping, ast.Dict)
    keys = {k.value for k in mapping.keys if isinstance(k, ast.Constant)}
    spread = any(k is None for k in mapping.keys)  # **config: keys known at run time only

    names, required = keyword_settings(function, given)
    known = set(names)
    assert keys <= known, f"{file}: rule {rule}: unknown {sorted(keys - known)}"
    if not spread:
        assert required <= keys, f"{file}: rule {rule}: missing {sorted(required - keys)}"
