"""The corpus-size study: sizes and nested slices, the claims, the cost curve (by
hand), and the whole study at tiny scale (two sizes) through the workflow."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from tinyrun import ROOT, SNAKEMAKE, smk_in

from textsim.scaling.costs import (
    CLEAN_BYTES_PER_TOKEN,
    WORD2VEC_TIME_LAW,
    fit_power_law,
    growth_table,
    stage_costs,
    word2vec_runtime_minutes,
)
from textsim.scaling.results import claims_by_size
from textsim.scaling.sizes import Size, SliceTooLargeError, parse_sizes, write_slice


def test_sizes_are_labelled_and_ordered() -> None:
    sizes = parse_sizes(["all", 30_000_000, 1_000_000, 2_500, 300_000])
    assert [s.label for s in sizes] == ["2500", "300k", "1M", "30M", "all"]
    assert sizes[-1] == Size(None, "all")
    with pytest.raises(ValueError, match="given twice"):
        parse_sizes([1_000_000, 1_000_000])
    for bad in (0, -5, "10M", 2.5, True):
        with pytest.raises(ValueError, match="positive number of tokens"):
            Size.parse(bad)  # type: ignore[arg-type]


def _shard(path: Path, articles: dict[int, list[int]]) -> Path:
    """A cleaned shard: article id -> paragraph lengths (tokens w<id>_<i>)."""
    lines = [
        f"{a}\t" + " ".join(f"w{a}_{k}" for k in range(n))
        for a, paragraphs in articles.items()
        for n in paragraphs
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_slices_are_nested_whole_articles_in_article_order(tmp_path: Path) -> None:
    a = _shard(tmp_path / "000.tsv", {1: [3, 2], 4: [5]})
    b = _shard(tmp_path / "001.tsv", {2: [4], 3: [1, 1]})
    out = {}
    for tokens in (4, 9, None):
        path, stats = tmp_path / f"{tokens}.tsv", tmp_path / f"{tokens}.json"
        counts = write_slice([b, a], path, stats, tokens=tokens)
        assert json.loads(stats.read_text()) == {"requested": tokens, **counts}
        out[tokens] = path.read_text().splitlines()
    # article 1 (5 tokens) reaches 4; 1 + 2 (9) reaches 9; all = 1, 2, 3, 4 in id order
    assert [line.split("\t")[0] for line in out[None]] == ["1", "1", "2", "3", "3", "4"]
    assert out[4] == out[None][:2] and out[9] == out[None][:3]
    assert sum(len(line.split("\t")[1].split()) for line in out[9]) == 9


def test_a_slice_larger_than_the_corpus_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    a = _shard(tmp_path / "000.tsv", {1: [3]})
    with pytest.raises(SliceTooLargeError, match=r"scaling.sizes: 10 tokens asked for.*only 3"):
        write_slice([a], tmp_path / "s.tsv", tmp_path / "s.json", tokens=10)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["000.tsv"]


def _long(
    errors: dict[str, dict[str, float]],
    sts: dict[str, dict[str, float]],
    lengths: tuple[str, ...] = ("20", "var"),
) -> pd.DataFrame:
    rows = []
    for size, methods in errors.items():
        for method, value in methods.items():
            variant = "learned" if method.startswith("learned") else "unit"
            for length in lengths:
                rows.append((size, 1, "deboom", length, variant, method, "split error %", value))
    for size, methods in sts.items():
        for method, value in methods.items():
            mode = "none" if method == "mean" else "transductive"
            rows.append((size, 1, "sts", "test", mode, method, "Pearson r x 100", value))
    columns = ["size", "tokens", "family", "set", "variant", "method", "measure", "value"]
    return pd.DataFrame(rows, columns=columns)


def test_claims_table_puts_each_sizes_verdicts_side_by_side() -> None:
    """One row per claim some size measures; untestable-everywhere claims are left out."""

    def lines(verdicts: dict[str, str]) -> pd.DataFrame:
        return pd.DataFrame(
            {
                "claim": list(verdicts),
                "published holds": ["yes"] * len(verdicts),
                "verdict": list(verdicts.values()),
                "comparisons": ["2 holds" if v == "holds" else None for v in verdicts.values()],
            }
        )

    table = claims_by_size(
        {
            "1M": lines({"a": "holds", "b": "untestable", "c": "untestable"}),
            "all": lines({"a": "fails", "b": "within noise", "c": "untestable"}),
        }
    )
    assert list(table.columns) == ["claim", "published holds", "1M", "all"]
    assert table["claim"].tolist() == ["a", "b"]
    assert table.set_index("claim").loc["a", "1M"] == "holds (2 holds)"
    assert table.set_index("claim").loc["b", "all"] == "within noise"


def test_power_law_fit_and_extrapolation(tmp_path: Path) -> None:
    x = np.array([1e6, 3e6, 1e7])
    a, b = fit_power_law(x, 2.0 * x**0.8)
    assert a == pytest.approx(2.0) and b == pytest.approx(0.8)
    assert all(np.isnan(v) for v in fit_power_law([1e6], [3.0]))
    records = []
    for size, tokens in (("1M", 1_000_000), ("10M", 10_000_000)):
        for stage, seconds, rss in (("grows", tokens / 1e5, 100.0), ("flat", 5.0, 50.0)):
            path = tmp_path / f"{stage}-{size}.tsv"
            rss_here = rss * (tokens / 1e6) ** 0.5 if stage == "grows" else rss
            path.write_text(f"s\th:m:s\tmax_rss\n{seconds}\t0:00:01\t{rss_here}\n")
            records.append((size, tokens, stage, path))
    table = growth_table(stage_costs(records), target_tokens=1e9).set_index("stage")
    assert table.loc["grows", "time exponent"] == pytest.approx(1.0)
    assert table.loc["grows", "predicted h"] == pytest.approx(1e9 / 1e5 / 3600)
    assert table.loc["grows", "predicted GB"] == pytest.approx(100 * 1000**0.5 / 1024)
    assert table.loc["grows", "runtime (min)"] == int(np.ceil(2 * 1e4 / 60))
    assert table.loc["flat", "predicted h"] == pytest.approx(5.0 / 3600)  # stays as measured


SCALING_TINY = """
scaling:
  enabled: true
  sizes: [40000, all]
