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
import zipfile
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.formats.source import VectorSource
from textsim.formats.vectorfile import UntrustedVectorsError, read_vectors, vectors_identity
from textsim.io import InputFileError, PathLike, write_npz

__all__ = ["FORMAT", "load", "read_model_meta", "save"]

#: the classes a model file may name: class name -> class
Classes = Mapping[str, Any]

FORMAT = "textsim-model/1"


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
    from textsim import __version__

    path = Path(path)
    cls = type(model).__name__
    source = source if source is not None else getattr(model, "source_", None)
    all_params = model.get_params()
    params = {k: v for k, v in all_params.items() if k not in ("embeddings", "probabilities")}
    arrays: dict[str, npt.NDArray[Any]] = {}
    meta: dict[str, Any] = {
        "format": FORMAT,
        "textsim_version": __version__,
        "estimator": cls,
        "method": method,
        "params": params,
        "source": None,
        "fitted": [],
    }
    if type(model).needs_for(all_params).vectors:
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


class _Archive:
    """The arrays of a model file; every read error names the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if not path.exists():
            raise InputFileError(f"{path}: no such model file")
        if path.is_dir():
            raise InputFileError(f"{path}: is a directory, not a model file")
        try:
            self.npz = np.load(path, allow_pickle=False)
        except (ValueError, OSError, EOFError, zipfile.BadZipFile) as err:
            raise InputFileError(self._not_model(err)) from None
        if not hasattr(self.npz, "files") or "meta" not in self.npz.files:
            raise InputFileError(self._not_model(None))

    def _not_model(self, err: Exception | None) -> str:
        why = f" ({type(err).__name__}: {str(err)[:80]})" if err else ""
        if err is not None and "pickled" in str(err):  # numpy's word for "not an array file"
            why = " (not a NumPy .npz archive)"
        return (
            f"{self.path}: not a textsim model file, or truncated{why}; model files are "
            "written by `textsim fit` or model.save()"
        )

    def get(self, name: str) -> npt.NDArray[Any] | None:
        return self[name] if name in self.npz.files else None

    def __getitem__(self, name: str) -> npt.NDArray[Any]:
        if name not in self.npz.files:
            raise InputFileError(f"{self.path}: model file lacks the array {name!r} (corrupt)")
        try:
            return np.asarray(self.npz[name])
        except (ValueError, OSError, EOFError, zipfile.BadZipFile, zlib.error) as err:
            raise InputFileError(self._not_model(err)) from None


def read_model_meta(path: PathLike, classes: Classes) -> dict[str, Any]:
    """The JSON metadata of a model file (checked: it names one of ``classes``)."""
    return _meta(_Archive(Path(path)), classes)


def _meta(archive: _Archive, classes: Classes) -> dict[str, Any]:
    try:
        meta = json.loads(archive["meta"].tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InputFileError(f"{archive.path}: corrupt model metadata") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        found = meta.get("format") if isinstance(meta, dict) else None
        raise InputFileError(f"{archive.path}: not a {FORMAT} file (format {found!r})")
    if meta.get("estimator") not in classes:
        raise InputFileError(f"{archive.path}: unknown estimator {meta.get('estimator')!r}")
    return meta


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
    archive = _Archive(path)
    meta = _meta(archive, classes)
    cls = classes[meta["estimator"]]
    params = dict(meta.get("params") or {})
    if not cls.needs_for(params).vectors:
        model = cls(**params)
        model.source_ = None
        return model
    recorded = meta.get("source") or {}
    if vectors is not None:  # named by the user: theirs to trust, in any format
        vec_path = Path(vectors)
        kv = read_vectors(vec_path, trusted=True)
    else:  # named by the model file: opened only in a format that cannot run code
        vec_path = _recorded_path(path, recorded)
        try:
            kv = read_vectors(vec_path, trusted=False)
        except UntrustedVectorsError:
            raise InputFileError(
                f"{path}: was fitted on {vec_path}, a gensim pickle file; textsim does not "
                "open a pickle because a model file names it (unpickling can run code). If "
                f"you trust it, name it yourself: --vectors {vec_path} (vectors=...)"
            ) from None
    words = list(kv.index_to_key)
    ident = vectors_identity(words, kv.vectors)
    same = ident["sha256"] == recorded.get("sha256")
    if not same:
        what = (
            ", ".join(
                f"{k} {recorded.get(k)} → {ident[k]}"
                for k in ("dim", "size")
                if recorded.get(k) != ident[k]
            )
            or "same dimension and size, different values"
        )
        if not allow_other_vectors:
            raise InputFileError(
                f"{vec_path}: not the word vectors {path} was fitted on ({what}); to use "
                "them anyway pass --allow-other-vectors (allow_other_vectors=True)"
            )
        if cls.space_bound and ident["dim"] != recorded.get("dim"):
            raise InputFileError(
                f"{vec_path}: {ident['dim']}-d vectors, but {path} ({meta['estimator']}) "
                f"holds directions in {recorded.get('dim')}-d space; these cannot be mixed"
            )
    vocabulary = archive["vocabulary"].tobytes().decode("utf-8").split("\n")
    df = archive["df"]
    probabilities = archive.get("probabilities")
    if len(vocabulary) != len(df):
        raise InputFileError(f"{path}: vocabulary and df differ in length (corrupt)")
    if not same:
        import pandas as pd

        idx = pd.Index(vocabulary).get_indexer(pd.Index(words))
        found = idx >= 0
        df = np.where(found, df[np.where(found, idx, 0)], 1)
        if probabilities is not None:
            probabilities = np.where(found, probabilities[np.where(found, idx, 0)], 0.0)
    n_documents = int(recorded.get("n_documents", 1))
    normalized = bool(recorded.get("normalized", False))
    emb = WordEmbeddings.from_arrays(words, kv.vectors, df, n_documents, normalize=normalized)
    kwargs = {k: v for k, v in params.items() if k in cls().get_params()}
    if probabilities is not None:
        kwargs["probabilities"] = probabilities
    model = cls(emb, **kwargs)
    try:
        model._restore({name: archive[name] for name in meta.get("fitted", [])})
    except InputFileError:
        raise  # names the file already
    except KeyError as err:  # the metadata names an estimator whose arrays are not here
        raise InputFileError(
            f"{path}: holds no fitted array {err} that a {meta['estimator']} needs (corrupt "
            "or mislabelled model file)"
        ) from None
    except ValueError as err:
        raise InputFileError(f"{path}: {err}") from None
    model.source_ = VectorSource(
        vectors_path=str(vec_path),
        normalized=normalized,
        docfreq_path=recorded.get("docfreq_path"),
        docfreq_sha256=recorded.get("docfreq_sha256"),
        n_documents=n_documents,
        **ident,
    )
    model.meta_ = meta
    return model


def _recorded_path(model_path: Path, recorded: dict[str, Any]) -> Path:
    raw = recorded.get("vectors_path")
    if not raw:
        raise InputFileError(f"{model_path}: records no word-vector file; pass vectors=")
    p = Path(raw)
    p = p if p.is_absolute() else model_path.parent / p
    if not p.exists():
        raise InputFileError(
            f"{model_path}: was fitted on {raw} (sha256 {str(recorded.get('sha256'))[:12]}…), "
            f"which is not at {p}; pass the vectors with --vectors (vectors=)"
        )
    return p
