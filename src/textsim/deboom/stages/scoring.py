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


def score_learned(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    weights: PathLike,
    output: PathLike,
    *,
    name: str,
    normalize: bool,
) -> None:
    """Similarity (1 − Euclidean distance) of validation and test couples under learned weights."""
    from textsim.distances import paired_similarity
    from textsim.methods.learned.model import WeightedEmbedding

    emb = open_vectors(vectors, docfreq, normalize=normalize).embeddings
    # the transfer rules apply weights to other vectors on purpose (PRL "out of the box")
    model = WeightedEmbedding.load(weights, emb, check_dim=False)
    from textsim.deboom.pairs import read_couples

    frame = read_couples(couples)
    sel = frame[frame["split"].isin(["validation", "test"])].reset_index(drop=True)
    a, b = emb.encode(sel["text1"]), emb.encode(sel["text2"])
    sim = paired_similarity(model.transform(a), model.transform(b), "euclidean")
    out = pd.DataFrame(
        {
            "split": sel["split"].astype(str),
            "related": sel["related"],
            "words1": a.lengths,
            "words2": b.lengths,
            name: sim,
        }
    )
    with atomic_path(output) as tmp:
        out.to_parquet(tmp, index=False)
