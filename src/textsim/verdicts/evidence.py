"""Item-level evidence from a run's files: what each method got right or scored on each
test item, per seed, for the paired bootstrap.

* De Boom: for each test couple, 1 if the method misclassifies it (threshold chosen
  on the validation couples after the validation min–max map, exactly as the tables'
  split error: :func:`textsim.deboom.metrics.evaluate_split`), stratified by
  related / non-related;
* STS: each test pair's cosine and gold score (Pearson r is recomputed per replicate);
* Schäfer: per test document, triplet and rank query the outcome the run records
  (``items``), per metric and dataset table (``a1``: the search dataset, Table A.1's
  analog; ``a2``: the other, Table A.2's). Eq. 3.1's total is one mean over all of them:
  each outcome scaled by its metric's weight over its share of the items, stratified by
  kind, so a replicate redraws documents, triplets and queries each on its own (a
  query's rank accuracy and precision, weighted ⅙ each, count as one item of weight ⅓).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.core.io import PathLike
from textsim.deboom.metrics import best_threshold, minmax_normalise

__all__ = [
    "CLUSTERS",
    "Evidence",
    "Runs",
    "couple_clusters",
    "deboom_evidence",
    "paragraph_evidence",
    "schafer_evidence",
    "schafer_total",
    "similarity_on_test",
    "sts_evidence",
    "wrong_on_test",
]

#: one item array per seed (one array for a method without training)
Runs = list[npt.NDArray[np.float64]]


@dataclass
class Evidence:
    """(family, set, method, variant) -> runs; strata and clusters (the unit each
    item shares with others, :data:`CLUSTERS`) per (family, set)."""

    runs: dict[tuple[str, str, str, str], Runs] = field(default_factory=dict)
    strata: dict[tuple[str, str], npt.NDArray[np.int64] | None] = field(default_factory=dict)
    clusters: dict[tuple[str, str], npt.NDArray[np.int64]] = field(default_factory=dict)
    #: the JS divergence's histogram (bins, low, high, pseudocount) of family deboom_js
    js: tuple[int, float, float, float] = (10_000, -1.0, 1.5, 1.0)
    #: (couple set, learned method) -> its weights per seed, rarest word first
    weights: dict[tuple[str, str], Runs] = field(default_factory=dict)
    #: (family, set) -> the word-vector runs (word2vec seeds) its methods were measured
    #: on, every method's runs in one block per word-vector run, in the same order; 1
    #: where absent (:func:`textsim.verdicts.bootstrap.difference`)
    spaces: dict[tuple[str, str], int] = field(default_factory=dict)

    def variants(self, family: str, set_: str, method: str) -> list[str]:
        return [v for (f, s, m, v) in self.runs if (f, s, m) == (family, set_, method)]

    def sets(self, family: str, name: str) -> list[str]:
        """The evidence's sets of ``name``: itself, or ``name@<table>`` (Schäfer)."""
        found = {s for (f, s, _, _) in self.runs if f == family}
        return sorted(s for s in found if s == name or s.startswith(f"{name}@"))


#: the unit De Boom couples share, per kind of couple set, and what defines it: a
#: Wikipedia couple's text 1 comes from one article, whose other paragraphs give other
#: couples; a tweet couple's text 1 was posted in one 15-minute slot, the window in
#: which the related tweets of a hashtag were paired (and reused)
CLUSTERS = {
    "wikipedia": "the Wikipedia article of text 1",
    "twitter": "the 15-minute slot of text 1's tweet (the hashtag window)",
}
#: the window of a tweet cluster, in seconds (the pairing window of PRL §5.4)
TWEET_WINDOW = 900


