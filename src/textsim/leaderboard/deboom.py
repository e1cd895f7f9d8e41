"""De Boom's benchmark as a leaderboard: on each couple set, every method's test split
error (threshold chosen on validation, as in the tables) with a 95% cluster-bootstrap
interval (couples drawn by the unit they share: Wikipedia article, hashtag window), and
its JS divergence; then each extra method against the best published method of the set
and against our strongest baseline, as paired-bootstrap differences judged by the
verdict rule (:func:`textsim.verdicts.rule.judge`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from textsim.core.io import PathLike
from textsim.deboom.baselines import BASELINES
from textsim.deboom.published import (
    ICDMW_TABLE_I,
    ICDMW_TABLE_II,
    ICDMW_TABLE_III,
    LEARNED_LABELS,
    PRL_TABLE_1,
    PRL_TABLE_2,
)
from textsim.leaderboard.common import interval, outcome

__all__ = ["Board", "deboom_comparisons", "deboom_leaderboard", "published_best"]


def published_errors(set_name: str) -> dict[str, float]:
    """Method -> the lowest split error (%) the papers publish for it on a couple set
    (ICDMW Tables I–III at 10, 20, 30 words; PRL Table 1 at 20 words and variable
    length; PRL Table 2 on every Twitter set); empty for a set the papers do not have."""
    out: dict[str, float] = {}

    def add(method: str, error: float) -> None:
        out[method] = min(error, out.get(method, error))

    for method, by_length in ICDMW_TABLE_I.items():
        if set_name in by_length:
            add(method, by_length[set_name][0])
    if set_name == "20":
        for method, (error, _) in ICDMW_TABLE_II.items():
            add(method, error)
        for method, error in ICDMW_TABLE_III.items():
            add(method, error)
    for method, (error, _) in PRL_TABLE_1.get(set_name, {}).items():
        add(method, error)
    if set_name.startswith("twitter"):
        for method, (error, _) in PRL_TABLE_2.items():
            add(method, error)
    return out


def published_best(set_name: str, available: set[str] | None = None) -> str | None:
    """The method with the lowest published split error on a couple set, among
    ``available`` (the methods this run measured) when given."""
    errors = {
        m: e for m, e in published_errors(set_name).items() if available is None or m in available
    }
    return min(errors, key=lambda m: (errors[m], m)) if errors else None


#: the distances' names in labels
DISTANCE_NAMES = {
    "cosine": "cosine",
    "euclidean": "Euclidean",
    "l3": "L3",
    "l4": "L4",
    "braycurtis": "Bray-Curtis",
}


def label_of(method: str, extra_labels: Mapping[str, str]) -> str:
    """A row's name: a baseline's table label with its distance where the label does not
    say it, a learned method's, or an extra method's label and distance."""
    if method in BASELINES:
        base = BASELINES[method]
        name = DISTANCE_NAMES[base.metric]
        return (
            base.label if name in base.label or base.metric == "cosine" else f"{base.label}, {name}"
        )
    stem, _, distance = method.rpartition("_")
    if stem in extra_labels:
        return f"{extra_labels[stem]}, {DISTANCE_NAMES.get(distance, distance)}"
    return LEARNED_LABELS.get(method, method)


def _distinct(methods: list[str]) -> list[str]:
    """Baselines without a second name for the same representation and distance
    (ICDMW Table I's mean is Table II's mean with cosine)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for m in methods:
        key = (*BASELINES[m].representation_key, BASELINES[m].metric)
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


@dataclass
class Board:
    """One couple set's item-level evidence: per method, 1 for each misclassified test
    couple; the couples' strata (related or not) and clusters."""

    wrong: dict[str, np.ndarray]
    js: dict[str, float]
    val_error: dict[str, float]
    kind: dict[str, str]
    strata: np.ndarray
    clusters: np.ndarray


def _board(
    baseline: PathLike | None,
    learned: Mapping[str, PathLike],
    extras: Mapping[str, pd.DataFrame],
    couples: PathLike,
    *,
    metric_params: Mapping[str, Any],
) -> Board:
    from textsim.deboom.scoring import evaluate_scores
    from textsim.verdicts.evidence import couple_clusters, wrong_on_test

    frames: list[tuple[str, pd.DataFrame, list[str]]] = []
    if baseline is not None:
        frame = pd.read_parquet(baseline)
        frames.append(("baseline", frame, _distinct([c for c in frame.columns if c in BASELINES])))
    for procedure, path in learned.items():
        frames.append(("learned", pd.read_parquet(path), [f"learned_{procedure}"]))
    for frame in extras.values():
        frames.append(
            ("extra", frame, [c for c in frame.columns if c not in ("set", "split", "related")])
        )
    wrong, js, val_error, kind = {}, {}, {}, {}
    related = None
    for k, frame, methods in frames:
        test_related = frame.loc[frame["split"] == "test", "related"].to_numpy(bool)
        if related is None:
            related = test_related
        elif not np.array_equal(related, test_related):
            raise ValueError("the methods' test couples differ: scores of other couple sets mixed")
        metrics = evaluate_scores(frame, methods, **metric_params)
        js_of = dict(zip(metrics["method"], metrics["js"].astype(float), strict=True))
        val_of = dict(zip(metrics["method"], metrics["val_error"].astype(float), strict=True))
        for m in methods:
            wrong[m] = wrong_on_test(frame, m, int(metric_params["n_thresholds"]))
            js[m] = js_of[m]
            val_error[m] = val_of[m]
            kind[m] = k
    assert related is not None
    pairs = pd.read_parquet(couples)
    return Board(wrong, js, val_error, kind, related.astype(np.int64), couple_clusters(pairs))


