"""The texts an estimator accepts, checked before any is cleaned or embedded
(:func:`as_texts`): every error names the first bad text by its position."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from textsim.vectors.words import TokenBatch

__all__ = ["as_texts"]

_BYTES_HINT = "texts must be str, not bytes: decode them first (e.g. .decode('utf-8'))"
_WHAT_TEXTS = "a list of strings, a pandas Series or one string"
_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_text(i: Any, t: Any) -> None:
    """Raise naming text ``i`` unless ``t`` can be embedded: a string without lone
    surrogates, or a list of token strings (already tokenised input)."""
    i = i if isinstance(i, int | np.integer) else repr(i)  # a Series' label
    if isinstance(t, str):
        found = _SURROGATE.search(t)
        if found is not None:
            raise ValueError(
                f"text {i}: a lone surrogate (U+{ord(found.group()):04X}) at character "
                f"{found.start()} is not Unicode text; decode the source bytes with "
                "errors='replace' (or fix them)"
            )
    elif isinstance(t, bytes | bytearray):
        raise TypeError(f"text {i}: {_BYTES_HINT}")
    elif t is None:
        raise ValueError(f"text {i}: missing (None); texts must not be missing")
    elif isinstance(t, list | tuple):  # tokens
        for j, token in enumerate(t):
            if not isinstance(token, str):
                raise TypeError(
                    f"text {i}: token {j}: expected a string, got {type(token).__name__}"
                )
            if _SURROGATE.search(token):
                raise ValueError(f"text {i}: token {j} holds a lone surrogate; not Unicode")
    else:
        raise TypeError(f"text {i}: expected a string, got {type(t).__name__}")


def as_texts(X: Any) -> Any:
    """The texts ``X`` as a list, each checked, an error naming the first bad one by its
    position: a bare string is one text (``"the cat"`` → ``["the cat"]``); any other
    iterable (a list, a tuple, a generator, a NumPy array of strings) is a sequence of
    texts, each a string or a list of tokens; a pandas Series is checked but kept.
    Refused: bytes (their encoding is the caller's to know), a mapping (whose keys
    are not texts), a set (no order), other objects, None, lone surrogates."""
    if isinstance(X, str):
        _check_text(0, X)
        return [X]
    if isinstance(X, TokenBatch):
        return X
    if isinstance(X, bytes | bytearray):
        raise TypeError(_BYTES_HINT)
    if isinstance(X, Mapping | set | frozenset):
        raise TypeError(
            f"texts must be {_WHAT_TEXTS}, not a {type(X).__name__} "
            "(a mapping's keys or a set's items have no order as rows); pass a list"
        )
    if isinstance(X, pd.Series):
        for label, t in X.items():
            if not (isinstance(t, float) and np.isnan(t)):  # NaN: clean_texts names it
                _check_text(label, t)
        return X
    try:
        texts = list(X)
    except TypeError:
        raise TypeError(f"texts must be {_WHAT_TEXTS}, not a {type(X).__name__}") from None
    for i, t in enumerate(texts):
        _check_text(i, t)
    return texts
