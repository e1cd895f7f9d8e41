"""Code inputs: every rule's are the textsim modules its script imports, transitively,
derived by one helper (textsim.project.imports via code() in workflow/rules/common.smk)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

from textsim.project.imports import module_closure

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "textsim"

#: rules that run another rule's script: the download loop's rules share one script
#: (fetch_files.py), a rule made by `use rule X as Y` runs X's script
#: rules whose script is another's (a `use rule`, or the same script for several rules)
SHARED_SCRIPTS = {
    "evaluate_baselines": "evaluate_scores",
    "evaluate_learned": "evaluate_scores",
    "table_icdmw_3": "table_comparison",
    "table_prl_1": "table_comparison",
    "table_prl_2": "table_comparison",
    "plot_icdmw_figure_1": "plot_similarity_histogram",
    "plot_icdmw_figure_2": "plot_similarity_histogram",
    "plot_prl_figure_2": "plot_similarity_histogram",
    "plot_icdmw_figure_4": "plot_learned_weights",
    "plot_prl_figure_3": "plot_learned_weights",
    "train_word2vec_transfer": "train_word2vec",
    "schafer_table_a2": "schafer_table_a1",
    "plot_leaderboard_deboom": "plot_leaderboard",
    "plot_leaderboard_sts": "plot_leaderboard",
    "plot_leaderboard_schafer": "plot_leaderboard",
    "scaling_word2vec": "train_word2vec",
    "scaling_docfreq": "count_docfreq",
    "scaling_word2vec_quality": "evaluate_word2vec",
    "scaling_pair_candidates": "extract_pair_candidates",
    "scaling_couples": "curate_pairs",
    "scaling_scores": "score_baselines",
    "scaling_metrics": "evaluate_scores",
    "scaling_train": "train_weights",
    "scaling_learned_scores": "score_learned",
    "scaling_learned": "evaluate_scores",
    "scaling_sts": "sts_scores",
    "scaling_verdicts": "verdicts",
    "train_word2vec_seed": "train_word2vec",
    "score_baselines_seed": "score_baselines",
    "train_weights_seed": "train_weights",
    "score_learned_seed": "score_learned",
    "variant_clean_wiki_shard": "clean_wiki_shard",
    "variant_count_docfreq": "count_docfreq",
    "variant_merge_docfreq": "merge_docfreq",
    "variant_word2vec": "train_word2vec",
    "variant_pair_candidates": "extract_pair_candidates",
    "variant_couples": "curate_pairs",
    "variant_scores": "score_baselines",
    "variant_metrics": "evaluate_scores",
    "variant_train": "train_weights",
    "variant_learned_scores": "score_learned",
    "variant_learned": "evaluate_scores",
}


def load_rules(
    configfile: Path, workdir: Path, snakefile: Path = ROOT / "Snakefile"
) -> dict[str, Any]:
    """The parsed workflow's rules by name (Snakemake's API, no job runs). Parsing runs
    the Snakefile in this process, which sets PYTHONPATH to its own src/ for its jobs:
    the environment is restored afterwards, or every later subprocess of the test
    session would import the library from that copy."""
    import os

    from snakemake.api import SnakemakeApi
    from snakemake.settings.enums import Quietness
    from snakemake.settings.types import ConfigSettings, OutputSettings, ResourceSettings

    saved = dict(os.environ)
    try:
        with SnakemakeApi(OutputSettings(quiet={Quietness.ALL})) as api:
            wapi = api.workflow(
                resource_settings=ResourceSettings(cores=1),
                config_settings=ConfigSettings(configfiles=[configfile]),
                snakefile=snakefile,
                workdir=workdir,
            )
            return {r.name: r for r in wapi._workflow.rules}
    finally:
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture(scope="module")
def parse_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The working directory the workflow is parsed in: code inputs are relative to it."""
    return tmp_path_factory.mktemp("parse")


@pytest.fixture(scope="module")
def rules(parse_dir: Path) -> dict[str, Any]:
    return load_rules(ROOT / "config.yaml", parse_dir)


def code_paths(rule: Any, workdir: Path) -> list[Path]:
    """A rule's code inputs as absolute paths (they are written relative to the workdir)."""
    return sorted((workdir / p).resolve() for p in rule.input.get("code", []))


def test_every_script_is_named_as_its_rule(rules: dict[str, Any]) -> None:
    for name, rule in rules.items():
        if rule.script is None:
            continue
        script = Path(rule.script).stem
        if name.startswith("fetch_") and script == "fetch_files":
            continue
        assert script == SHARED_SCRIPTS.get(name, name), (name, rule.script)


def test_code_inputs_equal_the_import_closure(rules: dict[str, Any], parse_dir: Path) -> None:
    checked = 0
    for name, rule in rules.items():
        if rule.script is None:
            continue
        code = code_paths(rule, parse_dir)
        if name.startswith("fetch_"):
            # downloads are verified by checksum; editing the fetcher does not re-download
            assert code == [], name
            continue
        script = ROOT / "workflow" / "scripts" / Path(rule.script).name
        closure = module_closure(script, SRC)
        assert code == closure, name
        assert SRC / "core" / "io.py" in code  # every script logs through textsim.core.io
        checked += 1
    assert checked > 40


