"""Workflow glue of the evaluate stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from textsim.core.io import PathLike, atomic_path, write_csv
from textsim.core.options import settings_of
from textsim.formats.source import open_vectors
from textsim.text.docfreq import IdfVariant


@dataclass(frozen=True)
class ScoringOptions:
    """Rule score_baselines' settings (one mapping, read by :func:`settings_of`):
    ``methods`` (names of ``textsim.deboom.baselines.BASELINES``); ``normalize``: unit
    word vectors (the ``unit`` vector variant) or raw; ``top_fraction``: the top-idf
    methods' share of a text's words; ``idf_variant`` (``textsim.text.docfreq``);
    ``n_documents``: the document count in idf in place of the corpus' line count (the
    authors' code hard-codes one), or None; ``tfidf_norm``: how tf-idf's norms are
    summed (``textsim.deboom.fused.TFIDF_NORMS``)."""

    methods: Sequence[str]
    normalize: bool
    top_fraction: float
    idf_variant: IdfVariant
    n_documents: int | None = None
    tfidf_norm: str = "types"


def score_baselines(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    *,
    options: Mapping[str, Any],
    n_jobs: int = 1,
) -> None:
    """Score the couples under each baseline method of ``options``
    (:class:`ScoringOptions`)."""
    from textsim.deboom.baselines import get_methods
    from textsim.deboom.pairs import read_couples
    from textsim.deboom.scoring import score_couples

    opts = settings_of(ScoringOptions, options, "baseline scoring")
    emb = open_vectors(vectors, docfreq, normalize=opts.normalize).embeddings
    if opts.n_documents is not None:
        emb = dataclasses.replace(emb, n_documents=int(opts.n_documents))
    scores = score_couples(
        read_couples(couples),
        emb,
        get_methods(opts.methods),
        top_fraction=opts.top_fraction,
        idf_variant=opts.idf_variant,
        tfidf_norm=opts.tfidf_norm,
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
