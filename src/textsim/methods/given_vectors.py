"""Word vectors given to an estimator by hand: ``vectors=`` on every estimator's
constructor (a file or a :class:`~textsim.vectors.words.WordEmbeddings`), and the error
of an estimator fitted without any."""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Callable
from typing import Any

from textsim.vectors.words import WordEmbeddings

__all__ = ["missing_vectors", "taking_vectors"]


def taking_vectors(init: Callable[..., None]) -> Callable[..., None]:
    """An estimator's ``__init__`` that also takes ``vectors=``: a word-vector file
    (read at once, as :func:`textsim.load_vectors` reads it; its word counts give SIF's
    and uSIF's p(w) unless ``probabilities`` is given, and its identity is what
    :func:`textsim.save` records) or a :class:`WordEmbeddings` (the same as
    ``embeddings=``). The signature scikit-learn reads stays the class's own:
    ``vectors`` is data, not a parameter."""

    @functools.wraps(init)
    def __init__(self: Any, *args: Any, vectors: Any = None, **kwargs: Any) -> None:
        if vectors is not None:
            if args or kwargs.get("embeddings") is not None:
                raise TypeError(
                    f"{type(self).__name__}: give the word vectors once, as vectors= or embeddings="
                )
            if isinstance(vectors, WordEmbeddings):
                kwargs["embeddings"] = vectors
            elif isinstance(vectors, str | os.PathLike):
                from textsim.formats.source import open_vectors

                loaded = open_vectors(vectors)
                kwargs["embeddings"] = loaded.embeddings
                takes_p = "probabilities" in inspect.signature(init).parameters
                if takes_p and kwargs.get("probabilities") is None:
                    kwargs["probabilities"] = loaded.probabilities
                self._vectors_source = loaded.source
            else:
                raise TypeError(
                    f"{type(self).__name__}: vectors= takes a word-vector file's path or "
                    f"a WordEmbeddings (textsim.load_vectors), not {type(vectors).__name__}"
                )
        init(self, *args, **kwargs)

    return __init__


def missing_vectors(owner: Any, also: str = "") -> ValueError:
    """The error of an estimator fitted without word vectors, saying how to give them."""
    name = type(owner).__name__
    return ValueError(
        f"{name} needs word vectors{also}: {name}(vectors='vectors.npz') (a file, e.g. "
        "the workflow's results/word2vec/vectors.npz) or "
        f"{name}(embeddings=textsim.load_vectors(...)); or fit by name with "
        "textsim.fit(method, vectors=...)"
    )
