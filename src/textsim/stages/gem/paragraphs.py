"""Workflow glue of the paragraph stage: rule paragraph_scores."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from textsim.io import PathLike, write_csv

log = logging.getLogger(__name__)


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

    from textsim.formats.source import open_vectors
    from textsim.gem.paragraphs import evaluate_paragraphs
    from textsim.methods.gem.model import GEM
    from textsim.methods.names import build_with
    from textsim.methods.pooling import PoolingEmbedding
    from textsim.methods.sif import SIF, USIF
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
    make = partial(
        build_with, (PoolingEmbedding, SIF, USIF, GEM), embeddings=emb, probabilities=prob
    )
    frame = evaluate_paragraphs(make, docs, c_grid=c_grid, seed=seed, n_jobs=threads)
    for row in frame.itertuples():
        log.info("%-18s %-20s accuracy %.4f", row.method, row.technique, row.accuracy)
    write_csv(frame, output)
