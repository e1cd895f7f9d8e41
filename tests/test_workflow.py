"""Workflow tests: lint, dry runs, config validation, a tiny end-to-end run."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from tinyrun import (
    RECORDED_VALUES,
    ROOT,
    SNAKEMAKE,
    environment,
    recorded_for,
    smk_in,
    table_hashes,
    value_differences,
)


def smk(
    *args: str, cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: int = 900
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SNAKEMAKE, "-s", str(ROOT / "Snakefile"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def test_the_tiny_run_groups_split_the_schafer_tests_from_the_others() -> None:
    """pytest -n auto (tests/conftest.py): the tests that add the Schäfer stages to their
    copy of the tiny run and the notebook that reads them are one scope; the De Boom and
    GEM tests, the docs and the other notebooks another; a test that does not ask for
    the tiny run is a scope of its own."""
    from conftest import SCHAFER_GROUP, TINY_RUN_GROUPS, _tiny_run_users, tiny_run_group

    users = _tiny_run_users(ROOT / "tests")
    groups = {
        t: tiny_run_group(f"tests/{t}", users)
        for t in (
            "test_workflow.py::test_schafer_framework_artifacts_and_resume",
            "test_workflow.py::test_schafer_fixed_configurations_train_once_without_a_search",
            "test_workflow.py::test_schafer_selection_selects_on_valid_and_runs_seeds_beside_controls",
            "test_notebooks.py::test_notebook_runs_on_the_tiny_run[schafer]",
            "test_workflow.py::test_gem_stages_table_figures_and_report",
            "test_workflow.py::test_tiny_run_makes_every_artifact",
            "test_notebooks.py::test_notebook_runs_on_the_tiny_run[gem]",
            "test_docs.py::test_the_runnable_blocks_run_verbatim",
            "test_slurm.py::test_tiny_workflow_on_slurm_with_scancel_and_a_killed_snakemake",
            "test_workflow.py::test_schafer_thesis_config_plans_fixed_runs_only",
        )
    }
    schafer = {t for t, g in groups.items() if g == SCHAFER_GROUP}
    assert schafer == set(list(groups)[:4]), schafer
    adds = TINY_RUN_GROUPS["test_workflow.py"]
    assert {t for t, g in groups.items() if g == adds} == set(list(groups)[4:8])
    assert groups[list(groups)[8]] == TINY_RUN_GROUPS["test_slurm.py"]
    last = list(groups)[9]  # plans without the tiny run
    assert groups[last] == f"tests/{last}"


def test_every_job_rule_is_benchmarked() -> None:
    """Each rule that runs code records its time and memory (benchmarks/); a rule made
    with ``use rule`` names its own file, so no two jobs share one."""
    paths: list[str] = []
    for smk_file in sorted((ROOT / "workflow/rules").glob("*.smk")):
        blocks = re.split(r"(?m)^(?=rule |use rule |checkpoint )", smk_file.read_text())
        for block in blocks:
            head = re.match(r"(?:rule (\w+)|use rule \w+ as (\w+)|checkpoint (\w+))", block)
            if not head or not re.search(r"(?m)^    (script|shell|run|benchmark|log):", block):
                continue
            name = next(g for g in head.groups() if g)
            found = re.search(r'(?m)^    benchmark:\n        f?"([^"]+)"', block)
            assert found, f"{smk_file.name}: rule {name} has no benchmark:"
            paths.append(found[1])
    assert len(paths) > 80
    assert len(paths) == len(set(paths)), sorted(p for p in paths if paths.count(p) > 1)


def test_schafer_thesis_config_plans_fixed_runs_only(tmp_path: Path) -> None:
    """configs/schafer-thesis.yaml (and its padded overlay) resolve: target `schafer`
    plans every model once per dataset and word size, no swarm job, the size table."""
    thesis = str(ROOT / "configs/schafer-thesis.yaml")
    padded = str(ROOT / "configs/schafer-thesis-padded.yaml")
    for files in ([thesis], [thesis, padded]):
        res = smk("schafer", "-n", "--configfile", *files, "--directory", str(tmp_path))
        assert res.returncode == 0, res.stderr[-3000:]
        counts = dict(re.findall(r"^(\w+)\s+(\d+)$", res.stdout, flags=re.M))
        # news10: 6 models x 3 word sizes; ohsumed10, news10-1k, news10-3k: 6 each
        assert counts["schafer_run"] == "36" and counts["schafer_table_sizes"] == "1"
        assert not any(rule.startswith("schafer_swarm") for rule in counts)
    # its verdicts judge the thesis' claims only: no De Boom job, the selection's trials
    res = smk("-n", "--configfile", thesis, "--directory", str(tmp_path), "--", "verdicts")
    assert res.returncode == 0, res.stderr[-3000:]
    counts = dict(re.findall(r"^(\w+)\s+(\d+)$", res.stdout, flags=re.M))
    assert counts["verdicts"] == "1" and "schafer_trial" in counts
    assert not {"score_baselines", "train_weights", "sts_scores"} & set(counts), counts


def test_a_target_the_config_does_not_provide_stops_naming_the_key(tmp_path: Path) -> None:
    """The size table asked for on the demo config (no schafer.sizes): one sentence
    naming the key and a config that sets it, before any job, no traceback."""
    res = smk("-n", "--directory", str(tmp_path), "--", "results/paper/tables/schafer-sizes.md")
    assert res.returncode != 0
    assert "config schafer.sizes is empty" in res.stderr and "schafer-thesis.yaml" in res.stderr
    assert "Traceback" not in res.stderr and "schafer_table_sizes" not in res.stdout


#: the demo's inputs that come from a mirror or an address (not a package)
DEMO_INPUTS = (
    "enwiki-2015-extracted",
    "health-news-tweets",
    "news-agency-tweets-2020",
    "stsbenchmark",
    "ohsumed-single-23",
    "20newsgroups",
)


def test_an_input_without_a_source_stops_planning_naming_it(tmp_path: Path) -> None:
    """A mirror holding part of the 2015 Wikipedia text: the rest cannot come from the
    latest dump (it would mix two corpora). Planning stops before any job, naming the
    input, the files and the ways to provide them."""
    (tmp_path / "mirror" / "enwiki-2015-extracted" / "AA").mkdir(parents=True)
    work = tmp_path / "work"
    env = {"TEXTSIM_MIRROR": str(tmp_path / "mirror")}
    res = smk("-n", "--directory", str(work), "--", "table_icdmw_1", env=env)
    assert res.returncode != 0
    assert "input enwiki-2015-extracted: no source here." in res.stderr
    assert re.search(
        r"lacks AA/wiki_00.bz2, AA/wiki_01.bz2, AA/wiki_02.bz2 and \d+ more", res.stderr
    )
    assert "TEXTSIM_MIRROR=/path/to/mirror" in res.stderr and "corpus.source: dump" in res.stderr
    assert "Traceback" not in res.stderr and "Exception" not in res.stderr
    assert not any((work / d).exists() for d in ("results", "resources", "logs"))


def test_without_a_mirror_every_demo_input_has_an_official_source(tmp_path: Path) -> None:
    """Planning names each input's address; the two that cannot be had as documented
    say how they differ: the latest dump's articles, the public tweets in the pool."""
    res = smk("-n", "--directory", str(tmp_path), env={"TEXTSIM_MIRROR": ""})
    assert res.returncode == 0, res.stderr[-3000:]
    said = dict(re.findall(r"^input ([\w-]+): (.*)$", res.stderr, flags=re.M))
    assert "no source here" not in res.stderr and "cannot be downloaded" not in res.stderr
    assert set(said) >= {*DEMO_INPUTS, "questions-words"}
    assert all(line.split()[0] in ("official", "package", "stand-in") for line in said.values())
    assert said["enwiki-2015-extracted"].startswith(
        "official https://dumps.wikimedia.org/enwiki/latest/"
    )
    assert "not the 2015 dump's" in said["enwiki-2015-extracted"]
    assert said["news-agency-tweets-2020"].startswith("stand-in health-news-tweets, already pooled")
    # said among the inputs' lines while planning (beside the input standing in), not
    # first, above Snakemake's banner
    lines = res.stderr.splitlines()
    where = {line.split(":")[0]: i for i, line in enumerate(lines) if line.startswith("input ")}
    assert where["input news-agency-tweets-2020"] == where["input health-news-tweets"] + 1
    # the inputs trusted on first use are the ones the README names, and planning says so
    tofu = {name for name, line in said.items() if "trust on first use" in line}
    readme = (ROOT / "README.md").read_text()
    trusted = readme[readme.index("**trusted on first use**") :].split("Their first download")[0]
    assert (
        tofu
        == set(re.findall(r"`([\w-]+)`", trusted))
        == {
            "enwiki-2015-extracted",
            "ohsumed-single-23",
        }
    )
    # the pool without them: no fetch job for the tweets that have no source
    assert "fetch_news_agency_tweets_2020" not in res.stdout


