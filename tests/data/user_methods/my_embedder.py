"""A user's own method, outside textsim: each word hashed into one of ``dim`` buckets,
a text the counts of its words' buckets (docs/extra-methods.md)."""

import zlib

import numpy as np


class HashedWords:
    def __init__(self, dim: int = 64) -> None:
        self.dim = dim

    def transform(self, texts):
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in text.lower().split():
                out[i, zlib.crc32(word.encode()) % self.dim] += 1
        return out
