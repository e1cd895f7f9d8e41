"""Workflow glue of the paragraph stage: rule paragraph_scores."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from textsim.core.io import PathLike, write_csv
from textsim.core.options import settings_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ParagraphOptions:
    """Rule paragraph_scores' settings (one mapping, read by :func:`settings_of`):
    ``max_documents`` read at most (None: all); ``c_grid``, the logistic regression's
    C values searched; ``seed``; each method's settings (``methods``: config
    ``methods``, method name → estimator parameters)."""

    max_documents: int | None
    c_grid: Sequence[float]
    seed: int
    methods: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


def paragraph_scores(
    vectors: PathLike,
    docfreq: PathLike,
    documents: PathLike,
    output: PathLike,
    predictions: PathLike,
    *,
    options: Mapping[str, Any],
    threads: int = 1,
) -> None:
    """The topic probe's accuracy of each method on the paragraphs (documents), and in
    ``predictions`` (Parquet: method, technique, document, correct) whether each test
    document is predicted right; ``options``: :class:`ParagraphOptions`."""
    import pandas as pd

    from textsim.core.io import atomic_path
    from textsim.gem.paragraphs import evaluate_paragraphs
    from textsim.methods.gem.model import GEM
    from textsim.methods.names import build_with
    from textsim.methods.pooling import PoolingEmbedding
    from textsim.methods.sif import SIF, USIF
    from textsim.stages.gem.common import counted_vectors
    from textsim.text.documents import read_ohsumed

    opts = settings_of(ParagraphOptions, options, "paragraph scores")
    docs = read_ohsumed(documents, max_documents=opts.max_documents)
    log.info(
        "%d documents (%s), %d labels",
        len(docs),
        docs["split"].value_counts().to_dict(),
        docs["label"].nunique(),
    )
    words = counted_vectors(vectors, docfreq)
    make = partial(
        build_with,
        (PoolingEmbedding, SIF, USIF, GEM),
        embeddings=words.embeddings,
        probabilities=words.probabilities,
        settings=opts.methods,
    )
    kept: dict[tuple[str, str], Any] = {}
    frame = evaluate_paragraphs(
        make, docs, c_grid=opts.c_grid, seed=opts.seed, n_jobs=threads, keep=kept
    )
    for row in frame.itertuples():
        log.info("%-18s %-20s accuracy %.4f", row.method, row.technique, row.accuracy)
    write_csv(frame, output)
    rows = pd.concat(
        [
            pd.DataFrame({"method": m, "technique": t, "document": range(len(c)), "correct": c})
            for (m, t), c in kept.items()
        ],
        ignore_index=True,
    )
    with atomic_path(predictions) as tmp:
        rows.to_parquet(tmp, index=False)