sts:
  max_pairs: 300
"""


@pytest.mark.workflow
@pytest.mark.mirror
def test_word2vec_runtime_request_follows_the_cost_law() -> None:
    a, b = WORD2VEC_TIME_LAW
    paper_mb = 2.5e9 * CLEAN_BYTES_PER_TOKEN / 2**20  # 2.5 billion tokens of cleaned text
    at_2 = word2vec_runtime_minutes(paper_mb, threads=2)
    assert at_2 == pytest.approx(2 * a * 2.5e9**b / 60, rel=1e-3)  # margin 2, the law's 2 threads
    assert word2vec_runtime_minutes(paper_mb, threads=16) == pytest.approx(at_2 / 8, rel=1e-3)
    assert word2vec_runtime_minutes(paper_mb, threads=16, attempt=2) == pytest.approx(
        at_2 / 4, rel=1e-3
    )
    assert word2vec_runtime_minutes(paper_mb, threads=1) == pytest.approx(2 * at_2, rel=1e-3)
    assert word2vec_runtime_minutes(2.4, threads=1) == 10  # the tiny corpus: the floor


def test_scaling_study_at_tiny_scale(
    tiny_project: Path, tmp_path: Path, mirror: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two sizes of the tiny corpus: every table and figure, the same couples at both
    sizes, nested slices, and a claims and cost row for each size. In a copy of the
    tiny run (its results and metadata): the study fetches STS-B, which the other tests'
    plans of the shared tiny run must not find already there."""
    monkeypatch.setenv("TEXTSIM_MIRROR", str(mirror))
    project = tmp_path / "project"
    shutil.copytree(tiny_project, project, symlinks=True)
    extra = tmp_path / "scaling.yaml"
    extra.write_text(SCALING_TINY)
    res = smk_in(project, "--cores", "2", "scaling", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    tables, figures = project / "results/paper/tables", project / "results/paper/figures"
    for name in ("scaling-results", "scaling-claims", "scaling-costs"):
        for ext in ("csv", "md", "tex", "html"):
            assert (tables / f"{name}.{ext}").stat().st_size > 100, (name, ext)
    for name in ("scaling-deboom", "scaling-sts", "scaling-words"):
        for ext in ("pdf", "png"):
            assert (figures / f"{name}.{ext}").stat().st_size > 5000, (name, ext)
    scale = project / "results/scaling"
    small, full = (json.loads((scale / s / "corpus.json").read_text()) for s in ("40k", "all"))
    assert 40_000 <= small["tokens"] < full["tokens"]
    # evaluation held fixed: the same test couples at both sizes
    n_test = {
        s: pd.read_csv(scale / s / "metrics/20/unit.csv")["n_test"].iloc[0] for s in ("40k", "all")
    }
    assert n_test["40k"] == n_test["all"] > 100
    claims = pd.read_csv(tables / "scaling-claims.csv")
    assert list(claims.columns[-2:]) == ["40k", "all"]
    verdict = r"^(holds|fails|within noise|untestable)"
    assert claims[["40k", "all"]].apply(lambda c: c.str.match(verdict)).all().all()
    per_size = pd.read_csv(scale / "all" / "verdicts.csv")
    measured = per_size[per_size["difference"].notna()]
    assert len(measured) > 50 and (measured["low"] <= measured["high"]).all()
    costs = pd.read_csv(tables / "scaling-costs.csv").set_index("stage")
    assert {"slice", "word2vec", "docfreq", "baselines", "training", "sts"} <= set(costs.index)
    assert (costs[["s @ 40k", "s @ all"]] > 0).all().all()
    long = pd.read_csv(scale / "results.csv")
    assert set(long["family"]) == {"deboom", "sts", "words"}
    # a second run has nothing to do
    again = smk_in(project, "-n", "scaling", extra_config=extra)
    assert "Nothing to be done" in again.stdout + again.stderr


def _plan(tmp_path: Path, *configs: str) -> subprocess.CompletedProcess[str]:
    """A dry run of the README's command: the configs, then ``-- scaling``."""
    cmd = [*SNAKEMAKE, "-s", str(ROOT / "Snakefile"), "-n", "--quiet", "rules", "-d", str(tmp_path)]
    cmd += ["--configfile", *configs, "--", "scaling"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def test_readme_scaling_command_plans_every_size(tmp_path: Path) -> None:
    res = _plan(
        tmp_path, str(ROOT / "configs/full-offline.yaml"), str(ROOT / "configs/scaling.yaml")
    )
    assert res.returncode == 0, res.stderr[-3000:]
    counts = dict(re.findall(r"^(\w+)\s+(\d+)$", res.stdout, flags=re.M))
    # five sizes; weights trained per size for each couple set configs/scaling.yaml scores
    # (10, 20, 30 words and variable length: every set a paper's claim is about)
    assert counts["scaling_word2vec"] == "5" and counts["scaling_train"] == str(5 * 4)
    assert counts["scaling_couples"] == "4"
    assert counts["scaling_pair_candidates"] == "1"  # the one reserved shard of eight
    assert counts["clean_wiki_shard"] == "8"


def test_reserving_every_shard_is_a_config_error(tmp_path: Path) -> None:
    extra = tmp_path / "bad.yaml"
    extra.write_text("scaling:\n  enabled: true\n  evaluation_shards: 8\n")
    res = _plan(tmp_path, str(ROOT / "configs/full-offline.yaml"), str(extra))
    assert res.returncode != 0
    assert "scaling.evaluation_shards: 8 of corpus.n_shards = 8" in res.stdout + res.stderr