def deboom_leaderboard(
    baselines: Mapping[str, PathLike],
    learned: Mapping[tuple[str, str], PathLike],
    extras: Mapping[str, PathLike],
    couples: Mapping[str, PathLike],
    *,
    extra_labels: Mapping[str, str],
    metric_params: Mapping[str, Any],
    n_boot: int = 2000,
    seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The leaderboard of every couple set in ``couples`` (set -> couples file):
    ``baselines`` (set -> the primary vectors' scores file), ``learned`` ((set,
    procedure) -> the run's learned scores file), ``extras`` (extra method -> its scores
    file, all sets in one, column ``set``). Returns the board (``set``, ``method``,
    ``label``, ``kind``, ``test_error`` and its ``low`` / ``high``, ``js``, ``published``
    (the papers' lowest error of the method on the set, if any), ``rank``) and
    the extra methods' comparisons (:func:`deboom_comparisons`); ``metric_params``: the
    tables' split-error and JS settings (``n_thresholds``, ``js_bins``, ...)."""
    from textsim.verdicts.bootstrap import Resampler, mean_percent

    extra_frames = {name: pd.read_parquet(path) for name, path in extras.items()}
    rows, comparisons = [], []
    for set_name, couples_path in couples.items():
        board = _board(
            baselines.get(set_name),
            {p: path for (s, p), path in learned.items() if s == set_name},
            {n: f[f["set"] == set_name].reset_index(drop=True) for n, f in extra_frames.items()},
            couples_path,
            metric_params=metric_params,
        )
        sampler = Resampler(
            len(board.strata),
            n_boot=n_boot,
            seed=seed,
            strata=board.strata,
            clusters=board.clusters,
        )
        names = list(board.wrong)
        reps = sampler.replicates_of([[board.wrong[m]] for m in names], mean_percent)
        for m, r in zip(names, reps, strict=True):
            low, high = interval(r[0])
            rows.append(
                {
                    "set": set_name,
                    "method": m,
                    "label": label_of(m, extra_labels),
                    "kind": board.kind[m],
                    "test_error": 100.0 * float(board.wrong[m].mean()),
                    "low": float(low),
                    "high": float(high),
                    "js": board.js[m],
                    "published": published_errors(set_name).get(m, float("nan")),
                    "n_test": len(board.strata),
                }
            )
        comparisons += deboom_comparisons(set_name, board, n_boot=n_boot, seed=seed)
    table = pd.DataFrame(rows)
    if not table.empty:
        table["rank"] = table.groupby("set")["test_error"].rank(method="min").astype(int)
        table = table.sort_values(["set", "rank", "method"], kind="stable").reset_index(drop=True)
    return table, pd.DataFrame(comparisons)


def deboom_comparisons(
    set_name: str, board: Board, *, n_boot: int, seed: int
) -> list[dict[str, object]]:
    """Each extra method of a board (its distance with the lower validation error)
    against the best published method of the set that this run measured, and against
    our strongest baseline (the lowest validation error): test error difference
    (extra − reference, points) with its 95% paired cluster-bootstrap interval, and
    ``beats`` / ``ties`` / ``loses to`` by the verdict rule."""
    from textsim.verdicts.bootstrap import bootstrap_difference, mean_percent

    extras: dict[str, str] = {}
    for m, k in board.kind.items():
        if k == "extra":
            base = m.rsplit("_", 1)[0]
            if base not in extras or board.val_error[m] < board.val_error[extras[base]]:
                extras[base] = m
    measured = {m for m, k in board.kind.items() if k != "extra"}
    baselines = [m for m, k in board.kind.items() if k == "baseline"]
    references = {
        "best published": published_best(set_name, measured),
        "strongest baseline": min(baselines, key=lambda m: (board.val_error[m], m))
        if baselines
        else None,
    }
    rows: list[dict[str, object]] = []
    for name, column in extras.items():
        for role, ref in references.items():
            if ref is None:
                continue
            d = bootstrap_difference(
                [board.wrong[column]],
                [board.wrong[ref]],
                mean_percent,
                n_boot=n_boot,
                seed=seed,
                strata=board.strata,
                clusters=board.clusters,
            )
            rows.append(
                {
                    "set": set_name,
                    "method": name,
                    "distance": column.rsplit("_", 1)[1],
                    "reference": role,
                    "against": ref,
                    "error": d.better,
                    "reference_error": d.worse,
                    "difference": d.estimate,
                    "low": d.low,
                    "high": d.high,
                    "outcome": outcome(d.low, d.high, lower_is_better=True),
                }
            )
    return rows
