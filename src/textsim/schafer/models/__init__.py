"""The document models of the Schäfer (2018) framework, by name.

Every model takes documents as lists of sentences of vocabulary ids and follows
the scikit-learn estimator API (see :mod:`textsim.schafer.models.base`).
"""

from __future__ import annotations

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

MODELS: dict[str, type[DocumentModel]] = {
    m.name: m
    for m in (
        Doc2VecDBOW,
        Doc2Sent2Vec,
        TopicLSTM,
        TopicCNN,
        NaiveAutoencoder,
        RecurrentAutoencoder,
    )
}