def couple_clusters(couples: pd.DataFrame) -> npt.NDArray[np.int64]:
    """The cluster of each test couple (:data:`CLUSTERS`): its text 1's article, or the
    15-minute slot of its text 1's tweet."""
    test = couples[couples["split"] == "test"]
    if "article1" in test:
        key = test["article1"].astype(str).to_numpy()
    elif "time1" in test:
        key = (test["time1"].to_numpy(np.int64) // TWEET_WINDOW).astype(str)
    else:
        raise ValueError("couples have neither article1 (Wikipedia) nor time1 (tweets)")
    return np.unique(key, return_inverse=True)[1].reshape(-1).astype(np.int64)


def similarity_on_test(scores: pd.DataFrame, method: str) -> npt.NDArray[np.float64]:
    """``(n, 2)``: each test couple's similarity under ``method``, normalised with the
    validation minimum and maximum as the tables' JS divergence is, and 1 if related."""
    val = scores.loc[scores["split"] == "validation", method].to_numpy(dtype=np.float64)
    test = scores[scores["split"] == "test"]
    normalised = minmax_normalise(
        test[method].to_numpy(dtype=np.float64), float(val.min()), float(val.max())
    )
    return np.column_stack([normalised, test["related"].to_numpy(bool).astype(np.float64)])


def wrong_on_test(scores: pd.DataFrame, method: str, n_thresholds: int) -> npt.NDArray[np.float64]:
    """1.0 for each test couple that ``method`` misclassifies, else 0.0."""
    val = scores[scores["split"] == "validation"]
    test = scores[scores["split"] == "test"]
    vs = val[method].to_numpy(dtype=np.float64)
    lo, hi = float(vs.min()), float(vs.max())
    theta, _ = best_threshold(
        minmax_normalise(vs, lo, hi), val["related"].to_numpy(bool), n_thresholds
    )
    predicted = minmax_normalise(test[method].to_numpy(dtype=np.float64), lo, hi) > theta
    wrong = predicted != test["related"].to_numpy(bool)
    return np.asarray(wrong, dtype=np.float64)


def _related(scores: pd.DataFrame) -> npt.NDArray[np.int64]:
    return scores.loc[scores["split"] == "test", "related"].to_numpy(bool).astype(np.int64)


def deboom_evidence(
    baselines: Mapping[tuple[str, str], PathLike | Sequence[PathLike]],
    learned: Mapping[tuple[str, str], Sequence[PathLike]],
    *,
    primary: str,
    n_thresholds: int,
    couples: Mapping[str, PathLike] | None = None,
    js: tuple[int, float, float, float] | None = None,
    weights: Mapping[tuple[str, str], Sequence[PathLike]] | None = None,
    evidence: Evidence | None = None,
) -> Evidence:
    """``baselines``: (couple set, vector variant) -> scores file of every baseline, or
    one per word-vector run (word2vec seed) where the word vectors were trained several
    times; ``learned``: (couple set, procedure) -> the scores file of each seed (variant
    ``primary``), word-vector run by word-vector run in the baselines' order;
    ``couples``: couple set -> its couples file, whose test couples give the clusters of
    the bootstrap (:func:`couple_clusters`; none: each couple its own);
    ``js``: the tables' JS histogram (bins, low, high, pseudocount). Every method is
    also evidence of family ``deboom_js``: its normalised test similarities.
    ``weights``: (couple set, procedure) -> the learned weights file of each seed."""
    from textsim.core.io import read_json

    out = evidence if evidence is not None else Evidence()
    for (set_, procedure), paths in (weights or {}).items():
        out.weights[(set_, f"learned_{procedure}")] = [
            np.asarray(read_json(p)["weights"], dtype=np.float64) for p in paths
        ]
    if js is not None:
        out.js = js

    def strata(set_: str, frame: pd.DataFrame, path: PathLike) -> None:
        related = _related(frame)
        known = out.strata.setdefault(("deboom", set_), related)
        if known is None or known.shape != related.shape or not np.array_equal(known, related):
            raise ValueError(f"{path}: its test couples differ from the others of set {set_}")

    for (set_, variant), given in baselines.items():
        paths = [given] if isinstance(given, str | os.PathLike) else list(given)
        known_spaces = out.spaces.setdefault(("deboom", set_), len(paths))
        if known_spaces != len(paths):
            raise ValueError(
                f"set {set_}: {len(paths)} word-vector runs of {variant}, {known_spaces} of another"
            )
        out.spaces[("deboom_js", set_)] = known_spaces
        for path in paths:
            frame = pd.read_parquet(path)
            strata(set_, frame, path)
            for method in frame.columns.drop(["split", "related"], errors="ignore"):
                key = (str(method), variant)
                out.runs.setdefault(("deboom", set_, *key), []).append(
                    wrong_on_test(frame, str(method), n_thresholds)
                )
                out.runs.setdefault(("deboom_js", set_, *key), []).append(
                    similarity_on_test(frame, str(method))
                )
    for (set_, procedure), paths in learned.items():
        spaces = out.spaces.get(("deboom", set_), 1)
        if len(paths) % spaces:
            raise ValueError(
                f"set {set_}: {len(paths)} runs of learned_{procedure} "
                f"for {spaces} word-vector runs"
            )
        runs: Runs = []
        similarities: Runs = []
        for path in paths:
            frame = pd.read_parquet(path)
            strata(set_, frame, path)
            runs.append(wrong_on_test(frame, f"learned_{procedure}", n_thresholds))
            similarities.append(similarity_on_test(frame, f"learned_{procedure}"))
        out.runs[("deboom", set_, f"learned_{procedure}", primary)] = runs
        out.runs[("deboom_js", set_, f"learned_{procedure}", primary)] = similarities
    for key in [k for k in out.strata if k[0] == "deboom"]:
        out.strata[("deboom_js", key[1])] = out.strata[key]
    for set_, path in (couples or {}).items():
        import pyarrow.parquet as pq

        names = pq.read_schema(path).names
        wanted = [c for c in ("split", "related", "article1", "time1") if c in names]
        frame = pd.read_parquet(path, columns=wanted)
        known = out.strata.get(("deboom", set_))
        related = _related(frame)
        if known is None or known.shape != related.shape or not np.array_equal(known, related):
            raise ValueError(f"{path}: its test couples differ from the scores of set {set_}")
        out.clusters[("deboom", set_)] = out.clusters[("deboom_js", set_)] = couple_clusters(frame)
    return out


def sts_evidence(pairs: PathLike, *, evidence: Evidence | None = None) -> Evidence:
    """Each STS pair's cosine and gold score, per (split, method, mode)."""
    out = evidence if evidence is not None else Evidence()
    frame = pd.read_parquet(pairs)
    for (method, mode, split), part in frame.groupby(["method", "mode", "split"], sort=False):
        part = part.sort_values("pair")
        out.runs[("sts", str(split), str(method), str(mode))] = [
            part[["similarity", "gold"]].to_numpy(dtype=np.float64)
        ]
        out.strata.setdefault(("sts", str(split)), None)
    return out


def paragraph_evidence(predictions: PathLike, *, evidence: Evidence | None = None) -> Evidence:
    """Each test document's outcome (1 right, 0 wrong) per paragraph technique, as
    family ``paragraphs``, set ``test``, method ``<method>, <technique>``
    (:func:`textsim.gem.paragraphs.evaluate_paragraphs`)."""
    out = evidence if evidence is not None else Evidence()
    frame = pd.read_parquet(predictions)
    for (method, technique), part in frame.groupby(["method", "technique"], sort=False):
        part = part.sort_values("document")
        out.runs[("paragraphs", "test", f"{method}, {technique}", "main")] = [
            part["correct"].to_numpy(dtype=np.float64)
        ]
    out.strata.setdefault(("paragraphs", "test"), None)
    return out


def schafer_total(
    items: Mapping[str, Sequence[float]],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Eq. 3.1 as one mean over scaled outcomes, and their strata (see the module text)."""
    ranks = (np.asarray(items["ranks_accuracy"]) + np.asarray(items["ranks_precision"])) / 2
    parts = [np.asarray(items["topic"]), np.asarray(items["triplets"]), ranks]
    n = sum(p.size for p in parts)
    values = np.concatenate([p * (n / (3 * p.size)) for p in parts]).astype(np.float64)
    strata = np.concatenate([np.full(p.size, k, dtype=np.int64) for k, p in enumerate(parts)])
    return values, strata


def schafer_evidence(
    runs: Mapping[tuple[str, str], Sequence[PathLike]], *, evidence: Evidence | None = None
) -> Evidence:
    """``runs``: (table a1 | a2, method) -> the run record of each seed (one for a
    zero-training baseline)."""
    import json

    out = evidence if evidence is not None else Evidence()
    for (table, method), paths in runs.items():
        per: dict[str, Runs] = {}
        for path in paths:
            with open(path, encoding="utf-8") as f:
                items = json.load(f).get("items")
            if not items:
                raise ValueError(f"{path}: the run record has no item outcomes; rerun it")
            total, strata = schafer_total(items)
            per.setdefault("total", []).append(total)
            out.strata[("schafer", f"total@{table}")] = strata
            for metric, key in (
                ("topic", "topic"),
                ("triplets", "triplets"),
                ("ranks", "ranks_accuracy"),
            ):
                per.setdefault(metric, []).append(np.asarray(items[key], dtype=np.float64))
                out.strata.setdefault(("schafer", f"{metric}@{table}"), None)
        for metric, arrays in per.items():
            out.runs[("schafer", f"{metric}@{table}", method, "main")] = arrays
    return out
