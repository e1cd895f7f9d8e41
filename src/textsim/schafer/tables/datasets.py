"""Table 3.1 analog: the datasets' statistics (rule schafer_table_datasets)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from textsim.core.io import PathLike, read_json


def statistics_table(stats: Sequence[PathLike], stem: str, *, title: str, note: str) -> None:
    """Table 3.1 analog: documents, sentences, words, labels per dataset (named by folder)."""
    from textsim.report.tables import write_plain_table

    rows = {Path(path).parent.name: read_json(path) for path in stats}
    frame = pd.DataFrame(rows).reset_index(names="statistic")
    write_plain_table(frame, stem, title=title, note=note)