def test_planning_says_where_each_input_comes_from(tmp_path: Path) -> None:
    res = smk("-n", "--directory", str(tmp_path))  # the real or the stub mirror
    assert res.returncode == 0, res.stderr[-3000:]
    for name in DEMO_INPUTS:
        assert re.search(rf"^input {name}: mirror /", res.stderr, re.M), name
    assert "input questions-words: package gensim" in res.stderr
    assert res.stderr.count("input enwiki-2015-extracted:") == 1  # once, not per job


def test_paper_config_downloads_a_full_dump(tmp_path: Path) -> None:
    res = smk("-n", "--configfile", str(ROOT / "configs/paper.yaml"), "--directory", str(tmp_path))
    assert res.returncode == 0, res.stderr
    assert "resources/enwiki-dump/20261101/pages-articles.xml.bz2" in res.stdout
    assert re.search(
        r"^input enwiki-dump: official https://dumps\.wikimedia\.org/", res.stderr, re.M
    )


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("wrod2vec:\n  epochs: 3\n", "wrod2vec"),
        ("word2vec:\n  epoch: 3\n", "epoch"),
        ("seed: abc\n", "seed"),
        ("pairs:\n  lengths: ['20', 'ten']\n", "ten"),
    ],
)
def test_bad_config_stops_before_any_job(text: str, key: str, tmp_path: Path) -> None:
    cfg = tmp_path / "bad.yaml"
    cfg.write_text(text)
    res = smk("-n", "--configfile", str(cfg), "--directory", str(tmp_path))
    assert res.returncode != 0
    out = res.stdout + res.stderr
    assert key in out and "Error validating config" in out, out
    assert len(out.splitlines()) <= 8, out  # a few lines, not the schema and config dumps
    assert not (tmp_path / "results").exists()


