"""Model files: one fitted embedding method in one ``.npz`` file (no pickle).

Inside (read with ``numpy.load(path, allow_pickle=False)`` if you like):

* ``meta``: UTF-8 JSON — ``format`` (``textsim-model/1``), the textsim version, the
  estimator class and method name, every hyperparameter (including the text
  ``cleaning``), and ``source``: the word vectors' path (relative to the model
  file when it can be), dimension, vocabulary size and content SHA-256, whether
  they were unit-normalised, and the document-frequency file (path, SHA-256,
  number of documents);
* the fitted arrays (SIF/uSIF components, GEM directions and singular values,
  learned weights);
* the word statistics the method used, aligned with ``vocabulary`` (UTF-8,
  one word per line): ``df`` (int64) and, for SIF/uSIF, ``probabilities``.

The word vectors themselves are not copied (they are large and shared); loading
checks by content that the vectors given are the ones recorded and refuses others
unless ``allow_other_vectors=True`` (then df and p(w) are matched by word: a word
the model has not seen gets df = 1 and p(w) = 0).

Trust: nothing in a model file is unpickled, and the vectors file it records is
opened only in a format that holds data only (textsim ``.npz``, word2vec ``.bin`` or
text); a gensim pickle (``.kv``) is opened only when the caller names it.

This module is the format only: it knows no estimator class. :func:`textsim.save` and
:func:`textsim.load` (:mod:`textsim.api.persistence`) give it the method name and the
classes a file may name (the registry's).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.core.io import InputFileError, PathLike, quoted, write_npz
from textsim.formats.archive import MAX_META_BYTES, MAX_TEXT_RATIO, WORD_BYTES, Archive
from textsim.formats.modelmeta import FORMAT, Classes, check_meta
from textsim.formats.source import VectorSource
from textsim.formats.vectorfile import UntrustedVectorsError, read_vectors, vectors_identity

__all__ = ["FORMAT", "load", "read_model_meta", "save"]


def _json_default(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def save(
    model: Any, path: PathLike, *, method: str | None, source: VectorSource | None = None
) -> Path:
    """Write a fitted estimator (known as ``method``, None where no name fixes its
    parameters; ``source``: the vectors it was fitted on, default its ``source_``) to
    ``path`` atomically; returns the path."""
    from importlib.metadata import version

    path = Path(path)
    cls = type(model).__name__
    source = source if source is not None else getattr(model, "source_", None)
    params = model.get_params()  # the settings; the vectors are data (not parameters)
    arrays: dict[str, npt.NDArray[Any]] = {}
    meta: dict[str, Any] = {
        "format": FORMAT,
        "textsim_version": version("textsim"),
        "estimator": cls,
        "method": method,
        "params": params,
        "source": None,
        "fitted": [],
    }
    if type(model).needs_for(params).vectors:
        if source is None:
            raise ValueError(
                f"{cls}: the word vectors it was fitted on are unknown; fit it with "
                "textsim.fit(...) or pass source= (textsim.formats.source.open_vectors)"
            )
        emb = model._check_fitted()
        for name in model._fitted_arrays:
            if not hasattr(model, name):
                raise RuntimeError(f"{cls} is not fitted ({name} missing); nothing to save")
            arrays[name] = np.asarray(getattr(model, name))
        meta["fitted"] = list(model._fitted_arrays)
        recorded = source.as_dict()
        recorded["vectors_path"] = _relative_to(source.vectors_path, path.parent)
        if source.docfreq_path is not None:
            recorded["docfreq_path"] = _relative_to(source.docfreq_path, path.parent)
        meta["source"] = recorded
        arrays["vocabulary"] = np.frombuffer("\n".join(emb.words).encode("utf-8"), np.uint8)
        arrays["df"] = np.asarray(emb.df, dtype=np.int64)
        if getattr(model, "probabilities", None) is not None:
            arrays["probabilities"] = np.asarray(model.probabilities, dtype=np.float64)
        for extra in ("history_", "training_", "config_"):
            if hasattr(model, extra):
                meta.setdefault("training", {})[extra.rstrip("_")] = getattr(model, extra)
    arrays["meta"] = np.frombuffer(
        json.dumps(meta, default=_json_default, indent=1).encode("utf-8"), np.uint8
    )
    write_npz(path, **arrays)
    return path


def _relative_to(target: str, base: Path) -> str:
    """``target`` relative to ``base`` when both are on one file system tree, else absolute."""
    absolute = Path(target).resolve()
    try:
        return os.path.relpath(absolute, base.resolve())
    except ValueError:  # another drive (Windows)
        return str(absolute)


def read_model_meta(path: PathLike, classes: Classes) -> dict[str, Any]:
    """The JSON metadata of a model file (checked: it names one of ``classes``)."""
    with Archive(Path(path)) as archive:
        return _meta(archive, classes)


def _meta(archive: Archive, classes: Classes) -> dict[str, Any]:
    raw = archive.read("meta", max_bytes=MAX_META_BYTES)
    try:
        meta = json.loads(raw.tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise InputFileError(f"{archive.path}: member 'meta' is not JSON (corrupt)") from None
    if isinstance(meta, dict) and meta.get("format") != FORMAT:
        found = quoted(meta.get("format"))
        raise InputFileError(f"{archive.path}: not a {FORMAT} file (format {found})")
    try:
        return check_meta(meta, classes)
    except ValueError as err:
        raise InputFileError(f"{archive.path}: member 'meta': {err}") from None


def load(
    path: PathLike,
    vectors: PathLike | None = None,
    *,
    classes: Classes,
    allow_other_vectors: bool = False,
) -> Any:
    """Read a model file back as a fitted estimator (``transform`` ready).

    ``vectors`` defaults to the file the model records (a relative path is taken
    from the model file's folder). Vectors whose content differs from the
    recorded ones (dimension, vocabulary, values) are refused unless
    ``allow_other_vectors`` — and even then SIF, uSIF and GEM need the same
    dimension (their fitted directions live in that space). ``classes``: the
    estimator classes a file may name."""
    from textsim.vectors.words import WordEmbeddings

    path = Path(path)
    # the metadata checked, then the word vectors it names compared with the ones it
    # records, and only then the arrays decompressed: a file whose metadata declares
    # more than the vectors that exist costs no memory before it is refused
    with Archive(path) as archive:
        meta = _meta(archive, classes)
        cls = classes[meta["estimator"]]
        params = dict(meta["params"])
        if not cls.needs_for(params).vectors:
            try:
                model = cls(**params)
            except (TypeError, ValueError) as err:
                raise InputFileError(f"{path}: member 'meta': params: {err}") from None
            model.source_ = None
            return model
        recorded = meta["source"]
        kwargs = {k: v for k, v in params.items() if k in cls._get_param_names()}
        kv, vec_path = _vectors_of(path, recorded, vectors)
        words = list(kv.index_to_key)
        ident = vectors_identity(words, kv.vectors)
        same = ident["sha256"] == recorded["sha256"]
        if same and (ident["dim"], ident["size"]) != (recorded["dim"], recorded["size"]):
            raise InputFileError(
                f"{path}: member 'meta' records {recorded['size']:,} words of "
                f"{recorded['dim']} dimensions for the vectors {vec_path}, which hold "
                f"{ident['size']:,} of {ident['dim']} (corrupt or tampered model file)"
            )
        if not same:
            what = (
                ", ".join(
                    f"{k} {recorded[k]} → {ident[k]}"
                    for k in ("dim", "size")
                    if recorded[k] != ident[k]
                )
                or "same dimension and size, different values"
            )
            if not allow_other_vectors:
                raise InputFileError(
                    f"{vec_path}: not the word vectors {path} was fitted on ({what}); to use "
                    "them anyway pass --allow-other-vectors (allow_other_vectors=True)"
                )
            if cls.space_bound and ident["dim"] != recorded["dim"]:
                raise InputFileError(
                    f"{vec_path}: {ident['dim']}-d vectors, but {path} ({meta['estimator']}) "
                    f"holds directions in {recorded['dim']}-d space; these cannot be mixed"
                )
        arrays = _checked_arrays(archive, cls, kwargs, recorded, meta["fitted"])
    vocabulary, df, probabilities = arrays.words, arrays.df, arrays.probabilities
    if not same:
        import pandas as pd

        idx = pd.Index(vocabulary).get_indexer(pd.Index(words))
        found = idx >= 0
        df = np.where(found, df[np.where(found, idx, 0)], 1)
        if probabilities is not None:
            probabilities = np.where(found, probabilities[np.where(found, idx, 0)], 0.0)
    n_documents, normalized = recorded["n_documents"], recorded["normalized"]
    emb = WordEmbeddings.from_arrays(words, kv.vectors, df, n_documents, normalize=normalized)
    if probabilities is not None:
        kwargs["probabilities"] = probabilities
    model = cls(emb, **kwargs)
    try:
        model._restore(arrays.fitted)
    except InputFileError:
        raise  # names the file already
    except ValueError as err:
        raise InputFileError(f"{path}: {err}") from None
    model.source_ = VectorSource(
        vectors_path=str(vec_path),
        normalized=normalized,
        docfreq_path=recorded["docfreq_path"],
        docfreq_sha256=recorded["docfreq_sha256"],
        n_documents=n_documents,
        **ident,
    )
    model.meta_ = meta
    return model


def _vectors_of(path: Path, recorded: dict[str, Any], vectors: PathLike | None) -> tuple[Any, Path]:
    """The word vectors to load a model file with: ``vectors`` where the user names them
    (theirs to trust, in any format), else the file the model records, opened only in a
    format that cannot run code."""
    if vectors is not None:
        return read_vectors(Path(vectors), trusted=True), Path(vectors)
    vec_path = _recorded_path(path, recorded)
    try:
        return read_vectors(vec_path, trusted=False), vec_path
    except UntrustedVectorsError:
        raise InputFileError(
            f"{path}: was fitted on {vec_path}, a gensim pickle file; textsim does not "
            "open a pickle because a model file names it (unpickling can run code). If "
            f"you trust it, name it yourself: --vectors {vec_path} (vectors=...)"
        ) from None


@dataclass(frozen=True)
class _Arrays:
    """A model file's arrays, each checked against the shape its metadata declares."""

    words: list[str]
    df: npt.NDArray[np.int64]
    probabilities: npt.NDArray[np.float64] | None
    fitted: dict[str, npt.NDArray[np.float64]]


def _checked_arrays(
    archive: Archive, cls: Any, params: dict[str, Any], recorded: Any, fitted: Any
) -> _Arrays:
    """Every array of a model file, verified before it is trusted: the parameters
    allowed (so the shapes they imply mean something), the recorded vocabulary size and
    dimension positive integers, each member of exactly the shape they give (its size
    bounded before it is decompressed), the values finite, probabilities in (0, 1],
    document frequencies ≥ 1; errors name the file and the member."""
    path = archive.path
    dim, size = recorded["dim"], recorded["size"]
    try:
        cls(**params)._check_settings(dim)
    except (TypeError, ValueError) as err:
        raise InputFileError(f"{path}: member 'meta': {err}") from None
    shapes = cls.fitted_shapes(params, dim)
    names = list(fitted or [])
    if sorted(names) != sorted(shapes):
        raise InputFileError(
            f"{path}: member 'meta' lists the fitted arrays {names}, but a {cls.__name__} "
            f"holds {sorted(shapes)} (corrupt or mislabelled model file)"
        )
    raw = archive.read("vocabulary", max_bytes=size * WORD_BYTES, max_ratio=MAX_TEXT_RATIO)
    try:
        words = raw.tobytes().decode("utf-8").split("\n")
    except UnicodeDecodeError:
        raise InputFileError(f"{path}: member 'vocabulary' is not UTF-8 (corrupt)") from None
    if len(words) != size:
        raise InputFileError(
            f"{path}: member 'vocabulary' holds {len(words):,} words, the metadata {size:,}"
        )
    df = archive.read("df", (size,))
    if df.dtype.kind not in "iu" or (size and df.min() < 1):
        raise InputFileError(f"{path}: member 'df' must hold document frequencies ≥ 1")
    if size and df.max() > recorded["n_documents"]:
        raise InputFileError(
            f"{path}: member 'df' holds a document frequency of {int(df.max()):,}, more than "
            f"the {recorded['n_documents']:,} documents member 'meta' records (corrupt or "
            "tampered model file)"
        )
    probabilities = None
    if "probabilities" in archive:
        probabilities = archive.finite("probabilities", (size,))
        if not ((probabilities > 0) & (probabilities <= 1)).all():
            raise InputFileError(f"{path}: member 'probabilities' must lie in (0, 1] (corrupt)")
    return _Arrays(
        words=words,
        df=np.asarray(df, dtype=np.int64),
        probabilities=probabilities,
        fitted={name: archive.finite(name, shapes[name]) for name in names},
    )


def _recorded_path(model_path: Path, recorded: dict[str, Any]) -> Path:
    raw = recorded.get("vectors_path")
    if not raw:
        raise InputFileError(f"{model_path}: records no word-vector file; pass vectors=")
    p = Path(raw)
    p = p if p.is_absolute() else model_path.parent / p
    if not p.exists():
        raise InputFileError(
            f"{model_path}: was fitted on {quoted(raw)} (sha256 {recorded['sha256'][:12]}…), "
            "which is not there; pass the vectors with --vectors (vectors=)"
        )
    return p
