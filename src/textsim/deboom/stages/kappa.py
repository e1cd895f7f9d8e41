"""Workflow glue of the κ grid search: rule select_kappa."""

from __future__ import annotations

import logging

import pandas as pd

from textsim.backend import select_backend
from textsim.io import PathLike, atomic_path
from textsim.vectors.words import WordEmbeddings

log = logging.getLogger(__name__)


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
    backend: str,
) -> None:
    """Cross-validated grid search of κ on the train split; JSON (chosen κ) + CSV (all folds).

    The trainings run on the Keras ``backend``, selected here before keras is imported.
    """
    import json

    select_backend(backend, deterministic=deterministic)

    import numpy as np

    from textsim.deboom.kappa import select_kappa as search

    emb = WordEmbeddings.from_files(vectors, docfreq, normalize=normalize)
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