def test_an_unwritable_home_does_not_stop_snakemake(tmp_path: Path) -> None:
    """A read-only home (here: one below a file, which not even root can create): the
    default profile keeps Snakemake's source cache per run, so the workflow plans; a
    profile that does not gives Snakemake's traceback (the case the docs explain)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {k: v for k, v in os.environ.items() if k != "XDG_CACHE_HOME"}
    env["HOME"] = str(blocker / "home")
    tiny = str(ROOT / "configs/tiny.yaml")
    run = [*SNAKEMAKE, "-s", str(ROOT / "Snakefile"), "-n", "--configfile", tiny]
    res = subprocess.run(
        [*run, "--directory", str(tmp_path / "run")],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr[-3000:]
    assert "Traceback" not in res.stderr and not (blocker / "home").exists()
    without = subprocess.run(
        [*run, "--workflow-profile", "none", "--directory", str(tmp_path / "run")],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert without.returncode != 0 and "Not a directory" in without.stdout + without.stderr


@pytest.mark.parametrize("outside", ["/", "../elsewhere"])
def test_a_workdir_outside_the_project_needs_its_key(outside: str, tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    target = (run / outside / "wd").resolve()
    cfg = tmp_path / "wd.yaml"
    cfg.write_text(f"workdir: {run / outside / 'wd'}\n")
    res = smk(
        "-n", "--configfile", str(ROOT / "configs/tiny.yaml"), str(cfg), "--directory", str(run)
    )
    assert res.returncode != 0
    line = next(x for x in res.stderr.splitlines() if x.startswith("config key workdir"))
    assert "outside the project folder" in line and "workdir_outside: true" in line
    assert "Traceback" not in res.stderr and not target.exists()
    if outside != "/":
        cfg.write_text(f"workdir: {run / outside / 'wd'}\nworkdir_outside: true\n")
        res = smk(
            "-n", "--configfile", str(ROOT / "configs/tiny.yaml"), str(cfg), "--directory", str(run)
        )
        assert res.returncode == 0, res.stderr[-3000:]


def test_corrupt_mirror_file_fails_at_download(tmp_path: Path, mirror: Path) -> None:
    fake = tmp_path / "mirror" / "enwiki-2015-extracted" / "AA"
    fake.mkdir(parents=True)
    data = bytearray((mirror / "enwiki-2015-extracted" / "AA" / "wiki_00.bz2").read_bytes())
    data[1000] ^= 0x01
    (fake / "wiki_00.bz2").write_bytes(bytes(data))
    cfg = tmp_path / "one.yaml"
    cfg.write_text(
        "corpus:\n  extracted:\n    max_files: 1\n  n_shards: 1\n"
        "transfer:\n  source: same-corpus\n"  # no slice files: the mirror holds one file
    )
    work = tmp_path / "work"
    res = smk(
        "--cores",
        "1",
        "--show-failed-logs",
        "--configfile",
        str(cfg),
        "--directory",
        str(work),
        "results/corpus/clean/000.tsv",
        env={"TEXTSIM_MIRROR": str(tmp_path / "mirror")},
    )
    out = res.stdout + res.stderr
    assert res.returncode != 0
    assert "Error in rule fetch_enwiki_2015_extracted" in out
    assert re.search(
        r"checksum mismatch for \S*mirror/enwiki-2015-extracted/AA/wiki_00.bz2", out
    ), out
    assert not (work / "resources/enwiki-2015-extracted/AA/wiki_00.bz2").exists()
    assert not (work / "results/corpus/clean/000.tsv").exists()


FIGURE_RULES = {
    "plot_icdmw_figure_1",
    "plot_icdmw_figure_2",
    "plot_icdmw_figure_4",
    "plot_icdmw_figure_5",
    "plot_prl_figure_3",
}


def planned_jobs(res: subprocess.CompletedProcess[str]) -> set[str]:
    return set(re.findall(r"^(\w+)\s+\d+$", res.stdout, flags=re.M)) - {"total"}


@pytest.mark.workflow
def test_tiny_run_makes_every_artifact(tiny_project: Path) -> None:
    paper = tiny_project / "results/paper"
    for stem in ("tables/icdmw-table-1", "tables/icdmw-table-2"):
        for ext in ("csv", "md", "tex", "html"):
            assert (paper / f"{stem}.{ext}").stat().st_size > 0
    for stem in ("tables/icdmw-table-3", "tables/prl-table-1"):
        for ext in ("csv", "md", "tex", "html"):
            assert (paper / f"{stem}.{ext}").stat().st_size > 0
    for name in (
        "icdmw-figure-1",
        "icdmw-figure-2",
        "icdmw-figure-4",
        "icdmw-figure-5",
        "prl-figure-3",
    ):
        for ext in ("pdf", "png"):
            assert (paper / f"figures/{name}.{ext}").stat().st_size > 1000
    # exactly the De Boom artifacts the getting-started page says the tiny run makes
    figures = {p.stem for p in (paper / "figures").glob("*.pdf")}
    assert {f for f in figures if f.startswith(("icdmw", "prl"))} == {
        "icdmw-figure-1",
        "icdmw-figure-2",
        "icdmw-figure-4",
        "icdmw-figure-5",
        "prl-figure-3",
    }
    assert not (paper / "tables/prl-table-2.csv").exists()
    said = " ".join((ROOT / "docs/getting-started.md").read_text().split())
    assert "ICDMW Tables 1–3 and Figures 1, 2, 4, 5, PRL Table 1 and Figure 3" in said
    assert "PRL Table 2 and Figure 2 need the demo's tweets" in said
    prl = pd.read_csv(paper / "tables/prl-table-1.csv")
    assert set(prl["length"].astype(str)) == {"20", "var", "transfer"}
    assert {"learned_contrastive", "learned_median"} <= set(prl["method"])
    # kappa: chosen by the cross-validated grid search, recorded, and used by the median model
    kappa = json.loads((tiny_project / "results/weights/kappa.json").read_text())
    assert kappa["grid"] == [80.0, 160.0] and kappa["kappa"] in kappa["grid"]
    search = pd.read_csv(tiny_project / "results/weights/kappa-search.csv")
    assert len(search) == 2 * 2 and search.loc[search["chosen"], "kappa"].eq(kappa["kappa"]).all()
    median = json.loads((tiny_project / "results/weights/20/median.json").read_text())
    assert median["kappa"] == kappa["kappa"]
    # transfer: the variable-length weights applied unchanged to the 30-d CBOW vectors
    transfer = prl[prl["length"].astype(str) == "transfer"]
    assert transfer["n_test"].iloc[0] == prl[prl["length"].astype(str) == "var"]["n_test"].iloc[0]
    t1 = pd.read_csv(paper / "tables/icdmw-table-1.csv")
    assert len(t1) == 9 * 3 * 2  # techniques × lengths × vector variants
    assert t1["split_error_pct"].between(0, 60).all()
    assert t1["js"].between(0, 1).all() and t1["paper_js"].notna().all()
    # tf-idf on 30-word texts separates clearly better than chance even at this scale
    tfidf30 = t1[(t1["method"] == "tfidf") & (t1["length"] == 30)]
    assert (tfidf30["split_error_pct"] < 30).all()
    quality = pd.read_csv(tiny_project / "results/word2vec/quality.csv")
    assert set(quality["benchmark"]) >= {"wordsim353 (Spearman rho)"}
    summary = pd.read_csv(tiny_project / "results/pairs/20/summary.csv")
    counts = summary.pivot(index="split", columns="related", values="couples")
    assert (counts[True] == counts[False]).all()


@pytest.mark.workflow
def test_tiny_verdict_tables(tiny_project: Path) -> None:
    """The verdict tables: every measured comparison with its interval around the
    estimate and a verdict the rule gives; the learned weights' claims untestable with
    the tiny config's one seed; every registry claim has its line."""
    from textsim.verdicts.registry import claims
    from textsim.verdicts.rule import Verdict, judge

    tables = tiny_project / "results/paper/tables"
    rows = pd.read_csv(tables / "verdicts.csv", dtype={"set": str})
    measured = rows[rows["difference"].notna()]
    assert len(measured) > 100
    assert (measured["low"] <= measured["high"]).all()
    judged = measured[measured["verdict unadjusted"].isin(["holds", "fails", "within noise"])]
    lower = {c.id: c.lower_is_better for c in claims()}
    # the verdict on the interval adjusted for the table's m comparisons, which holds
    # the unadjusted one; the unadjusted verdict beside it
    m = judged["comparisons judged"].iloc[0]
    assert m == len(judged) and (judged["comparisons judged"] == m).all()
    for _, r in judged.iterrows():
        low, high = r["low adjusted"], r["high adjusted"]
        assert low <= r["low"] + 0.02 and high >= r["high"] - 0.02
        assert r["verdict"] == judge(low, high, lower_is_better=lower[r["claim"]])
        unadjusted = judge(r["low"], r["high"], lower_is_better=lower[r["claim"]])
        assert r["verdict unadjusted"] == unadjusted
    assert set(judged["role"]) == {"verdict", "robustness"}
    learned = measured[measured["better"].str.startswith("learned_")]
    assert set(learned["verdict"]) == {str(Verdict.UNTESTABLE)}
    assert learned["reason"].str.contains("1 seed").all()
    lines = pd.read_csv(tables / "verdict-claims.csv")
    assert list(lines["claim"]) == [c.id for c in claims()]


