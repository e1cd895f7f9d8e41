"""Workflow glue of the learned stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

import logging
from typing import Any

import pandas as pd

from textsim.deboom.published import PAPER_KAPPA
from textsim.io import PathLike, atomic_path

log = logging.getLogger(__name__)


def _embeddings(vectors: PathLike, docfreq: PathLike, normalize: bool) -> Any:
    from textsim.vectors.words import WordEmbeddings

    return WordEmbeddings.from_files(vectors, docfreq, normalize=normalize)


def train_learned_weights(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    *,
    length: str,
    procedure: str,
    n_max: int,
    kappa: float,
    seed: int,
    deterministic: bool,
    normalize: bool,
) -> None:
    """Train idf-rank weights on the train split of one couple set."""
    from textsim.deboom.model import WeightedEmbedding

    emb = _embeddings(vectors, docfreq, normalize)
    from textsim.deboom.pairs import read_couples

    frame = read_couples(couples)
    train = frame[frame["split"] == "train"]
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
    from textsim.deboom.model import WeightedEmbedding
    from textsim.distances import paired_similarity

    emb = _embeddings(vectors, docfreq, normalize)
    model = WeightedEmbedding.load(weights, emb)
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


def select_kappa(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    table: PathLike,
    *,
    length: str,
    n_max: int,
    grid: list[float],
    folds: int,
    max_couples: int | None,
    seed: int,
    deterministic: bool,
    normalize: bool,
) -> None:
    """Cross-validated grid search of κ on the train split; JSON (chosen κ) + CSV (all folds)."""
    import json

    import numpy as np

    from textsim.deboom.model import select_kappa as search

    emb = _embeddings(vectors, docfreq, normalize)
    from textsim.deboom.pairs import read_couples

    frame = read_couples(couples)
    train = frame[frame["split"] == "train"].reset_index(drop=True)
    if max_couples is not None and len(train) > max_couples:
        rng = np.random.default_rng([seed, 161])
        train = train.iloc[np.sort(rng.choice(len(train), max_couples, replace=False))]
    log.info(
        "kappa search on %d train couples of set %s: grid %s, %d folds",
        len(train),
        length,
        grid,
        folds,
    )
    kappa, records = search(
        emb,
        (train["text1"], train["text2"]),
        train["related"].to_numpy(),
        n_max=n_max,
        grid=grid,
        folds=folds,
        seed=seed,
        deterministic=deterministic,
    )
    result = pd.DataFrame(records)
    summary = result.groupby("kappa")["error"].agg(["mean", "std"]).reset_index()
    log.info("mean held-out split error per kappa:\n%s\nchosen kappa = %g", summary, kappa)
    with atomic_path(table) as tmp:
        result.assign(chosen=result["kappa"] == kappa).to_csv(tmp, index=False, float_format="%.6g")
    doc = {
        "kappa": kappa,
        "grid": [float(k) for k in grid],
        "folds": folds,
        "length": length,
        "n_couples": len(train),
        "mean_error": dict(
            zip(summary["kappa"].astype(str), summary["mean"].round(6), strict=True)
        ),
    }
    with atomic_path(output) as tmp:
        tmp.write_text(json.dumps(doc, indent=2) + "\n")


def read_kappa(kappa: float | str, search: PathLike | None, procedure: str = "median") -> float:
    """The configured κ, or the one chosen by the search when ``kappa == "auto"``.

    Only the median-based loss uses κ; other procedures get the paper's value
    (stored in their weight file as the estimator parameter, but unused).
    """
    import json
    from pathlib import Path

    if kappa != "auto":
        return float(kappa)
    if procedure != "median":
        return PAPER_KAPPA
    if search is None:
        raise ValueError("weights.kappa is auto but no kappa search result was given")
    return float(json.loads(Path(search).read_text())["kappa"])
