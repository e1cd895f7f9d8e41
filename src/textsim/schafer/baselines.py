"""The zero-training baselines of the Schäfer tables: mean, idf-weighted mean, SIF, GEM
(pretrained word vectors at full size, no document-level training), built from their
method names (:mod:`textsim.methods.names`) in the stage; and random vectors, the
thesis' random baseline (eq. 3.2) measured on the same items."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Self

import numpy as np
import numpy.typing as npt

__all__ = ["BASELINES", "RandomVectors"]

#: the config's baseline name -> the method registry's name (None: :class:`RandomVectors`)
BASELINES: dict[str, str | None] = {
    "mean": "mean",
    "idf": "idf-mean",
    "sif": "sif",
    "gem": "gem",
    "random": None,
}


class RandomVectors:
    """Document vectors that carry nothing of their text: each text's vector is a
    standard normal draw seeded by ``seed`` and the text's CRC-32, so the same text gets
    the same vector in every call (and the workflow's vectors equal the API's).

    The thesis compares every model with "a simple baseline based on random guessing"
    (eq. 3.2, an expectation); these vectors measure it on the same test items as the
    models, so a claim against random gets a paired interval.

    Parameters
    ----------
    dim : int, default=100
        Vector size.
    seed : int, default=0
        Seed of every text's draw.
    """

    def __init__(self, dim: int = 100, seed: int = 0) -> None:
        self.dim = dim
        self.seed = seed

    def get_params(self, deep: bool = True) -> dict[str, int]:
        return {"dim": self.dim, "seed": self.seed}

    def fit(self, texts: Sequence[str], y: object = None) -> Self:
        if self.dim < 1:
            raise ValueError(f"dim must be at least 1, got {self.dim}")
        return self

    def transform(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            rng = np.random.default_rng([self.seed, zlib.crc32(text.encode("utf-8"))])
            out[i] = rng.standard_normal(self.dim)
        return out
