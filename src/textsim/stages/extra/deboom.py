"""Rule score_extra: De Boom's protocol for an extra method on every couple set."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from textsim.core.io import PathLike, atomic_path, write_csv
from textsim.stages.extra import EMBEDDED_SPLITS
from textsim.stages.extra.vectors import ExtraVectors

#: distances of an extra method's vectors, each a column suffix of its De Boom rows
DISTANCES = ("cosine", "euclidean")


def score_extra(
    couples: Sequence[PathLike],
    texts: PathLike,
    vectors: PathLike,
    scores: PathLike,
    metrics: PathLike,
    *,
    couple_sets: Sequence[str],
    name: str,
    metric_params: Mapping[str, Any],
) -> None:
    """De Boom's protocol for an extra method on every couple set (``couple_sets``: the
    names of the ``couples`` files, in order): the similarity of each validation and
    test couple under each of :data:`DISTANCES` (``scores``: ``set``, ``split``,
    ``related``, one column per distance, named ``<name>_<distance>``), then split error
    and JS divergence per set and distance (``metrics``: ``set`` and the baselines'
    metric columns)."""
    from textsim.deboom.pairs import read_couples
    from textsim.deboom.scoring import evaluate_scores
    from textsim.methods.extra import paired_similarities_of

    stored = ExtraVectors(texts, vectors)
    columns = [f"{name}_{d}" for d in DISTANCES]
    frames, rows = [], []
    for set_name, path in zip(couple_sets, couples, strict=True):
        c = read_couples(path)
        c = c[c["split"].isin(EMBEDDED_SPLITS)].reset_index(drop=True)
        sims = paired_similarities_of(
            stored.vectors, stored.rows(c["text1"]), stored.rows(c["text2"])
        )
        frame = pd.DataFrame({"split": c["split"].astype(str), "related": c["related"].to_numpy()})
        for d, column in zip(DISTANCES, columns, strict=True):
            frame[column] = sims[d]
        rows.append(evaluate_scores(frame, columns, **metric_params).assign(set=set_name))
        frames.append(frame.assign(set=set_name))
    table = pd.concat(rows, ignore_index=True)
    write_csv(table[["set", *[c for c in table.columns if c != "set"]]], metrics)
    with atomic_path(scores) as tmp:
        pd.concat(frames, ignore_index=True).to_parquet(tmp, index=False)
