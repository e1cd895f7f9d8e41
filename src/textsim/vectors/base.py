"""The estimator base of every embedding method (scikit-learn estimator API)."""

from __future__ import annotations

import inspect
from typing import Any, Self

import numpy as np

from textsim.vectors.words import Texts, TokenBatch, WordEmbeddings


class ParamsMixin:
    """Minimal scikit-learn compatible parameter handling (get_params / set_params):
    the parameters are the ``__init__`` arguments, stored under their names."""

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        names = [p for p in inspect.signature(type(self).__init__).parameters if p != "self"]
        return {name: getattr(self, name) for name in names}

    def set_params(self, **params: Any) -> Self:
        valid = self.get_params()
        for key, value in params.items():
            if key not in valid:
                raise ValueError(f"invalid parameter {key!r} for {type(self).__name__}")
            setattr(self, key, value)
        return self

    def __repr__(self) -> str:
        shown = {
            k: v
            for k, v in self.get_params().items()
            if not isinstance(v, WordEmbeddings | np.ndarray)  # large data, not settings
        }
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in shown.items())})"


class Estimator(ParamsMixin):
    """Estimators over a fitted :class:`WordEmbeddings`."""

    def _check_fitted(self) -> WordEmbeddings:
        emb = getattr(self, "embeddings_", None)
        if emb is None:
            raise RuntimeError(f"{type(self).__name__} is not fitted; call fit() first")
        assert isinstance(emb, WordEmbeddings)
        return emb

    def _batch(self, X: TokenBatch | Texts) -> TokenBatch:
        emb = self._check_fitted()
        if isinstance(X, TokenBatch):
            if X.pad != emb.pad:
                raise ValueError("TokenBatch was encoded with a different vocabulary")
            return X
        return emb.encode(X)
