"""Every method name with its real estimator class: :data:`METHODS`, :func:`build`.

The names and what each fixes are :data:`textsim.methods.names.NAMES`; this module
imports every estimator class to pair them, for the API (:func:`textsim.fit`, model
files) and the command line. A paper stage that applies a few methods builds them with
:func:`~textsim.methods.names.build_with` over its own classes instead, so that it does
not depend on every method.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textsim.methods.base import EmbeddingMethod, Needs
from textsim.methods.gem.model import GEM
from textsim.methods.learned.model import WeightedEmbedding
from textsim.methods.minilm import MiniLM
from textsim.methods.names import NAMES, build_with, name_of
from textsim.methods.pooling import PoolingEmbedding
from textsim.methods.sif import SIF, USIF
from textsim.vectors.words import WordEmbeddings

__all__ = ["ESTIMATORS", "METHODS", "Method", "build", "method_names", "method_of"]

#: estimator class name (as recorded in model files) -> class; model files can only
#: name these, never an arbitrary import path
ESTIMATORS: dict[str, type[EmbeddingMethod]] = {
    cls.__name__: cls for cls in (PoolingEmbedding, SIF, USIF, GEM, WeightedEmbedding, MiniLM)
}


@dataclass(frozen=True)
class Method:
    """One method name: its estimator class and the parameters the name fixes."""

    estimator: type[EmbeddingMethod]
    params: dict[str, Any] = field(default_factory=dict)
    summary: str = ""

    @property
    def needs(self) -> Needs:
        """What fitting it takes (declared by the estimator class)."""
        return self.estimator.needs_for(self.params)


METHODS: dict[str, Method] = {
    name: Method(ESTIMATORS[n.estimator], n.params, n.summary) for name, n in NAMES.items()
}


def method_names() -> list[str]:
    return list(METHODS)


def method_of(estimator: Any) -> str | None:
    """The method name of an estimator (None if no name fixes its parameters,
    e.g. a top-30%-idf mean)."""
    return name_of(estimator)


def build(
    method: str,
    embeddings: WordEmbeddings | None = None,
    *,
    probabilities: Any = None,
    **params: Any,
) -> Any:
    """The unfitted estimator of ``method`` over word vectors already in memory (the
    name's fixed parameters, then ``params``); ``probabilities`` (p(w), aligned with
    the vocabulary) for the methods that need them:
    ``build("sif", emb, probabilities=p).fit(sentences)``."""
    return build_with(
        ESTIMATORS.values(), method, embeddings, probabilities=probabilities, **params
    )
