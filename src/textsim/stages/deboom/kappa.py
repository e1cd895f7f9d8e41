"""Workflow glue of the κ grid search: rule select_kappa."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from textsim.core.io import PathLike, atomic_path, write_csv
from textsim.core.options import settings_of
from textsim.formats.source import open_vectors
from textsim.runtime.backend import select_backend

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class KappaStage:
    """Rule select_kappa's settings (one mapping, read by :func:`settings_of`):
    ``length``, the couple set searched; ``normalize``: unit word vectors or raw;
    ``backend``: the Keras backend the trainings run on; ``search``: the settings of
    :class:`~textsim.deboom.kappa.KappaSearch`."""

    length: str
    normalize: bool
    backend: str
    search: Mapping[str, Any]


def select_kappa(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    table: PathLike,
    *,
    options: Mapping[str, Any],
) -> None:
    """Cross-validated grid search of κ on the train split; JSON (chosen κ) + CSV (all
    folds). ``options``: :class:`KappaStage`; the Keras backend is selected here, before
    keras is imported."""
    import json

    from textsim.deboom.kappa import KappaSearch
    from textsim.deboom.kappa import select_kappa as run_search

    stage = settings_of(KappaStage, options, "kappa selection")
    length = stage.length
    search = KappaSearch.of(stage.search)
    select_backend(stage.backend, deterministic=search.deterministic)

    import numpy as np

    emb = open_vectors(vectors, docfreq, normalize=stage.normalize).embeddings
    from textsim.deboom.pairs import read_couples

    frame = read_couples(couples)
    train = frame[frame["split"] == "train"].reset_index(drop=True)
    if search.max_couples is not None and len(train) > search.max_couples:
        rng = np.random.default_rng([search.seed, 161])
        chosen = rng.choice(len(train), search.max_couples, replace=False)
        train = train.iloc[np.sort(chosen)]
    log.info(
        "kappa search on %d train couples of set %s: grid %s, %d folds",
        len(train),
        length,
        list(search.grid),
        search.folds,
    )
    kappa, records = run_search(
        emb, (train["text1"], train["text2"]), train["related"].to_numpy(), search
    )
    result = pd.DataFrame(records)
    summary = result.groupby("kappa")["error"].agg(["mean", "std"]).reset_index()
    log.info("mean held-out split error per kappa:\n%s\nchosen kappa = %g", summary, kappa)
    write_csv(result.assign(chosen=result["kappa"] == kappa), table)
    doc = {
        "kappa": kappa,
        "grid": list(search.grid),
        "folds": search.folds,
        "length": length,
        "n_couples": len(train),
        "mean_error": dict(
            zip(summary["kappa"].astype(str), summary["mean"].round(6), strict=True)
        ),
    }
    with atomic_path(output) as tmp:
        tmp.write_text(json.dumps(doc, indent=2) + "\n")
