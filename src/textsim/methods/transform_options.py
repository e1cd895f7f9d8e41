"""The options every embedding method's ``transform`` takes, written once:
``batch_size``, ``show_progress`` and ``normalize`` (the keywords of
sentence-transformers' ``encode``), added to each method's own ``transform(X)`` by
:class:`textsim.methods.base.EmbeddingMethod`."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pandas as pd

from textsim.methods.texts import as_texts
from textsim.vectors.words import TokenBatch

__all__ = ["with_transform_options"]


def _rows_normalized(out: Any) -> Any:
    """``out``'s rows scaled to unit L2 norm (a zero row stays zero), dense or sparse."""
    import scipy.sparse as sp

    if sp.issparse(out):
        norms = np.sqrt(np.asarray(out.multiply(out).sum(axis=1))).ravel()
        scale = np.divide(1.0, norms, out=np.zeros_like(norms), where=norms > 0)
        return sp.csr_matrix(sp.diags(scale) @ out)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return np.divide(out, norms, out=np.zeros_like(out), where=norms > 0)


def with_transform_options(transform: Callable[..., Any]) -> Callable[..., Any]:
    """A method's ``transform(X)`` with the options every method shares (the keywords
    of sentence-transformers' ``encode``): ``batch_size`` texts at a time (None: all at
    once), a progress bar over the batches (``show_progress``), rows scaled to unit
    length (``normalize``). The rows are the same whatever the batch size."""

    @functools.wraps(transform)
    def wrapped(
        self: Any,
        X: Any,
        *,
        batch_size: int | None = None,
        show_progress: bool = False,
        normalize: bool = False,
    ) -> Any:
        if batch_size is not None and (isinstance(batch_size, bool) or batch_size < 1):
            raise ValueError(f"batch_size must be a positive integer or None, got {batch_size!r}")
        if batch_size is None and not show_progress:
            out = transform(self, X)
        else:
            texts = X if isinstance(X, TokenBatch) else as_texts(X)
            if isinstance(texts, pd.Series):
                texts = list(texts)
            n = len(texts)
            size = batch_size or max(1, -(-n // 100))  # a bar alone: about 100 steps
            starts: Iterable[int] = range(0, n, size)
            if show_progress:
                from tqdm import tqdm

                starts = tqdm(starts, desc=type(self).__name__, unit="batch")
            parts = [
                transform(
                    self,
                    texts.slice(i, i + size)
                    if isinstance(texts, TokenBatch)
                    else texts[i : i + size],
                )
                for i in starts
            ]
            out = _stack(parts) if parts else transform(self, texts)
        return _rows_normalized(out) if normalize else out

    own = inspect.signature(transform)
    extra = inspect.signature(wrapped, follow_wrapped=False).parameters.values()
    options = [p for p in extra if p.kind is inspect.Parameter.KEYWORD_ONLY]
    wrapped.__signature__ = own.replace(  # type: ignore[attr-defined]
        parameters=[*own.parameters.values(), *options]
    )
    return wrapped


def _stack(parts: list[Any]) -> Any:
    import scipy.sparse as sp

    if sp.issparse(parts[0]):
        return sp.csr_matrix(sp.vstack(parts))
    return np.concatenate(parts, axis=0)