def test_formatting_modules_reach_only_their_rules(rules: dict[str, Any], parse_dir: Path) -> None:
    """A table's or figure's module is in the code of that artifact's rules only."""

    def users(module: str) -> set[str]:
        path = SRC / module
        return {n for n, r in rules.items() if path in code_paths(r, parse_dir)}

    assert users("schafer/tables/lda.py") == {"schafer_table_lda"}
    assert users("schafer/tables/results.py") == {"schafer_table_a1", "schafer_table_a2"}
    assert users("schafer/tables/sizes.py") == {"schafer_table_sizes"}
    assert users("schafer/figures/tsne.py") == {"schafer_tsne"}
    assert users("deboom/tables/icdmw_2.py") == {"table_icdmw_2"}
    assert users("gem/tables/sts.py") == {"table_gem_sts"}
    assert "schafer_swarm_evaluate" not in users("schafer/baselines.py")
    assert users("methods/gem/model.py") >= {"sts_scores", "schafer_baseline"}
    assert not users("methods/gem/model.py") & {"schafer_swarm_evaluate", "schafer_run"}


def test_the_model_file_format_reaches_the_model_files_rule_only(
    rules: dict[str, Any], parse_dir: Path
) -> None:
    """Editing the model-file format reruns the rule that writes model files, no score
    and no paper table; the workflow builds its models from the methods it applies,
    never through the API or the registry of every method, so editing one method reruns
    the rules that apply it and no other."""

    def users(module: str) -> set[str]:
        path = SRC / module
        return {n for n, r in rules.items() if path in code_paths(r, parse_dir)}

    assert users("formats/modelfile.py") == {"sts_models"}
    for module in ("api/fitting.py", "api/persistence.py", "methods/registry.py"):
        assert not users(module), module
    learned = users("methods/learned/model.py")
    assert {"sts_scores", "sts_models", "train_weights", "score_learned"} <= learned
    assert not learned & {"paragraph_scores", "schafer_baseline", "embed_extra", "sts_ngrams"}
    assert not learned & {"score_baselines", "evaluate_baselines", "evaluate_learned"}
    assert users("methods/learned/training.py") == learned  # fit trains
    gem = users("methods/gem/windows.py")
    assert {"sts_scores", "sts_ngrams", "sts_models", "paragraph_scores", "schafer_baseline"} <= gem
    assert not gem & {"train_weights", "score_learned", "score_baselines", "embed_extra"}
    # MiniLM reaches the workflow only as an extra method (configs/minilm.yaml), named by
    # import path: its class file is an input of its embedding job, no rule imports it
    assert not users("methods/minilm.py")
    assert not users("methods/sif.py") & {"sts_ngrams", "train_weights", "score_baselines"}


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return tmp_path / "pkg"


def test_closure_follows_every_kind_of_import(tmp_path: Path) -> None:
    pkg = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.sub import b\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/b.py": "from . import c\nfrom .d import thing\n",
            "pkg/sub/c.py": "def f():\n    import pkg.lazy\n",
            "pkg/sub/d.py": "thing = 1\n",
            "pkg/lazy.py": "import os\n",
            "pkg/typing_only.py": "",
            "pkg/unused.py": "",
            "script.py": (
                "from typing import TYPE_CHECKING\nimport numpy\nfrom pkg.a import x\n"
                "if TYPE_CHECKING:\n    from pkg import typing_only\n"
            ),
        },
    )
    got = {p.relative_to(tmp_path).as_posix() for p in module_closure(tmp_path / "script.py", pkg)}
    assert got == {
        "pkg/__init__.py",
        "pkg/a.py",
        "pkg/sub/__init__.py",
        "pkg/sub/b.py",
        "pkg/sub/c.py",
        "pkg/sub/d.py",
        "pkg/lazy.py",
    }


def test_closure_survives_import_cycles(tmp_path: Path) -> None:
    pkg = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/b.py": "from pkg import a\n",
            "script.py": "import pkg.a\n",
        },
    )
    got = {p.name for p in module_closure(tmp_path / "script.py", pkg)}
    assert got == {"__init__.py", "a.py", "b.py"}


def test_direct_imports_are_kept_between_processes_until_a_file_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second process reads each file's imports from the kept file instead of its
    syntax tree; a file edited since is read again, and its old entry dropped."""
    from textsim.project import imports

    kept = tmp_path / "imports.json"
    monkeypatch.setenv("TEXTSIM_IMPORTS_CACHE", str(kept))

    def new_process() -> None:  # a fresh process: nothing in memory
        imports.module_imports.cache_clear()
        monkeypatch.setattr(imports, "_KEPT", {})
        monkeypatch.setattr(imports, "_STATE", {"loaded": False, "changed": False})

    pkg = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/b.py": "",
            "s.py": "import pkg.a\n",
        },
    )
    script = tmp_path / "s.py"
    new_process()
    first = module_closure(script, pkg)
    assert {Path(p).name for v in json.loads(kept.read_text()).values() for p in v} >= {
        "a.py",
        "b.py",
    }
    new_process()
    monkeypatch.setattr(imports.ast, "parse", lambda *a, **k: pytest.fail("read again"))
    assert module_closure(script, pkg) == first  # every file from the kept imports
    monkeypatch.undo()
    monkeypatch.setenv("TEXTSIM_IMPORTS_CACHE", str(kept))
    (tmp_path / "pkg/a.py").write_text("from pkg import b\nfrom pkg import c\n")
    (tmp_path / "pkg/c.py").write_text("")
    new_process()
    edited = module_closure(script, pkg)
    assert (tmp_path / "pkg/c.py").resolve() in edited
    entries = json.loads(kept.read_text())
    assert sum(key.startswith(str((tmp_path / "pkg/a.py").resolve())) for key in entries) == 1
    written = kept.stat().st_mtime_ns
    monkeypatch.setenv("TEXTSIM_IMPORTS_CACHE", "")  # none: the same closure, nothing written
    new_process()
    assert module_closure(script, pkg) == edited
    assert kept.stat().st_mtime_ns == written
