"""Workflow glue of the κ grid search: rule select_kappa."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import pandas as pd

from textsim.backend import select_backend
from textsim.formats.source import open_vectors
from textsim.io import PathLike, atomic_path, write_csv

log = logging.getLogger(__name__)


def select_kappa(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    table: PathLike,
    *,
    length: str,
    search: Mapping[str, Any],
    normalize: bool,
    backend: str,
) -> None:
    """Cross-validated grid search of κ on the train split; JSON (chosen κ) + CSV (all folds).

    ``search``: the settings of :class:`~textsim.deboom.kappa.KappaSearch`. The trainings
    run on the Keras ``backend``, selected here before keras is imported.
    """
    import json

    from textsim.deboom.kappa import KappaSearch
    from textsim.deboom.kappa import select_kappa as run_search

    options = KappaSearch.of(search)
    select_backend(backend, deterministic=options.deterministic)

    import numpy as np

    emb = open_vectors(vectors, docfreq, normalize=normalize).embeddings
    from textsim.deboom.pairs import read_couples

    frame = read_couples(couples)
    train = frame[frame["split"] == "train"].reset_index(drop=True)
    if options.max_couples is not None and len(train) > options.max_couples:
        rng = np.random.default_rng([options.seed, 161])
        chosen = rng.choice(len(train), options.max_couples, replace=False)
        train = train.iloc[np.sort(chosen)]
    log.info(
        "kappa search on %d train couples of set %s: grid %s, %d folds",
        len(train),
        length,
        list(options.grid),
        options.folds,
    )
    kappa, records = run_search(
        emb, (train["text1"], train["text2"]), train["related"].to_numpy(), options
    )
    result = pd.DataFrame(records)
    summary = result.groupby("kappa")["error"].agg(["mean", "std"]).reset_index()
    log.info("mean held-out split error per kappa:\n%s\nchosen kappa = %g", summary, kappa)
    write_csv(result.assign(chosen=result["kappa"] == kappa), table)
    doc = {
        "kappa": kappa,
        "grid": list(options.grid),
        "folds": options.folds,
        "length": length,
        "n_couples": len(train),
        "mean_error": dict(
            zip(summary["kappa"].astype(str), summary["mean"].round(6), strict=True)
        ),
    }
    with atomic_path(output) as tmp:
        tmp.write_text(json.dumps(doc, indent=2) + "\n")
