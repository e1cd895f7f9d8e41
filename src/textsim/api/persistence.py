"""Persistence of fitted models, outside the estimators: :func:`save` and :func:`load`
of one model file (the format: :mod:`textsim.formats.modelfile`), for every class of
the method registry."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textsim.core.io import InputFileError, PathLike
from textsim.formats import modelfile
from textsim.formats.source import VectorSource
from textsim.methods.registry import ESTIMATORS, method_of
from textsim.vectors.words import WordEmbeddings

__all__ = ["load", "load_vectors", "read_model_meta", "recorded_source", "save"]


def save(
    model: Any, path: PathLike, source: VectorSource | None = None, *, overwrite: bool = False
) -> Path:
    """Write a fitted estimator (from :func:`textsim.fit`, or built directly with
    ``source`` given: :func:`textsim.formats.source.open_vectors`) to one model file
    (``.npz``, no pickle) atomically; returns the path. An existing file only with
    ``overwrite`` (``textsim fit --force``), and never the word statistics the model
    reads."""
    cls = type(model)
    if ESTIMATORS.get(cls.__name__) is not cls:
        raise TypeError(f"cannot save a {cls.__name__}: not one of {', '.join(ESTIMATORS)}")
    recorded = source if source is not None else recorded_source(model)
    for used in (recorded.vectors_path, recorded.docfreq_path) if recorded else ():
        if used is not None and _same(used, path):
            raise InputFileError(
                f"{path}: is the file the model reads its word statistics from; "
                "choose another path for the model file"
            )
    if Path(path).exists() and not overwrite:
        raise InputFileError(f"{path}: exists; pass overwrite=True to replace it")
    return modelfile.save(model, path, method=method_of(model), source=recorded)


def recorded_source(model: Any) -> VectorSource | None:
    """The word-vector file a model was fitted on: set by :func:`textsim.fit`, or the
    file its constructor read (``vectors=``)."""
    found = getattr(model, "source_", None) or getattr(model, "_vectors_source", None)
    return found if isinstance(found, VectorSource) else None


def load_vectors(
    path: PathLike, docfreq: PathLike | None = None, *, normalize: bool = False
) -> WordEmbeddings:
    """Word vectors from a file, for an estimator built by hand
    (``textsim.GEM(embeddings=textsim.load_vectors("vectors.npz"))``): textsim
    ``.npz``, word2vec ``.bin`` or text, or gensim ``.kv`` (a pickle: only a file you
    trust); ``docfreq``: the document frequencies idf-based methods need;
    ``normalize``: unit vectors. Errors name the file. ``vectors="vectors.npz"`` on an
    estimator reads the file the same way and also records it for :func:`save`."""
    from textsim.formats.source import open_vectors

    return open_vectors(path, docfreq, normalize=normalize).embeddings


def _same(a: PathLike, b: PathLike) -> bool:
    return Path(a).exists() and Path(b).exists() and os.path.samefile(a, b)


def load(
    path: PathLike, vectors: PathLike | None = None, *, allow_other_vectors: bool = False
) -> Any:
    """Read a model file back as a fitted estimator (``transform`` ready).

    ``vectors`` defaults to the file the model records (a relative path is taken
    from the model file's folder). Vectors whose content differs from the
    recorded ones (dimension, vocabulary, values) are refused unless
    ``allow_other_vectors`` — and even then SIF, uSIF and GEM need the same
    dimension (their fitted directions live in that space)."""
    return modelfile.load(
        path, vectors, classes=ESTIMATORS, allow_other_vectors=allow_other_vectors
    )


def read_model_meta(path: PathLike) -> dict[str, Any]:
    """The JSON metadata of a model file (checked)."""
    return modelfile.read_model_meta(path, ESTIMATORS)
