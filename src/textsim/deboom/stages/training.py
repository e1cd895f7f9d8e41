"""Workflow glue of the learned-weights training: rule train_weights."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from textsim.backend import select_backend
from textsim.checkpoint import Checkpoint, checkpoint_for
from textsim.formats.source import open_vectors
from textsim.io import PathLike, read_json
from textsim.methods.learned.procedures import PAPER_KAPPA

log = logging.getLogger(__name__)


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
    backend: str,
    stopping: Mapping[str, Any] | None = None,
) -> None:
    """Train idf-rank weights on the train split of one couple set with the
    Keras ``backend`` (selected here, before keras is first imported); ``stopping``
    is the config's ``weights.stopping`` (``rule``, ``epochs``; default: Algorithm 1
    as printed)."""
    select_backend(backend, deterministic=deterministic)
    from textsim.methods.learned.model import WeightedEmbedding

    emb = open_vectors(vectors, docfreq, normalize=normalize).embeddings
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
        cleaning="none",  # couples are stored tokenised (tweets keep their #tags)
        **({"stopping": stopping["rule"], "n_epochs": int(stopping["epochs"])} if stopping else {}),
    )
    checkpoint = checkpoint_for(output)
    model.fit(
        (train["text1"], train["text2"]),
        train["related"].to_numpy(),
        checkpoint=checkpoint,
    )
    log.info(
        "trained %s weights (%d epochs): %s",
        procedure,
        len(model.history_),
        model.weights_.round(3),
    )
    model.save_weights(
        output,
        length=length,
        normalized_vectors=normalize,
        n_train=len(train),
        deterministic=deterministic,
    )
    Checkpoint(checkpoint, "").clear()  # the weights are stored: the training is done


def read_kappa(kappa: float | str, search: PathLike | None, procedure: str = "median") -> float:
    """The configured κ, or the one chosen by the search when ``kappa == "auto"``.

    Only the median-based loss uses κ; other procedures get the paper's value
    (stored in their weight file as the estimator parameter, but unused).
    """

    if kappa != "auto":
        return float(kappa)
    if procedure != "median":
        return PAPER_KAPPA
    if search is None:
        raise ValueError("weights.kappa is auto but no kappa search result was given")
    return float(read_json(search)["kappa"])
