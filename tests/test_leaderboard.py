"""Leaderboards: every method on De Boom's couples and on STS with bootstrap intervals,
the extra methods' comparisons judged by the verdict rule; and a user's own class on the
tiny run, from its config entry to its rows (methods.extra)."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from textsim.leaderboard import deboom_leaderboard, published_best, sts_leaderboard
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


# --- a user's class on the tiny run -------------------------------------------------

USER = Path(__file__).resolve().parent / "data" / "user_methods"
EXTRA = """methods:
  extra:
    hashed: {{class: "my_embedder:HashedWords", params: {{dim: {dim}}}, label: Hashed words}}
sts:
  enabled: true
  max_pairs: 200
  modes: [inductive]
  gem_variants: []
  usif_normalizations: []
  ngrams: []
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
    # the De Boom scores first: the STS rows and both leaderboards then embed nothing again
    res = smk_in(project, "--cores", "2", "results/extra/hashed/metrics.csv", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    plan = planned_jobs(
        smk_in(project, "-n", "--quiet", "rules", "--", "leaderboard", extra_config=extra)
    )
    assert (
        "embed_extra" not in plan and {"sts_extra", "leaderboard_deboom", "leaderboard_sts"} <= plan
    )
    res = smk_in(project, "--cores", "2", "leaderboard", extra_config=extra)
    assert res.returncode == 0, res.stderr[-5000:]
    tables = project / "results/paper/tables"
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
        "leaderboard_deboom",
        "leaderboard_sts",
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
