"""Workflow glue of the leaderboards (:mod:`textsim.leaderboard`): rules
leaderboard_deboom, leaderboard_sts and leaderboard_schafer (each a leaderboard and its
extra methods' comparisons, tables in the four formats) and plot_leaderboard_<family>."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from textsim.core.io import PathLike, write_csv
from textsim.report.tables import write_plain_table

#: what every leaderboard's note says of its intervals
INTERVALS = "95% percentile bootstrap intervals ({n_boot} replicates, seed {seed})"


def _intervals(frame: pd.DataFrame, value: str, digits: int) -> list[str]:
    """``value [low, high]`` of each row of ``frame`` (columns ``value``, ``low``, ``high``)."""
    return [
        f"{v:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"
        for v, lo, hi in zip(frame[value], frame["low"], frame["high"], strict=True)
    ]


def _shown_comparisons(
    versus: pd.DataFrame, first: Mapping[str, str], values: Mapping[str, str], digits: int
) -> pd.DataFrame:
    """The extra methods' comparisons as their table shows them: the ``first`` columns
    as they are (column -> header), the reference, the ``values`` (column -> header),
    the difference with its interval, the outcome."""
    headers = [*first.values(), "Against", *values.values(), "Difference [95% CI]", "Outcome"]
    if versus.empty:
        return pd.DataFrame(columns=headers)
    shown: dict[str, Any] = {header: versus[column] for column, header in first.items()}
    shown["Against"] = versus["reference"] + ": " + versus["against"]
    for column, header in values.items():
        shown[header] = versus[column].map(lambda v: f"{v:.{digits}f}")
    shown["Difference [95% CI]"] = _intervals(versus, "difference", digits)
    shown["Outcome"] = versus["outcome"]
    return pd.DataFrame(shown, columns=headers)


def leaderboard_deboom(
    couples: Sequence[PathLike],
    baselines: Sequence[PathLike],
    learned: Sequence[PathLike],
    extras: Sequence[PathLike],
    board: PathLike,
    comparisons: PathLike,
    numbers: PathLike,
    *,
    couple_sets: Sequence[str],
    learned_runs: Sequence[str],
    extra_labels: Mapping[str, str],
    metric_params: Mapping[str, Any],
    n_boot: int,
    seed: int,
    vectors: str,
) -> None:
    """The De Boom leaderboard (``board``: a table stem; ``numbers``: its values for
    the figure) and the extra methods' comparisons (``comparisons``): ``couples`` and
    ``baselines`` (the ``vectors`` variant's scores) of each of ``couple_sets``;
    ``learned``: the run's learned scores of each of ``learned_runs``
    (``<set>/<procedure>``); ``extras``: the scores of each extra method, in the order
    of ``extra_labels``."""
    from textsim.leaderboard import deboom_leaderboard

    runs: dict[tuple[str, str], PathLike] = {}
    for key, path in zip(learned_runs, learned, strict=True):
        set_name, procedure = key.split("/", 1)
        runs[(set_name, procedure)] = path
    table, versus = deboom_leaderboard(
        dict(zip(couple_sets, baselines, strict=True)),
        runs,
        dict(zip(extra_labels, extras, strict=True)),
        dict(zip(couple_sets, couples, strict=True)),
        extra_labels=extra_labels,
        metric_params=metric_params,
        n_boot=n_boot,
        seed=seed,
    )
    write_csv(table, numbers)
    note = (
        f"Test split error (%) with {INTERVALS.format(n_boot=n_boot, seed=seed)} over the "
        "test couples, drawn by the unit they share (a Wikipedia article, a tweet's hashtag "
        "window); thresholds chosen on the validation couples. Baselines on the "
        f"{vectors} word vectors; learned weights: the run's own seed; extra methods "
        "(methods.extra) with cosine and Euclidean distance. JS: the tables' JS divergence. "
        "Published: the papers' lowest split error for the method on the set (other corpus, "
        "other couples: beside ours, not a target)."
    )
    shown = pd.DataFrame(
        {
            "Set": table["set"],
            "Rank": table["rank"],
            "Method": table["label"],
            "Kind": table["kind"],
            "Test error % [95% CI]": _intervals(table, "test_error", 2),
            "JS": table["js"].map(lambda v: f"{v:.4f}"),
            "Published %": table["published"].map(lambda v: "" if v != v else f"{v:.2f}"),
            "Test couples": table["n_test"],
        }
    )
    write_plain_table(
        shown, board, title="De Boom benchmark: every method's split error", note=note
    )
    labelled = versus.assign(method=[extra_labels.get(m, m) for m in versus.get("method", [])])
    shown_versus = _shown_comparisons(
        labelled,
        {"set": "Set", "method": "Method", "distance": "Distance"},
        {"error": "Error %", "reference_error": "Reference %"},
        2,
    )
    write_plain_table(
        shown_versus,
        comparisons,
        title="Extra methods against the papers' best and our strongest baseline (De Boom)",
        note=(
            "Difference = extra − reference in test split error (points; negative: the extra "
            f"method errs less), {INTERVALS.format(n_boot=n_boot, seed=seed)}, paired, drawn by "
            "shared unit as the leaderboard's; beats / loses to: the interval excludes 0, ties: "
            "it does not. Best published: the method with the lowest published error on the "
            "set among those this run measured; strongest baseline: the lowest validation "
            "error. Each extra method with its distance of lower validation error."
        ),
    )


def leaderboard_sts(
    pairs: Sequence[PathLike],
    board: PathLike,
    comparisons: PathLike,
    numbers: PathLike,
    *,
    extras: Sequence[str],
    n_boot: int,
    seed: int,
) -> None:
    """The STS leaderboard (``board``: a table stem) from the item-level files, and the
    comparisons of the ``extras`` (their names in the files)."""
    from textsim.leaderboard import sts_comparisons, sts_leaderboard

    intervals = INTERVALS.format(n_boot=n_boot, seed=seed)
    table = sts_leaderboard(pairs, n_boot=n_boot, seed=seed)
    label = table["method"].where(
        table["mode"] == "none", table["method"] + " (" + table["mode"] + ")"
    )
    kind = [
        "extra" if m in extras else "learned" if m.startswith("learned") else "baseline"
        for m in table["method"]
    ]
    write_csv(table.assign(label=label, kind=kind), numbers)
    shown = pd.DataFrame(
        {
            "Split": table["split"],
            "Rank": table["rank"],
            "Method": table["method"],
            "Mode": table["mode"],
            "Pearson r × 100 [95% CI]": _intervals(table, "pearson", 1),
            "Pairs": table["n_pairs"],
        }
    )
    write_plain_table(
        shown,
        board,
        title="STS benchmark: every method's Pearson correlation",
        note=(
            "Pearson r × 100 of each pair's cosine with the gold score, "
            f"{intervals} over the pairs."
        ),
    )
    versus = sts_comparisons(pairs, extras, n_boot=n_boot, seed=seed)
    shown_versus = _shown_comparisons(
        versus,
        {"split": "Split", "method": "Method"},
        {"pearson": "Pearson", "reference_pearson": "Reference"},
        1,
    )
    write_plain_table(
        shown_versus,
        comparisons,
        title="Extra methods against the papers' best and our strongest method (STS)",
        note=(
            "Difference = extra − reference in Pearson r × 100 on the test pairs (positive: "
            f"the extra method correlates better), {intervals}, paired; beats / loses to: the "
            "interval excludes 0, ties: it does not. Best published: GEM (its paper's 76.5 "
            "on test), fitted on the sentences evaluated as its scripts do; strongest of "
            "ours: the highest Pearson r on dev among the STS table's methods."
        ),
    )


def leaderboard_schafer(
    records: Sequence[PathLike],
    board: PathLike,
    comparisons: PathLike,
    numbers: PathLike,
    *,
    tables: Sequence[str],
    main_runs: Mapping[str, str],
    baselines: Sequence[str],
    datasets: Mapping[str, str],
    n_boot: int,
    seed: int,
) -> None:
    """The Schäfer leaderboard (``board``: a table stem) and the extra methods'
    comparisons: ``records`` the run records, ``tables`` the table (``a1``, ``a2``) of
    each; ``datasets``: table -> its dataset's name."""
    from textsim.leaderboard import schafer_leaderboard

    by_table: dict[str, list[PathLike]] = {}
    for name, path in zip(tables, records, strict=True):
        by_table.setdefault(name, []).append(path)
    table, versus = schafer_leaderboard(
        by_table, main_runs=main_runs, baselines=baselines, n_boot=n_boot, seed=seed
    )
    table = table.assign(dataset=[f"{t} ({datasets.get(t, t)})" for t in table["table"]])
    write_csv(table, numbers)
    intervals = INTERVALS.format(n_boot=n_boot, seed=seed)
    shown = pd.DataFrame(
        {
            "Table": table["dataset"],
            "Rank": table["rank"],
            "Run": table["label"],
            "Kind": table["kind"],
            "Eq. 3.1 % [95% CI]": _intervals(table, "total", 1),
            "Topic %": table["topic"].map(lambda v: f"{v:.1f}"),
            "Thesis %": table["published"].map(lambda v: "" if v != v else f"{v:.2f}"),
        }
    )
    write_plain_table(
        shown,
        board,
        title="Schäfer framework: every run's weighted score (eq. 3.1)",
        note=(
            f"Eq. 3.1 on the test split with {intervals} over the test items (documents, "
            "triplets and rank queries, each kind drawn on its own). Models: each at its "
            "main configuration; baselines: zero-training; extra methods (methods.extra) "
            "embed the documents as the baselines read them. Thesis: its Table A.1 / A.2 "
            "value for the model (its own corpus: beside ours, not a target)."
        ),
    )
    shown_versus = _shown_comparisons(
        versus,
        {"table": "Table", "method": "Method"},
        {"total": "Eq. 3.1 %", "reference_total": "Reference %"},
        1,
    )
    write_plain_table(
        shown_versus,
        comparisons,
        title="Extra methods against the thesis' best model and the baselines (Schäfer)",
        note=(
            "Difference = extra − reference in eq. 3.1 (points; positive: the extra method "
            f"scores higher), {intervals}, paired; beats / loses to: the interval excludes "
            "0, ties: it does not. Best published: the thesis' best model of the table, "
            "as this run trained it (its main run, the run's own seed)."
        ),
    )


#: each family's figure: the panel column, the value and its axis label, its direction
FIGURES = {
    "deboom": ("set", "test_error", "test split error (%)", False, "published"),
    "sts": ("split", "pearson", "Pearson r × 100", True, None),
    "schafer": ("dataset", "total", "eq. 3.1 (%)", True, "published"),
}


def plot_leaderboard(numbers: PathLike, stem: PathLike, *, family: str, dpi: int) -> None:
    """The figure of a family's leaderboard (:data:`FIGURES`) from its values."""
    from textsim.leaderboard.figures import forest_figure

    panel, value, xlabel, higher, published = FIGURES[family]
    board = pd.read_csv(numbers, dtype={panel: str})
    forest_figure(
        board,
        stem,
        panel=panel,
        value=value,
        xlabel=xlabel,
        higher_is_better=higher,
        published=published,
        dpi=dpi,
    )
