"""The size question: each model on datasets of growing size (rule schafer_table_sizes)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from textsim.core.io import PathLike, read_json
from textsim.schafer.records import read_records


def sizes_table(
    runs: Sequence[PathLike],
    stats: Sequence[PathLike],
    stem: str,
    *,
    title: str,
    note: str,
) -> None:
    """The size question: each model's topic accuracy and weighted score (percent)
    on each dataset, one column pair per dataset in the order of ``stats`` (the
    datasets' statistics, ``…/<dataset>/<file>``, as the datasets table reads them),
    headed by its document count; the expected score of random vectors last.
    ``runs``: the run records of every dataset, ``…/<dataset>/<folder>/<file>``."""
    from textsim.report.tables import write_plain_table
    from textsim.schafer.metrics import expected_random_score

    columns: dict[str, pd.Series] = {}
    random_row: dict[str, str] = {"Model": "random vectors (expected)"}
    for path in stats:
        name = Path(path).parent.name
        counts = read_json(path)
        frame = read_records([r for r in runs if Path(r).parts[-3] == name]).set_index("model")
        head = f"{name} ({int(counts['documents']):,} docs)"
        columns[f"{head}: topic"] = (100 * frame["topic"]).map("{:.1f}".format)
        columns[f"{head}: score"] = (100 * frame["total"]).map("{:.1f}".format)
        random_row[f"{head}: topic"] = f"{100 / int(counts['labels']):.1f}"
        score = expected_random_score(int(counts["labels"]), int(counts["test documents"]))
        random_row[f"{head}: score"] = f"{100 * score:.1f}"
    table = pd.DataFrame(columns).rename_axis("Model").reset_index()
    table = pd.concat([table, pd.DataFrame([random_row])], ignore_index=True)
    write_plain_table(table, stem, title=title, note=note)
