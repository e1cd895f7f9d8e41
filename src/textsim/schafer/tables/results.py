"""Tables A.1/A.2 analogs: one row per run (rules schafer_table_a1, schafer_table_a2)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from textsim.core.io import PathLike, atomic_path, read_json
from textsim.schafer.records import read_records


def _seconds(s: float) -> str:
    return f"{s:.1f} s" if s < 120 else f"{s / 60:.1f} min"


def results_table(
    runs: Sequence[PathLike], stats: PathLike, stem: str, *, title: str, note: str
) -> None:
    """Table A.1/A.2 analog: one row per run, the thesis' columns (percent)."""
    from textsim.report.tables import write_plain_table
    from textsim.schafer.metrics import expected_random_score, paper_random_baseline

    counts = read_json(stats)
    n_topics, n_test = int(counts["labels"]), int(counts["test documents"])
    frame = read_records(runs)
    table = pd.DataFrame(
        {
            "Model": frame["run"],
            "Topic Acc": (100 * frame["topic"]).map("{:.2f}%".format),
            "Triplet Acc": (100 * frame["triplets"]).map("{:.2f}%".format),
            "Ranks@10 Acc": (100 * frame["ranks_accuracy"]).map("{:.2f}%".format),
            "Ranks@10 Prec": (100 * frame["ranks_precision"]).map("{:.2f}%".format),
            "Average": (100 * frame["total"]).map("{:.2f}%".format),
            "Inference Time": frame["inference_seconds"].map(_seconds),
            "Training Time": frame["train_seconds"].map(_seconds),
        }
    )
    baselines = (
        f" Random baseline: eq. 3.2 as printed {100 * paper_random_baseline(n_topics):.2f}%; "
        f"expected eq. 3.1 score of random vectors here "
        f"{100 * expected_random_score(n_topics, n_test):.2f}% "
        f"({n_topics} topics, ranks among {n_test} test documents)."
    )
    write_plain_table(table, stem, title=title, note=note + baselines)
    with atomic_path(Path(stem).with_suffix(".scores.csv")) as tmp:
        frame.drop(columns="history").to_csv(tmp, index=False, float_format="%.6g")
