"""Workflow glue of the paragraph stage: rule paragraph_scores."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pandas as pd

from textsim.io import PathLike, atomic_path

log = logging.getLogger(__name__)


def _write_csv(frame: pd.DataFrame, path: PathLike) -> None:
    with atomic_path(path) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.6g")


def paragraph_scores(
    vectors: PathLike,
    docfreq: PathLike,
    documents: PathLike,
    output: PathLike,
    *,
    max_documents: int | None,
    c_grid: Sequence[float],
    seed: int,
    threads: int = 1,
) -> None:
    from functools import partial

    from textsim.api.registry import build
    from textsim.formats.source import open_vectors
    from textsim.gem.paragraphs import evaluate_paragraphs
    from textsim.text.documents import read_ohsumed

    docs = read_ohsumed(documents, max_documents=max_documents)
    log.info(
        "%d documents (%s), %d labels",
        len(docs),
        docs["split"].value_counts().to_dict(),
        docs["label"].nunique(),
    )
    loaded = open_vectors(vectors, docfreq)
    emb, prob = loaded.embeddings, loaded.probabilities
    make = partial(build, embeddings=emb, probabilities=prob)
    frame = evaluate_paragraphs(make, docs, c_grid=c_grid, seed=seed, n_jobs=threads)
    for row in frame.itertuples():
        log.info("%-18s %-20s accuracy %.4f", row.method, row.technique, row.accuracy)
    _write_csv(frame, output)
