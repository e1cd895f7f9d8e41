"""The document models of the Schäfer (2018) framework, by name.

Every model takes documents as lists of sentences of vocabulary ids and follows
the scikit-learn estimator API (see :mod:`textsim.schafer.models.base`).

:data:`MODELS` knows the models' names from their declarations
(:mod:`textsim.schafer.hyperparameters`) and imports their classes (Keras, gensim,
scikit-learn) only when one is asked for: planning the workflow, which needs the names
only, imports none of them. The classes themselves are imported the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from textsim.schafer.hyperparameters import DECLARATIONS

if TYPE_CHECKING:
    from textsim.schafer.models.autoencoders import NaiveAutoencoder, RecurrentAutoencoder
    from textsim.schafer.models.base import OPTIMIZERS, DocumentModel
    from textsim.schafer.models.neural import TopicCNN, TopicLSTM
    from textsim.schafer.models.paragraph_vectors import Doc2Sent2Vec, Doc2VecDBOW

__all__ = [
    "MODELS",
    "OPTIMIZERS",
    "Doc2Sent2Vec",
    "Doc2VecDBOW",
    "DocumentModel",
    "NaiveAutoencoder",
    "RecurrentAutoencoder",
    "TopicCNN",
    "TopicLSTM",
]


@cache
def _classes() -> dict[str, type[DocumentModel]]:
    """Each model's class by its declaration's name, in the declarations' order.
    (Imported here, inside the function: a rule that uses the models still has their
    modules among its code inputs, which are read from every import statement.)"""
    from textsim.schafer.models.autoencoders import NaiveAutoencoder, RecurrentAutoencoder
    from textsim.schafer.models.neural import TopicCNN, TopicLSTM
    from textsim.schafer.models.paragraph_vectors import Doc2Sent2Vec, Doc2VecDBOW

    classes: list[type[DocumentModel]] = [Doc2VecDBOW, Doc2Sent2Vec, TopicLSTM, TopicCNN]
    classes += [NaiveAutoencoder, RecurrentAutoencoder]
    found = {c.declaration.name: c for c in classes}
    if missing := [m for m in DECLARATIONS if m not in found]:
        raise ImportError(f"no model class declares {', '.join(missing)}")
    return {m: found[m] for m in DECLARATIONS}


def __getattr__(name: str) -> Any:
    """A class of the package (or ``OPTIMIZERS``), imported on first use."""
    if name in ("OPTIMIZERS", "DocumentModel"):
        from textsim.schafer.models import base

        return getattr(base, name)
    for cls in _classes().values():
        if cls.__name__ == name:
            return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Models(Mapping[str, "type[DocumentModel]"]):
    """Model name -> class: the names without importing a model, a class on access."""

    def __getitem__(self, name: str) -> type[DocumentModel]:
        if name not in DECLARATIONS:
            raise KeyError(name)
        return _classes()[name]

    def __contains__(self, name: object) -> bool:
        return name in DECLARATIONS

    def __iter__(self) -> Iterator[str]:
        return iter(DECLARATIONS)

    def __len__(self) -> int:
        return len(DECLARATIONS)

    def __repr__(self) -> str:
        return f"MODELS({', '.join(DECLARATIONS)})"


#: every model by name, in the thesis' order (the declarations')
MODELS: Mapping[str, type[DocumentModel]] = _Models()
