"""Workflow glue of the learned-weights training: rule train_weights."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from textsim.core.io import PathLike, read_json
from textsim.core.options import settings_of
from textsim.formats.source import open_vectors
from textsim.methods.learned.procedures import PAPER_KAPPA
from textsim.runtime.backend import select_backend
from textsim.runtime.checkpoint import Checkpoint, checkpoint_for

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TrainingOptions:
    """Rule train_weights' settings, passed as one mapping: ``n_max`` weights, ``kappa``
    (a number, or ``"auto"``: the κ search's, read from its file), ``stopping`` (config
    ``weights.stopping``: ``rule``, ``epochs``), the run's ``seed`` and determinism, the
    word vectors unit-``normalize``-d or not, the Keras ``backend``."""

    n_max: int
    kappa: float | str
    stopping: Mapping[str, Any]
    seed: int
    deterministic: bool
    normalize: bool
    backend: str


def train_learned_weights(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    *,
    length: str,
    procedure: str,
    options: Mapping[str, Any],
    kappa_search: PathLike | None = None,
) -> None:
    """Train idf-rank weights on the train split of one couple set with the Keras
    backend (selected here, before keras is first imported); ``options``: the rule's
    one mapping of :class:`TrainingOptions`; ``kappa_search``: the κ search's file,
    read when ``kappa`` is ``"auto"``."""
    opts = settings_of(TrainingOptions, options, "weight training")
    kappa = read_kappa(opts.kappa, kappa_search, procedure)
    select_backend(opts.backend, deterministic=opts.deterministic)
    from textsim.methods.learned.model import WeightedEmbedding

    emb = open_vectors(vectors, docfreq, normalize=opts.normalize).embeddings
    from textsim.deboom.pairs import read_couples

    frame = read_couples(couples)
    train = frame[frame["split"] == "train"]
    model = WeightedEmbedding(
        emb,
        n_max=opts.n_max,
        procedure=procedure,
        kappa=kappa,
        random_state=opts.seed,
        deterministic=opts.deterministic,
        cleaning="none",  # couples are stored tokenised (tweets keep their #tags)
        stopping=opts.stopping["rule"],
        n_epochs=int(opts.stopping["epochs"]),
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
        normalized_vectors=opts.normalize,
        n_train=len(train),
        deterministic=opts.deterministic,
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
