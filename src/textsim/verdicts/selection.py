"""The selection procedure's table (rule schafer_table_selected): each row's selected
configuration on each dataset, its test scores as mean ± spread over the seeds, its
untrained control beside it, whether it learned (the paired two-level bootstrap
interval of trained − untrained eq. 3.1), and the thesis' published value."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from textsim.core.io import PathLike, read_json
from textsim.schafer.published import thesis_value
from textsim.schafer.selection import Point, grid_edge, row_model
from textsim.verdicts.bootstrap import bootstrap_difference, mean_percent
from textsim.verdicts.evidence import schafer_total
from textsim.verdicts.rule import Verdict, judge

__all__ = ["selected_table"]

_RUN = re.compile(r"^(?P<point>.+)-seed(?P<seed>\d+)(?P<untrained>-untrained)?\.json$")
_METRICS = ("topic", "triplets", "ranks_accuracy")


def _parse(path: PathLike) -> tuple[str, str, str, int, bool]:
    """(dataset, row, point, seed, untrained) of ``…/<dataset>/selection/<row>/<file>``."""
    p = Path(path)
    m = _RUN.match(p.name)
    if m is None or len(p.parts) < 4:
        raise ValueError(f"{path}: not a selection run record")
    return p.parts[-4], p.parts[-2], m["point"], int(m["seed"]), bool(m["untrained"])


def _spread(values: Sequence[float]) -> str:
    a = 100 * np.asarray(values, dtype=np.float64)
    if len(a) == 1:
        return f"{a[0]:.1f}"
    return f"{a.mean():.1f} ± {a.std(ddof=1):.1f}"


def _learned(
    trained: Sequence[Mapping[str, Any]],
    untrained: Sequence[Mapping[str, Any]],
    *,
    n_boot: int,
    seed: int,
) -> tuple[str, str]:
    """(trained − untrained eq. 3.1 with its interval, the verdict "it learned")."""
    a = [schafer_total(r["items"]) for r in trained]
    b = [schafer_total(r["items"]) for r in untrained]
    d = bootstrap_difference(
        [v for v, _ in a], [v for v, _ in b], mean_percent, n_boot=n_boot, seed=seed, strata=a[0][1]
    )
    verdict = judge(d.low, d.high, lower_is_better=False)
    said = {Verdict.HOLDS: "yes", Verdict.FAILS: "worse", Verdict.NOISE: "within noise"}[verdict]
    return f"{d.estimate:+.1f} [{d.low:+.1f}, {d.high:+.1f}]", said


def selected_table(
    picks: Sequence[PathLike],
    runs: Sequence[PathLike],
    stem: str,
    *,
    published: Mapping[str, str],
    n_boot: int,
    seed: int,
    title: str,
    note: str,
) -> None:
    """One line per dataset and row: the selected point (the row's ``picks``) and
    whether its learning rate is the grid's lowest or highest (:func:`grid_edge`), the
    epochs trained and the training seconds (means over seeds; best epoch kept), test
    eq. 3.1 and its parts (%,
    mean ± standard deviation over seeds), the untrained control's eq. 3.1, whether the
    model learned, and the thesis' eq. 3.1 where ``published`` maps the dataset to its
    table (``a1`` / ``a2``). ``runs``: every seed's record and its control's."""
    from textsim.report.tables import write_plain_table

    chosen = {pick["row"]: pick for pick in map(read_json, picks)}
    groups: dict[tuple[str, str, bool], list[Mapping[str, Any]]] = {}
    for path in runs:
        dataset, row, name, _, untrained = _parse(path)
        if chosen.get(row, {}).get("point") != name:
            raise ValueError(f"{path}: not the selected configuration of {row}")
        groups.setdefault((dataset, row, untrained), []).append(read_json(path))
    lines = []
    for (dataset, row, untrained), trained in groups.items():
        if untrained:
            continue
        control = groups.get((dataset, row, True), [])
        point = Point.parse(chosen[row]["point"])
        model, _ = row_model(row)
        stops = (  # Doc2Vec trains its own epochs
            "" if model == "doc2vec" else f", patience {point.patience}, ≤{point.max_epochs} epochs"
        )
        edge = grid_edge(chosen[row]["point"], [g["point"] for g in chosen[row]["grid"]])
        line: dict[str, Any] = {
            "Dataset": dataset,
            "Model": row,
            "Selected": f"lr {point.learning_rate:g}{stops}",
            # the optimum may lie beyond a rate at the grid's edge (Doc2Vec: its alpha)
            "Grid edge": edge or "inside",
            "Seeds": len(trained),
            "Epochs": f"{np.mean([r['epochs'] for r in trained]):.1f}",
            # each seed's training time (resumed trainings count their earlier epochs)
            "Train (s)": float(f"{np.mean([r['train_seconds'] for r in trained]):.3g}"),
            "Eq. 3.1 (%)": _spread([r["scores"]["total"] for r in trained]),
        }
        for metric in _METRICS:
            line[f"{metric} (%)"] = _spread([r["scores"][metric] for r in trained])
        line["Untrained eq. 3.1 (%)"] = (
            _spread([r["scores"]["total"] for r in control]) if control else "—"
        )
        line["Trained − untrained"], line["Learned"] = (
            _learned(trained, control, n_boot=n_boot, seed=seed) if control else ("—", "no control")
        )
        table = published.get(dataset)
        value = thesis_value(table, model, "total") if table and row == model else float("nan")
        line["Thesis eq. 3.1 (%)"] = f"{value:.2f}" if np.isfinite(value) else "—"
        lines.append(line)
    if not lines:
        raise ValueError("no selected run to tabulate")
    frame = pd.DataFrame(lines).sort_values(["Dataset", "Model"], kind="stable")
    write_plain_table(frame, stem, title=title, note=note)
