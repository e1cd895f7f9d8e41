"""Workflow glue of the learned weights' scores: rule score_learned (a module apart
from the baselines' scores, so that the learned weights' code is no input of those)."""

from __future__ import annotations

import pandas as pd

from textsim.core.io import PathLike, atomic_path
from textsim.formats.source import open_vectors


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
    from textsim.measures.distances import paired_similarity
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