@pytest.mark.workflow
def test_tiny_tables_equal_the_recorded_ones(tiny_project: Path) -> None:
    """The De Boom tables of the tiny run equal the recorded ones: a refactoring changes
    no number. On every machine by value (tests/data/tiny-tables/*.csv, within
    ``VALUE_TOLERANCE``: equal counts, split errors and p-values, JS divergences within
    0.005); and byte for byte where the environment (processor generation, BLAS kernels,
    numeric packages) has a record in tests/data/tiny-tables.json. Add an environment's
    bytes with ``python tests/tinyrun.py RESULTS`` on a run of unchanged code; re-record
    the values (``--values``) only after a change meant to move the numbers (the fused
    scoring kernel, which sums in another order, was one: see docs/performance.md)."""
    results = tiny_project / "results"
    assert value_differences(results) == []
    recorded = recorded_for(environment())
    if recorded is not None:
        got = table_hashes(results)
        assert got == recorded, sorted(
            k for k in got.keys() | recorded.keys() if got.get(k) != recorded.get(k)
        )


def test_the_value_comparison_finds_a_moved_number(tmp_path: Path) -> None:
    """The tiny tables' value comparison: the recording equals itself; a count, a split
    error or a JS divergence beyond its tolerance moved, or a row lost, is reported by
    table, row and column; a JS divergence moved within tolerance is not."""
    tables = tmp_path / "results/paper/tables"
    shutil.copytree(RECORDED_VALUES, tables)
    assert value_differences(tmp_path / "results") == []
    path = tables / "prl-table-1.csv"
    original = pd.read_csv(path)

    def moved(column: str, by: float) -> list[str]:
        changed = original.copy()
        changed.loc[3, column] = changed.loc[3, column] + by
        changed.to_csv(path, index=False)
        return value_differences(tmp_path / "results")

    was = float(original.loc[3, "split_error_pct"])
    assert moved("split_error_pct", 0.0908) == [
        f"prl-table-1 row 3 split_error_pct: {was + 0.0908!r} vs recorded {was!r}"
    ]
    assert len(moved("test_errors", 1)) == 1
    assert moved("js", 0.001) == []
    assert len(moved("js", 0.02)) == 1
    original.iloc[:-1].to_csv(path, index=False)
    assert "columns/rows" in value_differences(tmp_path / "results")[0]


@pytest.mark.workflow
def test_tiny_second_run_does_nothing(tiny_project: Path) -> None:
    res = smk_in(tiny_project, "-n")
    assert res.returncode == 0
    assert "Nothing to be done" in res.stdout + res.stderr


@pytest.mark.workflow
def test_touching_unchanged_code_reruns_nothing(tiny_project: Path) -> None:
    os.utime(tiny_project / "src/textsim/text/wikipedia.py")
    res = smk_in(tiny_project, "-n")
    assert res.returncode == 0
    assert "Nothing to be done" in res.stdout + res.stderr


def _edit_and_plan(project: Path, module: str, extra_config: Path | None = None) -> set[str]:
    """The rules a dry run plans after appending a comment to ``module`` (restored after)."""
    path = project / "src/textsim" / module
    original = path.read_text()
    path.write_text(original + "\n# an edit\n")
    try:
        res = smk_in(project, "-n", "--quiet", "rules", extra_config=extra_config)
    finally:
        path.write_text(original)
    assert res.returncode == 0, res.stderr
    return planned_jobs(res)


@pytest.mark.workflow
def test_editing_a_table_module_reruns_only_that_table(tiny_project: Path) -> None:
    assert _edit_and_plan(tiny_project, "deboom/tables/icdmw_2.py") == {"table_icdmw_2", "all"}
    assert _edit_and_plan(tiny_project, "deboom/figures/weights.py") == {
        "plot_icdmw_figure_4",
        "plot_prl_figure_3",
        "all",
    }
    assert _edit_and_plan(tiny_project, "report/figures.py") == FIGURE_RULES | {"all"}


@pytest.mark.workflow
def test_editing_a_library_module_reruns_its_users_and_downstream_only(
    tiny_project: Path, tmp_path: Path
) -> None:
    """Editing measures/distances.py reruns exactly the rules whose code closure holds it, and
    what depends on their outputs (= what -R on those rules plans), nothing else."""
    from test_imports import load_rules

    rules = load_rules(tiny_project / "configs/tiny.yaml", tmp_path, tiny_project / "Snakefile")
    module = "measures/distances.py"
    users = {
        n
        for n, r in rules.items()
        # code inputs are relative to the working directory the rules were parsed in
        if any(str(p).endswith(f"src/textsim/{module}") for p in r.input.get("code", []))
    }
    in_dag = planned_jobs(smk_in(tiny_project, "-n", "--quiet", "rules", "--forceall"))
    direct = sorted(users & in_dag)
    assert {"score_baselines", "score_learned"} <= set(direct)
    planned = _edit_and_plan(tiny_project, module)
    forced = planned_jobs(smk_in(tiny_project, "-n", "--quiet", "rules", "-R", *direct))
    assert planned == forced, (planned, forced)
    assert not {"train_word2vec", "curate_pairs", "count_docfreq"} & planned


@pytest.mark.workflow
def test_changing_a_figure_parameter_reruns_only_figures(
    tiny_project: Path, tmp_path: Path
) -> None:
    extra = tmp_path / "dpi.yaml"
    extra.write_text("figures:\n  dpi: 120\n")
    res = smk_in(tiny_project, "-n", "--quiet", "rules", extra_config=extra)
    assert res.returncode == 0, res.stderr
    assert planned_jobs(res) == FIGURE_RULES | {"all"}, res.stdout


