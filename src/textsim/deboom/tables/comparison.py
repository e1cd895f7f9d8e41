"""Baselines beside learned weights: ICDMW Table III, PRL Tables 1 and 2
(rules table_icdmw_3, table_prl_1, table_prl_2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from textsim.core.io import PathLike
from textsim.deboom.baselines import BASELINES
from textsim.deboom.tables.common import add_p_values, table_row


def build_comparison_table(
    blocks: Mapping[str, pd.DataFrame],
    published: Mapping[str, Mapping[str, tuple[float, float]]],
    *,
    vectors: str,
    labels: Mapping[str, str],
) -> pd.DataFrame:
    """Ours beside the published values for several blocks (lengths) of one table.

    ``blocks[name]`` holds evaluation rows (``method``, ``test_error``, ...) of
    every technique of that block; ``published[name][method]`` is (error %, JS)
    with NaN for values the paper does not give. p-values compare each row with
    the block's best technique (two-tailed binomial test).
    """
    rows = []
    for block, frame in blocks.items():
        f = frame.set_index("method")
        for method, paper in published[block].items():
            if method not in f.index:
                continue
            label = labels.get(method, BASELINES[method].label if method in BASELINES else method)
            rows.append(table_row(label, method, f, paper, length=block, vectors=vectors))
    return add_p_values(pd.DataFrame(rows), ["vectors", "length"], reference=None)


def comparison_table(
    baselines: Sequence[PathLike],
    stem: PathLike,
    *,
    lengths: Sequence[str],
    learned: Mapping[str, Sequence[PathLike]],
    table: str,
    vectors: str,
    title: str,
    note: str,
) -> None:
    """ICDMW Table III, PRL Table 1 or 2: per block (a length or Twitter set of
    ``lengths``) the baselines' metrics file of ``baselines`` (in the order of
    ``lengths``) and the learned weights' metrics files ``learned[block]``."""
    from textsim.deboom.published import ICDMW_TABLE_III, LEARNED_LABELS, PRL_TABLE_1, PRL_TABLE_2
    from textsim.deboom.tables.common import write_table

    baseline_metrics = dict(zip(lengths, baselines, strict=True))
    if table == "icdmw-3":
        published = {"20": {k: (v, float("nan")) for k, v in ICDMW_TABLE_III.items()}}
    elif table == "prl-2":
        # the paper gives one Twitter block; shown beside both of our non-pair variants
        published = {k: PRL_TABLE_2 for k in baseline_metrics}
    else:
        published = {k: v for k, v in PRL_TABLE_1.items() if k in baseline_metrics}
    blocks = {
        block: pd.concat(
            [
                pd.read_csv(baseline_metrics[block]),
                *(pd.read_csv(p) for p in learned[block]),
            ]
        )
        for block in published
    }
    labels = {**LEARNED_LABELS, "mean_euclidean": "Mean"}
    long = build_comparison_table(blocks, published, vectors=vectors, labels=labels)
    write_table(long, stem, title=title, note=note, by_length=table != "icdmw-3")
