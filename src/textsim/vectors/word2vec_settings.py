"""The paper's word2vec settings, apart from the trainer so that reading them (the
workflow's plan, its table notes) does not import gensim."""

from __future__ import annotations

from typing import Any

__all__ = ["ALLOWED", "PAPER_WORD2VEC"]

#: De Boom et al.: skip-gram with negative sampling, 400-d, window 5, negative 10,
#: sample 1e-4, min_count 5, no hierarchical softmax.
PAPER_WORD2VEC: dict[str, Any] = {
    "vector_size": 400,
    "window": 5,
    "negative": 10,
    "sample": 1e-4,
    "min_count": 5,
    "sg": 1,
    "hs": 0,
    "epochs": 5,
}

#: the settings :func:`textsim.vectors.word2vec.train_word2vec` accepts
ALLOWED = frozenset(PAPER_WORD2VEC) | {"alpha", "min_alpha"}
