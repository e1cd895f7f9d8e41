"""Similarity of text pairs with a fitted model: :func:`similarity`, what
``textsim similarity`` computes for a pairs file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["similarity"]


def similarity(
    model: Any, a: Sequence[str] | str, b: Sequence[str] | str, *, progress: bool = False
) -> npt.NDArray[np.float64]:
    """The cosine similarity of each pair ``(a[i], b[i])`` of raw texts under ``model``
    (a fitted estimator, e.g. from :func:`textsim.fit` or :func:`textsim.load`, or the
    path of a model file, loaded as :func:`textsim.load` loads it); 0 where a text has
    no in-vocabulary word. A bare string is one text, as for ``transform``:
    ``similarity(model, "a cat", "a dog")`` gives one score. A ValueError when the lists
    differ in length or the model gives a non-finite vector."""
    import os

    from textsim.api.files import embed_texts
    from textsim.measures.distances import paired_similarity

    if isinstance(model, str | os.PathLike):
        from textsim.api.persistence import load

        model = load(model)
    elif not callable(getattr(model, "transform", None)):
        raise TypeError(
            f"similarity takes a fitted model or a model file's path, not {type(model).__name__}"
        )
    a = [a] if isinstance(a, str) else a
    b = [b] if isinstance(b, str) else b
    if len(a) != len(b):
        raise ValueError(f"the two lists of texts differ in length: {len(a)} and {len(b)}")
    va, vb = embed_texts(model, a, progress=progress), embed_texts(model, b, progress=progress)
    for side, v in (("first", va), ("second", vb)):
        bad = np.flatnonzero(~np.isfinite(v).all(axis=1))
        if len(bad):
            raise ValueError(
                f"text {bad[0]} of the {side} list: the model gave a vector with NaN or "
                "infinite values (its word vectors hold non-finite values)"
            )
    return np.asarray(paired_similarity(va, vb, "cosine"), dtype=np.float64)
