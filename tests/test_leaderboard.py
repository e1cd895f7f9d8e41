"""Leaderboards: every method on De Boom's couples and on STS with bootstrap intervals,
the extra methods' comparisons judged by the verdict rule; and a user's own class on the
tiny run, from its config entry to its rows (methods.extra)."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from textsim.leaderboard import (
    deboom_leaderboard,
    published_best,
    schafer_leaderboard,
    sts_comparisons,
    sts_leaderboard,
)
from textsim.leaderboard.deboom import label_of, published_errors

METRIC_PARAMS = {
    "n_thresholds": 200,
    "js_bins": 50,
    "js_low": -1.0,
    "js_high": 1.5,
    "js_pseudocount": 1.0,
}


def test_the_best_published_method_of_each_set() -> None:
    assert published_best("20") == "learned_median"  # PRL Table 1: 14.06
    assert published_best("var") == "learned_median"
    assert published_best("10") == "mean_idf" and published_best("30") == "mean_top"
    assert published_best("twitter-slot") == "learned_median"  # PRL Table 2: 30.88
    # among what a run measured: without learned weights, ICDMW Table I's idf mean
    assert published_best("20", {"tfidf", "mean_idf", "mean_top"}) == "mean_idf"
    assert published_best("unknown") is None and published_errors("unknown") == {}
    assert published_errors("20")["mean_euclidean"] == 19.43  # Table III below Table II


def test_labels_name_each_distance_once() -> None:
    assert label_of("max_euclidean", {}) == "Max, Euclidean"
    assert label_of("mean_l3", {}) == "Mean, L3" and label_of("mean", {}) == "Mean"
    assert label_of("mine_cosine", {"mine": "My model"}) == "My model, cosine"
    assert label_of("learned_median", {}) == "Learned weights, median"


def synthetic_set(
    tmp_path: Path, rng: np.random.Generator, n_articles: int = 60
) -> dict[str, Path]:
    """Couples in article clusters (an article's couples all related or all not, each
    article's scores shifted alike, so that they err together); a baseline that
    separates related couples well (``mean``), one that does not (``max``), the learned
    weights in between, and an extra method better than all of them."""
    rows = []
    for split in ("validation", "test"):
        for article in range(n_articles):
            for _ in range(10):
                rows.append({"split": split, "related": article % 2 == 0, "article1": article})
    couples = pd.DataFrame(rows)
    couples["text1"] = couples["text2"] = "w"
    related = couples["related"].to_numpy(float)
    effect = rng.normal(0, 0.3, n_articles)[couples["article1"]]  # shared by an article's couples

    def scores(strength: float) -> np.ndarray:
        return strength * related + effect + rng.normal(0, 1, len(couples))

    base = couples[["split", "related"]].copy()
    base["mean"], base["max"] = scores(1.5), scores(0.1)
    learned = couples[["split", "related"]].assign(learned_median=scores(2.0))
    extra = couples[["split", "related"]].assign(
        set="20", mine_cosine=scores(4.0), mine_euclidean=scores(3.0)
    )
    paths = {}
    for name, frame in (
        ("couples", couples),
        ("base", base),
        ("learned", learned),
        ("extra", extra),
    ):
        paths[name] = tmp_path / f"{name}.parquet"
        frame.to_parquet(paths[name], index=False)
    return paths


def test_the_deboom_leaderboard_ranks_every_method_with_intervals(tmp_path: Path) -> None:
    paths = synthetic_set(tmp_path, np.random.default_rng(0))
    board, versus = deboom_leaderboard(
        {"20": paths["base"]},
        {("20", "median"): paths["learned"]},
        {"mine": paths["extra"]},
        {"20": paths["couples"]},
        extra_labels={"mine": "Mine"},
        metric_params=METRIC_PARAMS,
        n_boot=300,
        seed=1,
    )
    assert board["method"].tolist() == [
        "mine_cosine",
        "mine_euclidean",
        "learned_median",
        "mean",
        "max",
    ]
    assert board["rank"].tolist() == [1, 2, 3, 4, 5]
    assert board["kind"].tolist() == ["extra", "extra", "learned", "baseline", "baseline"]
    assert (board["low"] <= board["test_error"]).all() and (
        board["test_error"] <= board["high"]
    ).all()
    assert (board["n_test"] == 600).all() and board.loc[3, "published"] == 21.05  # Table I mean
    # the extra method (cosine: lower validation error) against the papers' best (learned
    # median, measured here) and our strongest baseline (mean, by validation error)
    assert versus[["reference", "against", "distance"]].values.tolist() == [
        ["best published", "learned_median", "cosine"],
        ["strongest baseline", "mean", "cosine"],
    ]
    assert (versus["outcome"] == "beats").all() and (versus["high"] < 0).all()
    # the rule's three words follow the interval
    for row in versus.itertuples():
        assert row.low <= row.difference <= row.high


def test_a_cluster_effect_widens_the_leaderboard_interval(tmp_path: Path) -> None:
    """Couples of one article err together: the interval drawn by article is wider than
    one drawn by couple (the same scores, each couple its own article)."""
    paths = synthetic_set(tmp_path, np.random.default_rng(3), n_articles=40)
    couples = pd.read_parquet(paths["couples"])
    alone = tmp_path / "alone.parquet"
    couples.assign(article1=np.arange(len(couples))).to_parquet(alone, index=False)

    def width(couples_file: Path) -> float:
        board, _ = deboom_leaderboard(
            {"20": paths["base"]},
            {},
            {},
            {"20": couples_file},
            extra_labels={},
            metric_params=METRIC_PARAMS,
            n_boot=400,
            seed=0,
        )
        row = board.set_index("method").loc["max"]
        return float(row["high"] - row["low"])

    assert width(paths["couples"]) > 1.1 * width(alone)


def test_the_sts_leaderboard(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    gold = rng.uniform(0, 5, 300)
    frames = []
    for method, noise in (("good", 0.5), ("poor", 5.0)):
        for split in ("dev", "test"):
            frames.append(
                pd.DataFrame(
                    {
                        "method": method,
                        "mode": "none",
                        "split": split,
                        "pair": np.arange(300),
                        "similarity": gold + rng.normal(0, noise, 300),
                        "gold": gold,
                    }
                )
            )
    path = tmp_path / "pairs.parquet"
    pd.concat(frames).to_parquet(path, index=False)
    board = sts_leaderboard([path], n_boot=300, seed=0)
    assert board[["split", "method", "rank"]].values.tolist() == [
        ["dev", "good", 1],
        ["dev", "poor", 2],
        ["test", "good", 1],
        ["test", "poor", 2],
    ]
    assert (board["low"] <= board["pearson"]).all() and (board["pearson"] <= board["high"]).all()
    assert board.loc[0, "pearson"] > 90 and board.loc[0, "low"] > board.loc[1, "high"]


def test_the_sts_comparisons_choose_ours_on_dev_and_judge_on_test(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    gold = {split: rng.uniform(0, 5, 400) for split in ("dev", "test")}
    # "mean" is best on dev, "sif" on test: the strongest of ours is chosen on dev
    noise = {
        ("Mine", "none"): {"dev": 0.3, "test": 0.3},
        ("GEM", "transductive"): {"dev": 2.0, "test": 2.0},
        ("mean", "none"): {"dev": 1.0, "test": 3.0},
        ("sif", "inductive"): {"dev": 1.5, "test": 1.0},
    }
    frames = [
        pd.DataFrame(
            {"method": m, "mode": mode, "split": split, "pair": np.arange(400),
             "similarity": gold[split] + rng.normal(0, sd, 400), "gold": gold[split]}
        )
        for (m, mode), by_split in noise.items()
        for split, sd in by_split.items()
    ]  # fmt: skip
    path = tmp_path / "pairs.parquet"
    pd.concat(frames).to_parquet(path, index=False)
    versus = sts_comparisons([path], ["Mine"], n_boot=300, seed=0)
    assert versus[["reference", "against"]].values.tolist() == [
        ["best published", "GEM (transductive)"],
        ["strongest of ours", "mean (none)"],
    ]
    assert (versus["outcome"] == "beats").all() and (versus["low"] > 0).all()
    assert sts_comparisons([path], ["Nobody"], n_boot=100).empty


def test_the_schafer_leaderboard(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)

    def record(run: str, p: float, model: str | None = None) -> Path:
        items = {
            "topic": (rng.random(200) < p).astype(float).tolist(),
            "triplets": (rng.random(300) < p).astype(float).tolist(),
            "ranks_accuracy": (rng.random(50) < p / 4).astype(float).tolist(),
            "ranks_precision": (rng.random(50) < p / 4).astype(float).tolist(),
        }
        path = tmp_path / f"{run}.json"
        path.write_text(json.dumps({"run": run, "model": model or run, "items": items}))
        return path

    paths = [
        record("extra-mine", 0.9, "Mine"),
        record("topic_lstm-100wv-fixdv", 0.6),
        record("mean", 0.5),
        record("random", 0.2),
    ]
    board, versus = schafer_leaderboard(
        {"a1": paths},
        main_runs={"topic_lstm": "topic_lstm-100wv-fixdv"},
        baselines=["mean", "random"],
        n_boot=300,
        seed=0,
    )
    assert board["label"].tolist() == ["Mine", "topic_lstm-100wv-fixdv", "mean", "random"]
    assert board["kind"].tolist() == ["extra", "model", "baseline", "baseline"]
    assert board.loc[1, "published"] == 59.43 and board.loc[3, "published"] == 18.0
    assert ((board["low"] <= board["total"]) & (board["total"] <= board["high"])).all()
    assert versus[["reference", "against"]].values.tolist() == [
        ["best published", "topic_lstm-100wv-fixdv"],
        ["baseline", "mean"],
        ["baseline", "random"],
    ]
    assert (versus["outcome"] == "beats").all() and (versus["low"] > 0).all()


# --- a user's class on the tiny run -------------------------------------------------

USER = Path(__file__).resolve().parent / "data" / "user_methods"
EXTRA = """methods:
  extra:
    hashed: {{class: "my_embedder:HashedWords", params: {{dim: {dim}}}, label: Hashed words}}
sts:
  enabled: true
  max_pairs: 200
  modes: [transductive]   # GEM as its scripts run it: the best published STS method
  gem_variants: []
  usif_normalizations: []
  ngrams: []
schafer:   # the framework's datasets made tiny (as tests/test_workflow.py), no model trained
  enabled: true
  datasets:
    ohsumed10: {{resource: ohsumed-single-23, reader: ohsumed, topics: 3, per_topic: 34}}
    news10: {{resource: 20newsgroups, reader: newsgroups, topics: 3, per_topic: 34}}
  search_dataset: ohsumed10
  fractions: {{valid: 0.2, test: 0.3}}
  vocabulary: {{min_documents: 1, max_fraction: 0.5}}
  wisdm: {{top_words: 5, triplets: 100, queries: 10, near: 3, far_fraction: 0.5}}
  models: []
  baselines: [mean, random]
  fixed: {{}}
  word_size: 10
  word_sizes: [10]
  doc_sizes: []
"""


@pytest.mark.workflow
def test_a_user_class_by_import_path_gets_its_rows_and_verdicts(
    tiny_base: Callable[[], Path], tmp_path: Path, mirror: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_workflow import planned_jobs
    from tinyrun import smk_in

    tiny_project = tiny_base()  # the session's tiny run: read and copied, never changed
    monkeypatch.setenv("TEXTSIM_MIRROR", str(mirror))
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(USER), os.environ.get("PYTHONPATH")]))
    )
    project = tmp_path / "project"
    shutil.copytree(tiny_project, project, symlinks=True)
    extra = tmp_path / "extra.yaml"
    extra.write_text(EXTRA.format(dim=64))
    # the De Boom scores first: the STS and Schäfer rows and the leaderboards then embed
    # nothing again
    res = smk_in(project, "--cores", "2", "results/extra/hashed/metrics.csv", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    plan = planned_jobs(
        smk_in(project, "-n", "--quiet", "rules", "--", "leaderboard", extra_config=extra)
    )
    assert "embed_extra" not in plan
    assert {"sts_extra", "schafer_extra", "leaderboard_deboom", "leaderboard_sts"} <= plan
    res = smk_in(project, "--cores", "2", "leaderboard", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    tables = project / "results/paper/tables"
    for family in ("deboom", "sts", "schafer"):
        for ext in ("pdf", "png"):
            figure = project / f"results/paper/figures/leaderboard-{family}.{ext}"
            assert figure.stat().st_size > 5000, figure
    board = pd.read_csv(tables / "leaderboard-deboom.csv")
    sets = set(board["Set"].astype(str))
    assert sets == {"10", "20", "30", "var"}
    ours = board[board["Kind"] == "extra"]
    assert sorted(ours["Method"].unique()) == ["Hashed words, Euclidean", "Hashed words, cosine"]
    assert len(ours) == 2 * len(sets)
    interval = (
        ours["Test error % [95% CI]"]
        .str.extract(r"^([\d.]+) \[([\d.]+), ([\d.]+)\]$")
        .astype(float)
    )
    assert ((interval[1] <= interval[0]) & (interval[0] <= interval[2])).all()
    versus = pd.read_csv(tables / "leaderboard-deboom-comparisons.csv")
    assert len(versus) == 2 * len(sets) and set(versus["Outcome"]) <= {"beats", "ties", "loses to"}
    assert versus["Against"].str.startswith("strongest baseline: ").sum() == len(sets)
    sts = pd.read_csv(tables / "leaderboard-sts.csv")
    assert set(sts.loc[sts["Method"] == "Hashed words", "Split"]) == {"dev", "test"}
    schafer = pd.read_csv(tables / "leaderboard-schafer.csv")
    assert set(schafer.loc[schafer["Run"] == "Hashed words", "Table"]) == {
        "a1 (ohsumed10)",
        "a2 (news10)",
    }
    assert set(schafer["Kind"]) == {"extra", "baseline"}
    record = project / "results/schafer/news10/runs/extra-hashed.json"
    assert json.loads(record.read_text())["scores"]["total"] > 0
    versus = pd.read_csv(tables / "leaderboard-schafer-comparisons.csv")
    assert sorted(versus["Against"].unique()) == ["baseline: mean", "baseline: random"]
    versus = pd.read_csv(tables / "leaderboard-sts-comparisons.csv")
    assert versus["Against"].str.split(":").str[0].tolist() == [
        "best published",
        "strongest of ours",
    ]
    assert versus.loc[0, "Against"] == "best published: GEM (transductive)"
    scores = pd.read_csv(project / "results/extra/hashed/sts.csv")
    assert (scores["n_pairs"] == 200).all() and scores["pearson"].between(-100, 100).all()
    # changing the method's parameters reruns its own jobs only
    extra.write_text(EXTRA.format(dim=32))
    plan = planned_jobs(
        smk_in(project, "-n", "--quiet", "rules", "--", "leaderboard", extra_config=extra)
    )
    assert plan == {
        "embed_extra",
        "score_extra",
        "sts_extra",
        "schafer_extra",
        "leaderboard_deboom",
        "leaderboard_sts",
        "leaderboard_schafer",
        "plot_leaderboard_deboom",
        "plot_leaderboard_sts",
        "plot_leaderboard_schafer",
        "leaderboard",
    }
    # a class that is not there: one line at plan time, no traceback
    extra.write_text(EXTRA.format(dim=32).replace("HashedWords", "HashedWord"))
    res = smk_in(project, "-n", "leaderboard", extra_config=extra)
    assert res.returncode != 0 and "Traceback" not in res.stderr
    assert re.search(
        r"^config key methods\.extra\.hashed\.class: my_embedder has no HashedWord$",
        res.stderr,
        re.M,
    )
