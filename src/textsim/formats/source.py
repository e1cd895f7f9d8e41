"""The word statistics a model is fitted on: word vectors (read by
:mod:`textsim.formats.vectorfile`) and document frequencies, with their identity.

A model file records which vectors it was fitted on by content, not by name:
dimension, vocabulary size and a SHA-256 over the vocabulary and the raw
float32 vectors (before any normalisation), so the same vectors saved as
``.npz``, ``.kv``, ``.bin`` or word2vec text match, and a retrained file does not.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.core.io import PathLike
from textsim.formats.vectorfile import vectors_identity
from textsim.vectors.words import WordEmbeddings

__all__ = ["LoadedVectors", "VectorSource", "open_vectors"]


def file_sha256(path: PathLike) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@dataclass(frozen=True)
class VectorSource:
    """Where a model's word statistics come from (recorded in its model file)."""

    vectors_path: str
    dim: int
    size: int
    sha256: str
    normalized: bool
    docfreq_path: str | None
    docfreq_sha256: str | None
    n_documents: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class LoadedVectors:
    """What :func:`open_vectors` reads: the ``embeddings`` at once; the unigram
    ``probabilities`` p(w) (None when the file carries no word counts) and the
    ``source`` identity (a SHA-256 over every vector) when first asked for, so the
    stages that need the embeddings only do not pay for them."""

    def __init__(
        self,
        kv: Any,
        embeddings: WordEmbeddings,
        vectors: PathLike,
        docfreq: PathLike | None,
        normalize: bool,
    ) -> None:
        self._kv = kv
        self.embeddings = embeddings
        self._vectors, self._docfreq, self._normalize = vectors, docfreq, normalize

    @cached_property
    def probabilities(self) -> npt.NDArray[np.float64] | None:
        return _probabilities(self._kv, self.embeddings.words)

    @cached_property
    def source(self) -> VectorSource:
        docfreq = self._docfreq
        return VectorSource(
            vectors_path=str(Path(self._vectors)),
            normalized=self._normalize,
            docfreq_path=None if docfreq is None else str(Path(docfreq)),
            docfreq_sha256=None if docfreq is None else file_sha256(docfreq),
            n_documents=int(self.embeddings.n_documents),
            **vectors_identity(self.embeddings.words, self._kv.vectors),  # raw vectors
        )


def open_vectors(
    vectors: PathLike,
    docfreq: PathLike | None = None,
    *,
    normalize: bool = False,
    missing_df: int = 1,
) -> LoadedVectors:
    """Read word vectors once: the embeddings (``normalize``: unit vectors), the unigram
    probabilities from gensim's word counts (None when the file carries none, e.g.
    word2vec text format) and the :class:`VectorSource` identity (both computed on
    first use).

    Words missing from ``docfreq`` get df = ``missing_df``; without ``docfreq`` every
    word gets df = 1 over one document (idf-based methods then refuse to fit)."""
    from textsim.formats.vectorfile import read_vectors
    from textsim.text.docfreq import DocumentFrequencies

    kv = read_vectors(vectors)
    words = list(kv.index_to_key)
    if docfreq is not None:
        dfs = DocumentFrequencies.load(docfreq)
        df = dfs.df(words, missing=missing_df)
        n_documents = dfs.n_documents
    else:
        df, n_documents = np.ones(len(words), dtype=np.int64), 1
    emb = WordEmbeddings.from_arrays(words, kv.vectors, df, n_documents, normalize=normalize)
    return LoadedVectors(kv, emb, vectors, docfreq, normalize)


def _probabilities(kv: Any, words: list[str]) -> npt.NDArray[np.float64] | None:
    """Unigram probabilities from gensim's word counts; None when the counts are not
    real (word2vec files carry none: gensim fills in a descending rank instead)."""
    try:
        counts = np.array([float(kv.get_vecattr(w, "count")) for w in words])
    except KeyError:
        return None
    if counts.size == 0 or counts.sum() <= 0:
        return None
    if np.array_equal(counts, np.arange(len(words), 0, -1, dtype=np.float64)):
        return None
    return np.asarray(counts / counts.sum(), dtype=np.float64)
