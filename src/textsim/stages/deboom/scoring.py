"""Workflow glue of the evaluate stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from textsim.formats.source import open_vectors
from textsim.io import PathLike, atomic_path, write_csv


def score_baselines(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    *,
    methods: Sequence[str],
    normalize: bool,
    top_fraction: float,
    idf: Mapping[str, Any],
    n_jobs: int = 1,
) -> None:
    """Score the couples under ``methods``; ``idf`` is the config's ``docfreq`` section
    (``idf_variant``, and ``n_documents`` to replace the corpus' line count)."""
    from textsim.deboom.baselines import get_methods
    from textsim.deboom.scoring import score_couples

    emb = open_vectors(vectors, docfreq, normalize=normalize).embeddings
    if idf.get("n_documents") is not None:
        emb = dataclasses.replace(emb, n_documents=int(idf["n_documents"]))
    from textsim.deboom.pairs import read_couples

    frame = read_couples(couples)
    scores = score_couples(
        frame,
        emb,
        get_methods(methods),
        top_fraction=top_fraction,
        idf_variant=idf["idf_variant"],
        n_jobs=n_jobs,
    )
    with atomic_path(output) as tmp:
        scores.to_parquet(tmp, index=False)


def evaluate_baselines(
    scores: PathLike, output: PathLike, *, methods: Sequence[str], metric_params: Mapping[str, Any]
) -> None:
    from textsim.deboom.scoring import evaluate_scores

    frame = evaluate_scores(pd.read_parquet(scores), methods, **metric_params)
    write_csv(frame, output)
