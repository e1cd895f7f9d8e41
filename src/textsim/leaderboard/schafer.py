"""Schäfer's framework as a leaderboard: on each dataset table (A.1's analog: the search
dataset; A.2's: the other), every run's weighted score (eq. 3.1) with a 95% bootstrap
interval over the test items (documents, triplets and rank queries, each kind drawn on
its own), ranked; then each extra method against the thesis' best model (as this run
trained it) and against each zero-training baseline, as paired differences judged by
the verdict rule."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from textsim.core.io import PathLike
from textsim.leaderboard.common import interval, outcome
from textsim.schafer.published import THESIS_A1, THESIS_A2, thesis_value

__all__ = ["schafer_leaderboard"]

#: the thesis' best model of each table (the highest published eq. 3.1)
BEST = {
    "a1": max(THESIS_A1, key=lambda m: THESIS_A1[m][-1]),
    "a2": max(THESIS_A2, key=lambda m: THESIS_A2[m][-1]),
}


def _kind(run: str, baselines: Sequence[str]) -> str:
    if run.startswith("extra-"):
        return "extra"
    return "baseline" if run in baselines else "model"


def schafer_leaderboard(
    records: Mapping[str, Sequence[PathLike]],
    *,
    main_runs: Mapping[str, str],
    baselines: Sequence[str],
    n_boot: int = 2000,
    seed: int = 0,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``records``: table (``a1``, ``a2``) -> the run records of its dataset;
    ``main_runs``: model -> its run at the thesis' configuration (the one with a
    published value); ``baselines``: the zero-training baselines' run names. Returns the
    board (``table``, ``run``, ``label``, ``kind``, ``total`` with ``low`` / ``high``,
    ``topic``, ``published``, ``rank``) and the extra methods' comparisons."""
    from textsim.verdicts.bootstrap import Resampler, bootstrap_difference, mean_percent
    from textsim.verdicts.evidence import schafer_total

    model_of = {run: model for model, run in main_runs.items()}
    rows, versus = [], []
    for table, paths in records.items():
        values: dict[str, np.ndarray] = {}
        strata = None
        labels: dict[str, str] = {}
        topic: dict[str, float] = {}
        for path in paths:
            record = json.loads(Path(path).read_text(encoding="utf-8"))
            if not record.get("items"):
                raise ValueError(f"{path}: the run record has no item outcomes; rerun it")
            run = str(record["run"])
            values[run], found = schafer_total(record["items"])
            if strata is not None and not np.array_equal(strata, found):
                raise ValueError(f"{path}: other test items than the table's other runs")
            strata = found
            labels[run] = str(record.get("model", run)) if run.startswith("extra-") else run
            topic[run] = 100.0 * float(np.mean(record["items"]["topic"]))
        if strata is None:
            continue
        sampler = Resampler(len(strata), n_boot=n_boot, seed=seed, strata=strata)
        names = list(values)
        reps = sampler.replicates_of([[values[r]] for r in names], mean_percent)
        for run, r in zip(names, reps, strict=True):
            low, high = interval(r[0])
            rows.append(
                {
                    "table": table,
                    "run": run,
                    "label": labels[run],
                    "kind": _kind(run, baselines),
                    "total": 100.0 * float(values[run].mean()),
                    "low": float(low),
                    "high": float(high),
                    "topic": topic[run],
                    "published": thesis_value(table, model_of.get(run, run), "total"),
                    "n_items": len(strata),
                }
            )
        best_run = main_runs.get(BEST.get(table, ""), "")
        references = [("best published", best_run)] if best_run in values else []
        references += [("baseline", b) for b in baselines if b in values]
        for run in names:
            if not run.startswith("extra-"):
                continue
            for role, ref in references:
                d = bootstrap_difference(
                    [values[run]],
                    [values[ref]],
                    mean_percent,
                    n_boot=n_boot,
                    seed=seed,
                    strata=strata,
                )
                versus.append(
                    {
                        "table": table,
                        "method": labels[run],
                        "reference": role,
                        "against": ref,
                        "total": d.better,
                        "reference_total": d.worse,
                        "difference": d.estimate,
                        "low": d.low,
                        "high": d.high,
                        "outcome": outcome(d.low, d.high, lower_is_better=False),
                    }
                )
    board = pd.DataFrame(rows)
    if not board.empty:
        board["rank"] = (
            board.groupby("table")["total"].rank(ascending=False, method="min").astype(int)
        )
        board = board.sort_values(["table", "rank", "run"], kind="stable").reset_index(drop=True)
    return board, pd.DataFrame(versus)
