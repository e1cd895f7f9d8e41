"""Which hyperparameters the thesis searches for each model, apart from the search
itself so that checking a config's fixed configurations (while the workflow plans)
imports neither Keras nor scikit-learn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["ALL", "SEARCHED", "check_fixed", "searched"]

#: every hyperparameter the swarm can search
ALL = ("doc_size", "batch_size", "optimizer", "learning_rate", "dropout")
#: the models that search fewer (Doc2Vec: no batch/optimizer in gensim; neither
#: Doc2Vec model uses dropout, §3.2.3.6); every other model searches ``ALL``
SEARCHED: dict[str, tuple[str, ...]] = {
    "doc2vec": ("doc_size", "learning_rate"),
    "doc2sent2vec": ("doc_size", "batch_size", "optimizer", "learning_rate"),
}


def searched(model: str) -> tuple[str, ...]:
    """The hyperparameters the swarm searches for ``model``."""
    return SEARCHED.get(model, ALL)


def check_fixed(fixed: Mapping[str, Mapping[str, Any]]) -> None:
    """Each fixed configuration names exactly the hyperparameters its model takes
    (those the swarm would search); a ValueError names the config key otherwise."""
    for model, params in fixed.items():
        wanted = set(searched(model))
        if missing := sorted(wanted - set(params)):
            raise ValueError(f"schafer.fixed.{model}: missing {', '.join(missing)}")
        if extra := sorted(set(params) - wanted):
            raise ValueError(f"schafer.fixed.{model}: {model} takes no {', '.join(extra)}")