@pytest.mark.workflow
def test_report_is_built(tiny_project: Path) -> None:
    report = tiny_project / "report.html"
    res = smk_in(tiny_project, "--report", str(report))
    assert res.returncode == 0, res.stderr[-3000:]
    html = report.read_text(errors="replace")
    assert "icdmw-figure-1.png" in html and "icdmw-table-1.html" in html


GEM_RULES = {
    "fetch_stsbenchmark",
    "fetch_ohsumed_single_23",
    "sts_scores",
    "sts_ngrams",
    "sts_models",
    "table_gem_sts",
    "plot_gem_ngrams",
    "paragraph_scores",
    "table_gem_paragraphs",
}


@pytest.mark.workflow
def test_gem_stages_table_figures_and_report(
    tiny_project: Path, tmp_path: Path, mirror: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """STS table, n-gram figures and paragraph table on the tiny vectors (data from the mirror)."""
    monkeypatch.setenv("TEXTSIM_MIRROR", str(mirror))
    extra = tmp_path / "gem.yaml"
    extra.write_text(
        "sts: {enabled: true, max_pairs: 150, ngrams: [1, 2], learned: ['var/median']}\n"
        "methods: {sif: {a: 0.0003}}\n"
        "paragraphs: {enabled: true, max_documents: 80, c_grid: [0.1, 1.0]}\n"
    )
    res = smk_in(tiny_project, "-n", "--quiet", "rules", extra_config=extra)
    assert res.returncode == 0, res.stderr[-3000:]
    # nothing upstream reruns; the verdicts read the STS pairs' similarities
    assert planned_jobs(res) == GEM_RULES | {"verdicts", "all"}, res.stdout
    res = smk_in(tiny_project, "--cores", "2", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    paper = tiny_project / "results/paper"
    sts = pd.read_csv(paper / "tables/gem-sts.csv")
    expected = {"mean", "idf-weighted mean", "SIF", "uSIF", "GEM", "learned, median (var)"}
    expected |= {"uSIF, official code's normalisation", "uSIF, unit word vectors"}
    expected |= {"GEM, official tokens", "GEM, official tokens and OOV"}
    assert expected <= set(sts["method"])
    assert set(sts.loc[sts["method"] == "GEM", "fit"]) == {"evaluated split", "train split"}
    scores = pd.read_csv(tiny_project / "results/sts/scores.csv")
    assert scores["pearson"].between(-100, 100).all() and (scores["n_pairs"] == 150).all()
    ngrams = pd.read_csv(tiny_project / "results/sts/ngrams.csv")
    assert sorted(set(ngrams["n"])) == [1, 2]
    for kind in ("performance", "speed"):
        for ext in ("pdf", "png"):
            assert (paper / f"figures/gem-ngrams-{kind}.{ext}").stat().st_size > 1000
    _api_equals_workflow_vectors(tiny_project / "results")
    # config methods.sif reached the model file, whose vectors are the table's (above)
    import textsim

    assert textsim.load(tiny_project / "results/models/sts/sif.npz").a == 0.0003
    # another SIF a reruns what applies SIF (STS scores, model files, paragraphs) and
    # what reads them, nothing else (GEM's n-gram sweep is GEM only); the deprecated
    # key with the same value plans nothing and names the new key
    other = tmp_path / "sif.yaml"
    other.write_text(extra.read_text().replace("a: 0.0003", "a: 0.0001"))
    res = smk_in(tiny_project, "-n", "--quiet", "rules", extra_config=other)
    assert res.returncode == 0, res.stderr[-3000:]
    assert planned_jobs(res) == {
        "sts_scores",
        "sts_models",
        "paragraph_scores",
        "table_gem_sts",
        "table_gem_paragraphs",
        "verdicts",
        "all",
    }, res.stdout
    old = tmp_path / "old.yaml"
    old.write_text(
        extra.read_text()
        .replace("methods: {sif: {a: 0.0003}}\n", "")
        .replace("learned: ['var/median']}", "learned: ['var/median'], params: {sif: {a: 0.0003}}}")
    )
    res = smk_in(tiny_project, "-n", extra_config=old)
    assert res.returncode == 0 and "Nothing to be done" in res.stdout + res.stderr, res.stdout
    assert "config key sts.params is deprecated" in res.stderr
    assert "sts.params.sif → methods.sif" in res.stderr
    # each rule's code inputs exact, shown by dry runs: the model-file format reruns the
    # model files only (no score, no table); GEM's kernel reruns what applies GEM and
    # no learned weights; the learned weights' trainer reruns their training and what
    # applies them (the STS scores) but no GEM n-gram sweep, paragraph or baseline
    assert _edit_and_plan(tiny_project, "formats/modelfile.py", extra) == {"sts_models", "all"}
    planned = _edit_and_plan(tiny_project, "methods/gem/windows.py", extra)
    assert {"sts_scores", "sts_ngrams", "sts_models", "paragraph_scores"} <= planned, planned
    assert not planned & {"train_weights", "score_learned", "score_baselines"}, planned
    planned = _edit_and_plan(tiny_project, "methods/learned/training.py", extra)
    assert {"sts_scores", "sts_models", "table_gem_sts", "train_weights"} <= planned, planned
    assert not planned & {"sts_ngrams", "paragraph_scores", "score_baselines"}, planned
    para = pd.read_csv(paper / "tables/gem-paragraphs.csv")
    assert len(para) == 8 and set(para["technique"]) >= {"sentence-mean", "sentences-as-words"}
    report = tmp_path / "report.html"
    res = smk_in(tiny_project, "--report", str(report), extra_config=extra)
    assert res.returncode == 0, res.stderr[-3000:]
    html = report.read_text(errors="replace")
    for name in ("gem-sts.html", "gem-ngrams-performance.png", "gem-paragraphs.html"):
        assert name in html


def _api_equals_workflow_vectors(results: Path) -> None:
    """Every model file the STS stages saved, loaded with ``textsim.load``, embeds the
    raw STS sentences exactly as the workflow did."""
    import textsim

    models = {
        **{p.stem: p for p in (results / "models/sts").glob("*.npz")},
        **{p.stem: p for p in (results / "models/sts-ngrams").glob("*.npz")},
    }
    expected = {"mean", "idf-mean", "sif", "usif", "usif-dimension", "usif-word", "gem"}
    expected |= {"gem-wordpunct", "gem-official", "learned-var-median"}
    assert expected | {"gem-ngram1", "gem-ngram2"} <= set(models), sorted(models)
    checked = 0
    for name in ("vectors", "ngram-vectors"):
        with np.load(results / f"sts/{name}.npz", allow_pickle=False) as npz:
            for key in npz.files:
                stem, split = key.rsplit(".", 1)
                if stem == "sentences":
                    continue
                model = textsim.load(models[stem])
                got = model.transform(list(npz[f"sentences.{split}"]))
                np.testing.assert_allclose(got, npz[key], rtol=1e-5, atol=1e-6, err_msg=key)
                checked += 1
    assert checked >= 2 * len(expected | {"gem-ngram2"})
    meta = textsim.load(models["learned-var-median"]).meta_
    assert meta["source"]["normalized"] and meta["source"]["vectors_path"].endswith("vectors.npz")


@pytest.mark.workflow
def test_cli_fits_and_embeds_with_the_workflows_outputs(tiny_project: Path, tmp_path: Path) -> None:
    """`textsim fit learned` from the tiny run's weight file, then `textsim embed`:
    the same vectors as the API, empty and all-OOV lines as zero rows."""
    import textsim

    res_dir = tiny_project / "results"
    texts = tmp_path / "texts.txt"
    texts.write_text(
        "Anarchism is a political philosophy.\n\nzzzz qqqq\nThe state is harmful, 1,000 times.\n"
    )
    cli = [sys.executable, "-m", "textsim.cli"]
    model = tmp_path / "learned.npz"
    fit = [
        *cli, "fit", "learned", "--weights", str(res_dir / "weights/20/median.json"),
        "--vectors", str(res_dir / "word2vec/vectors.npz"),
        "--docfreq", str(res_dir / "docfreq/docfreq.tsv"), "-o", str(model),
    ]  # fmt: skip
    res = subprocess.run(fit, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    out = tmp_path / "out.npy"
    res = subprocess.run(
        [*cli, "embed", str(model), str(texts), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, res.stderr
    vectors = np.load(out)
    assert vectors.shape == (4, 50)
    assert np.all(vectors[1] == 0) and np.all(vectors[2] == 0)  # empty and all-OOV lines
    assert np.any(vectors[0] != 0)
    assert "2 had no in-vocabulary word" in res.stderr
    api = textsim.load(model).transform(texts.read_text().splitlines())
    np.testing.assert_array_equal(vectors, api)
    other = tmp_path / "other.txt"
    other.write_text("2 3\nanarchism 0.1 0.2 0.3\nstate 0.3 0.2 0.1\n")
    res = subprocess.run(
        [*cli, "embed", str(model), str(texts), str(tmp_path / "o2.npy"), "--vectors", str(other)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 2
    assert f"{other}: not the word vectors" in res.stderr and "dim 50 → 3" in res.stderr


@pytest.mark.workflow
def test_changing_the_word2vec_dimension_reruns_word2vec_and_downstream_only(
    tiny_project: Path, tmp_path: Path
) -> None:
    extra = tmp_path / "dim.yaml"
    extra.write_text("word2vec:\n  vector_size: 40\n")
    res = smk_in(tiny_project, "-n", "--quiet", "rules", extra_config=extra)
    assert res.returncode == 0, res.stderr
    jobs = planned_jobs(res)
    upstream = {
        "fetch_package_file",
        "extract_wiki_dump",
        "clean_wiki_shard",
        "summarise_corpus",
        "count_docfreq",
        "merge_docfreq",
        "train_word2vec_transfer",  # the other embedding set does not use these vectors
    }
    assert not jobs & upstream, jobs
    downstream = {
        "train_word2vec",
        "evaluate_word2vec",
        "extract_pair_candidates",
        "curate_pairs",
        "score_baselines",
        "select_kappa",
        "train_weights",
        "score_learned",
        "table_icdmw_1",
        "table_prl_1",
        "plot_prl_figure_3",
    }
    assert downstream <= jobs, jobs


def _slurm_dry_run(tmp_path: Path, *extra: str) -> dict[str, str]:
    """Each rule's first job block of the README's cluster dry run on the paper config."""
    res = smk(
        "-n",
        "--workflow-profile",
        str(ROOT / "profiles/slurm"),
        "--configfile",
        str(ROOT / "configs/paper.yaml"),
        "--directory",
        str(tmp_path),
        "--default-resources",
        "slurm_account=acc",
        "slurm_partition=part",
        *extra,
    )
    assert res.returncode == 0, res.stderr[-3000:]
    found = re.finditer(r"(?:local)?rule (\w+):\n(.*?)\n\[", res.stdout, re.S)
    return {m.group(1): m.group(2) for m in reversed(list(found))}


def test_slurm_profile_dry_run_carries_each_rules_resources(tmp_path: Path) -> None:
    """The README's cluster command resolves; each job lists its declared resources,
    which snakemake-executor-plugin-slurm turns into sbatch options; by default no job
    asks for a GPU, and cluster.gpu_partition sends the Keras jobs to that partition
    with one GPU each."""
    blocks = _slurm_dry_run(tmp_path)
    train = blocks["train_weights"]
    assert "mem_mb=" in train and "runtime=600" in train  # mem_mb: from the input size
    assert "slurm_account=acc" in train and "slurm_partition=part" in train
    assert not any("gpu=" in block for block in blocks.values())
    assert "slurm_partition=part" in blocks["clean_wiki_shard"]
    # word2vec's runtime follows its corpus (the cost law), resolved once the corpus exists
    assert "runtime=<TBD>" in blocks["train_word2vec"]
    gpu = _slurm_dry_run(tmp_path, "--config", "cluster={gpu_partition: gpu}")
    keras_rules = {"train_weights", "select_kappa", "schafer_swarm_evaluate", "schafer_run"}
    for rule, block in gpu.items():
        if rule in keras_rules:
            assert "gpu=1" in block and "slurm_partition=gpu" in block, (rule, block)
        else:
            assert "gpu=" not in block and "slurm_partition=part" in block, (rule, block)
    assert keras_rules <= set(gpu)


SCHAFER_TINY = """
schafer:
  enabled: true
  datasets:
    # the default config's datasets, made tiny (config files merge dataset entries)
    # 34 per topic: 51 training documents, enough for GEM's 45 corpus directions
    ohsumed10: {resource: ohsumed-single-23, reader: ohsumed, topics: 3, per_topic: 34}
    news10: {resource: 20newsgroups, reader: newsgroups, topics: 3, per_topic: 34}
  search_dataset: ohsumed10
  fractions: {valid: 0.2, test: 0.3}
  vocabulary: {min_documents: 1, max_fraction: 0.5}
  wisdm: {top_words: 5, triplets: 100, queries: 10, near: 3, far_fraction: 0.5}
  # two of the six models (gensim, and a supervised Keras model; the fixed-configuration
  # test below runs an unsupervised one, rae): the stage's plumbing is the same for all;
  # each of the six is trained in tests/test_schafer_models.py and tests/test_backend.py
  models: [doc2vec, topic_cnn]
  baselines: [mean, idf, sif, gem, random]
  fixed: {}               # every model searched (the schema's default fixes all six)
  word_size: 10
  word_sizes: [10]
  doc_sizes: [6]
  training: {max_words: 20, max_epochs: 2, patience: 1, min_delta: 0.001, doc2vec_epochs: 2}
  search:
    generations: 2
    particles: 2
    learning_rate_scale: log
    bounds:
      doc_size: [4, 12]
      batch_size: [8, 32]
      learning_rate: [0.001, 0.05]
      dropout: [0.0, 0.5]
  tsne: {perplexity: 5, iterations: 250}
  lda: {topics: 3, passes: 1}
"""


def _job_counts(res: subprocess.CompletedProcess[str]) -> dict[str, int]:
    return {k: int(v) for k, v in re.findall(r"^(\w+)\s+(\d+)$", res.stdout, flags=re.M)}


@pytest.mark.workflow
@pytest.mark.mirror
def test_schafer_framework_artifacts_and_resume(
    tiny_project: Path, tmp_path: Path, mirror: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schäfer (2018) at a tiny scale: a search interrupted after its first
    generation resumes without redoing it; then every table and figure."""
    monkeypatch.setenv("TEXTSIM_MIRROR", str(mirror))
    extra = tmp_path / "schafer.yaml"
    extra.write_text(SCHAFER_TINY)
    res = smk_in(tiny_project, "-n", "--quiet", "rules", extra_config=extra)
    assert res.returncode == 0, res.stderr[-3000:]
    counts = _job_counts(res)
    models = ["doc2vec", "topic_cnn"]
    assert counts["schafer_swarm_evaluate"] == len(models) * 2 * 2  # particles, generations
    # Table A.1's grid + Table A.2, and the verdicts' untrained control of each model's
    # main run on both datasets
    assert counts["schafer_run"] == len(models) * 2 + len(models) + len(models) * 2
    assert counts["schafer_baseline"] == 5 * 2
    assert not {"train_word2vec", "count_docfreq"} & set(counts)  # nothing upstream reruns
    # a run stopped after the first generation of every model's search ...
    search = "results/schafer/ohsumed10/search"
    first = [f"{search}/{m}/g0-p{p}.json" for m in models for p in range(2)]
    res = smk_in(tiny_project, "--cores", "2", *first, extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    # ... resumes with the second generation only
    res = smk_in(tiny_project, "-n", "--quiet", "rules", extra_config=extra)
    counts = _job_counts(res)
    assert counts["schafer_swarm_evaluate"] == len(models) * 2
    assert "schafer_swarm_start" not in counts  # generation 0 of every search is done
    res = smk_in(tiny_project, "--cores", "2", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    paper = tiny_project / "results/paper"
    a1 = pd.read_csv(paper / "tables/schafer-a1.csv")
    assert len(a1) == len(models) * 2 + 5
    assert {"topic_cnn-10wv-psodv", "doc2vec-10wv-6dv", "gem", "random"} <= set(a1["Model"])
    assert len(pd.read_csv(paper / "tables/schafer-a2.csv")) == len(models) + 5
    stats = pd.read_csv(paper / "tables/schafer-datasets.csv").set_index("statistic")
    assert stats.loc["documents"].astype(int).tolist() == [102, 102]
    assert len(pd.read_csv(paper / "tables/schafer-lda.csv")) == 3
    for fig in (
        "epochs",
        "curves",
        "parameters",
        "scores",
        "size-topic",
        "size-triplets",
        "size-ranks",
        "tsne",
    ):
        assert (paper / f"figures/schafer-{fig}.png").stat().st_size > 1000
    scores = pd.read_csv(paper / "tables/schafer-a1.scores.csv")
    assert scores[["topic", "triplets", "ranks_accuracy", "ranks_precision"]].le(1).all().all()
    # each trained model moved from its untrained control (the same seed, no epoch): its
    # vectors and its scores differ, and the weights kept are a trained epoch's
    runs = tiny_project / "results/schafer/ohsumed10/runs"
    for model in models:
        name = f"{model}-10wv-psodv"
        trained, control = (
            json.loads((runs / f"{name}{s}.json").read_text()) for s in ("", "-untrained")
        )
        assert control["epochs"] == 0 and trained["epochs"] >= 1, model
        assert trained["scores"] != control["scores"], model
        with np.load(runs / f"{name}.npz") as a, np.load(runs / f"{name}-untrained.npz") as b:
            assert not np.allclose(a["vectors"], b["vectors"]), model
        if model != "doc2vec":  # gensim keeps its last epoch
            assert trained["best_epoch"] >= 1, model
    # editing one table's formatting reruns that table only, never a search job
    lda = _edit_and_plan(tiny_project, "schafer/tables/lda.py", extra_config=extra)
    assert lda == {"schafer_table_lda", "all"}, lda
    # config methods.sif reaches the SIF baseline (one job per dataset), no model's run
    sif = tmp_path / "sif.yaml"
    sif.write_text(SCHAFER_TINY + "methods: {sif: {a: 0.0001}}\n")
    res = smk_in(tiny_project, "-n", "--quiet", "rules", extra_config=sif)
    assert res.returncode == 0, res.stderr[-3000:]
    counts = _job_counts(res)
    assert counts["schafer_baseline"] == 2, counts
    assert not {"schafer_run", "schafer_swarm_evaluate", "schafer_words"} & set(counts), counts
    best = json.loads((tiny_project / f"{search}/topic_cnn/best.json").read_text())
    assert best["generation"] in (0, 1) and best["split"] == "valid"
    # a rerun gives the same doc2vec scores: the jobs' string hashes are fixed
    # (PYTHONHASHSEED, Snakefile); gensim seeds inferred vectors with hash() of the words
    run = tiny_project / "results/schafer/ohsumed10/runs/doc2vec-10wv-6dv.json"
    before = json.loads(run.read_text())["scores"]
    res = smk_in(
        tiny_project,
        "--cores",
        "2",
        "--force",
        str(run.relative_to(tiny_project)),
        extra_config=extra,
    )
    assert res.returncode == 0, res.stderr[-3000:]
    assert json.loads(run.read_text())["scores"] == before


SCHAFER_FIXED = (
    SCHAFER_TINY.replace(
        "  models: [doc2vec, topic_cnn]",
        "  models: [doc2vec, topic_lstm, rae]",
    )
    .replace(
        "  fixed: {}               # every model searched (the schema's default fixes all six)\n",
        """  fixed:
    doc2vec: {doc_size: 6, learning_rate: 0.025}
    topic_lstm: {doc_size: 5, batch_size: 8, optimizer: adagrad, learning_rate: 0.05, dropout: 0.1}
    rae: {doc_size: 7, batch_size: 8, optimizer: adam, learning_rate: 0.01, dropout: 0.0}
  sizes: [news10, ohsumed10]
""",
    )
    .replace(
        "doc2vec_epochs: 2}",
        "doc2vec_epochs: 2, batching: bucketed, reconstruct: words, recurrent: fused,"
        " stopping: held_out_loss}",
    )
)


@pytest.mark.workflow
@pytest.mark.mirror
def test_schafer_fixed_configurations_train_once_without_a_search(
    tiny_project: Path, tmp_path: Path, mirror: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """schafer.fixed (configs/schafer-thesis.yaml at a tiny size): each model trained
    once with its given hyperparameters, no swarm job, runs named by 'fixdv', the
    document sizes as configured; the size table; a fixed configuration that lacks a
    hyperparameter is refused before any job runs."""
    monkeypatch.setenv("TEXTSIM_MIRROR", str(mirror))
    extra = tmp_path / "fixed.yaml"
    extra.write_text(SCHAFER_FIXED)
    res = smk_in(tiny_project, "--cores", "2", "schafer", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    assert "schafer_swarm" not in res.stderr
    paper = tiny_project / "results/paper"
    a1 = pd.read_csv(paper / "tables/schafer-a1.csv")
    assert {"topic_lstm-10wv-fixdv", "rae-10wv-fixdv", "rae-10wv-6dv", "mean"} <= set(a1["Model"])
    runs = tiny_project / "results/schafer/ohsumed10/runs"
    lstm = json.loads((runs / "topic_lstm-10wv-fixdv.json").read_text())
    assert lstm["hyperparameters"] == "fixed" and lstm["doc_size"] == 5
    assert lstm["params"]["optimizer"] == "adagrad" and lstm["epochs"] in (1, 2)
    assert json.loads((runs / "rae-10wv-6dv.json").read_text())["doc_size"] == 6
    assert not list(runs.glob(".*.checkpoint.npz"))  # removed once a training finishes
    sizes = pd.read_csv(paper / "tables/schafer-sizes.csv")
    assert sizes["Model"].tolist()[-1] == "random vectors (expected)"
    assert "doc2vec" in set(sizes["Model"]) and len(sizes.columns) == 1 + 2 * 2
    extra.write_text(SCHAFER_FIXED.replace("optimizer: adagrad, ", ""))
    res = smk_in(tiny_project, "-n", "schafer", extra_config=extra)
    assert res.returncode != 0 and "schafer.fixed.topic_lstm: missing optimizer" in res.stderr


SCHAFER_SELECTION = (
    SCHAFER_FIXED
    + """  selection:
    enabled: true
    models: [doc2vec, topic_lstm]
    learning_rates: {adagrad: [0.05], doc2vec: [0.025]}
    long: {models: [topic_lstm], patience: 2, max_epochs: 3}
verdicts: {seeds: 2}
"""
)


@pytest.mark.workflow
@pytest.mark.mirror
def test_schafer_selection_selects_on_valid_and_runs_seeds_beside_controls(
    tiny_project: Path, tmp_path: Path, mirror: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """schafer.selection at a tiny size: each row's grid on the selection dataset, the
    best trial by valid eq. 3.1, then two seeds and their untrained controls on both
    datasets (the selected trial itself reused as its first seed), and the table with
    its "learned" interval; the verdicts read these runs."""
    monkeypatch.setenv("TEXTSIM_MIRROR", str(mirror))
    extra = tmp_path / "selection.yaml"
    extra.write_text(SCHAFER_SELECTION)
    res = smk_in(tiny_project, "--cores", "2", "schafer_selection", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    root = tiny_project / "results/schafer"
    pick = json.loads((root / "ohsumed10/selection/topic_lstm/selected.json").read_text())
    grid = {g["point"]: g["valid_total"] for g in pick["grid"]}
    assert set(grid) == {"lr0.05-p1-e2", "lr0.05-p2-e3"}  # the long stopping too
    assert grid[pick["point"]] == max(grid.values())
    trial = json.loads(
        (root / f"ohsumed10/selection/topic_lstm/{pick['point']}-seed7.json").read_text()
    )
    assert trial["valid_scores"]["total"] == grid[pick["point"]] and trial["split"] == "test"
    control = root / f"news10/selection/topic_lstm/{pick['point']}-seed8-untrained.json"
    assert json.loads(control.read_text())["epochs"] == 0
    table = pd.read_csv(tiny_project / "results/paper/tables/schafer-selected.csv")
    assert len(table) == 2 * 2 and (table["Seeds"] == 2).all()
    assert set(table["Learned"]) <= {"yes", "worse", "within noise"}
    assert (table["Grid edge"] == "highest").all()  # a grid of one rate has only edges
    assert table["Trained − untrained"].str.match(r"^[+-]\d+\.\d \[").all()
    assert (table["Train (s)"] > 0).all()  # each seed's training time, from its record
    res = smk_in(tiny_project, "-n", "--", "verdicts", extra_config=extra)
    assert res.returncode == 0, res.stderr[-3000:]
    counts = _job_counts(res)  # the selection's runs stand in for its rows' seeded main runs
    assert counts["verdicts"] == 1 and "schafer_trial" not in counts, counts
    seeded = set(re.findall(r"schafer/(\w+)/runs/([\w.-]+-seed\d+)\.json", res.stdout))
    assert {run.split("-")[0] for _, run in seeded} == {"rae"}, seeded
    assert len(seeded) == 2, seeded  # rae's second seed on a1 and a2 only
