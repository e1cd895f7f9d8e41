"""Workflow glue of the learned stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import logging
from typing import Any

import pandas as pd

from textsim.io import PathLike, atomic_path

log = logging.getLogger(__name__)


def _embeddings(vectors: PathLike, docfreq: PathLike, normalize: bool) -> Any:
    from textsim.embeddings import WordEmbeddings

    return WordEmbeddings.from_files(vectors, docfreq, normalize=normalize)


def train_learned_weights(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    *,
    length: str,
    procedure: str,
    n_max_variable: int,
    kappa: float,
    seed: int,
    deterministic: bool,
    normalize: bool,
) -> None:
    """Train idf-rank weights on the train split of one couple set."""
    from textsim.learned import WeightedEmbedding

    emb = _embeddings(vectors, docfreq, normalize)
    frame = pd.read_parquet(couples, columns=["split", "related", "text1", "text2"])
    train = frame[frame["split"] == "train"]
    n_max = int(length) if length.isdigit() else n_max_variable
    model = WeightedEmbedding(
        emb,
        n_max=n_max,
        procedure=procedure,
        kappa=kappa,
        random_state=seed,
        deterministic=deterministic,
    )
    model.fit((train["text1"], train["text2"]), train["related"].to_numpy())
    log.info(
        "trained %s weights (%d epochs): %s",
        procedure,
        len(model.history_),
        model.weights_.round(3),
    )
    model.save(
        output,
        length=length,
        normalized_vectors=normalize,
        n_train=len(train),
        deterministic=deterministic,
    )


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
    from textsim.learned import WeightedEmbedding

    emb = _embeddings(vectors, docfreq, normalize)
    model = WeightedEmbedding.load(weights, emb)
    frame = pd.read_parquet(couples, columns=["split", "related", "text1", "text2"])
    sel = frame[frame["split"].isin(["validation", "test"])].reset_index(drop=True)
    sim = paired_similarity(
        model.transform(sel["text1"]), model.transform(sel["text2"]), "euclidean"
    )
    out = pd.DataFrame({"split": sel["split"].astype(str), "related": sel["related"], name: sim})
    with atomic_path(output) as tmp:
        out.to_parquet(tmp, index=False)
