"""Persistence of fitted models, outside the estimators: :func:`save` and :func:`load`
of one model file (the format: :mod:`textsim.formats.modelfile`), for every class of
the method registry."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textsim.formats import modelfile
from textsim.formats.source import VectorSource
from textsim.io import InputFileError, PathLike
from textsim.methods.registry import ESTIMATORS, method_of

__all__ = ["load", "read_model_meta", "save"]


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
    recorded = source if source is not None else getattr(model, "source_", None)
    for used in (recorded.vectors_path, recorded.docfreq_path) if recorded else ():
        if used is not None and _same(used, path):
            raise InputFileError(
                f"{path}: is the file the model reads its word statistics from; "
                "choose another path for the model file"
            )
    if Path(path).exists() and not overwrite:
        raise InputFileError(f"{path}: exists; pass overwrite=True to replace it")
    return modelfile.save(model, path, method=method_of(model), source=source)


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
