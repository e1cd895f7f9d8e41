"""Fit an embedding method by name from files: :func:`fit`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from textsim.core.io import InputFileError, PathLike, quoted
from textsim.formats.source import open_vectors
from textsim.methods.base import EmbeddingMethod
from textsim.methods.registry import METHODS, Method, build
from textsim.methods.texts import as_texts

__all__ = ["check_fit", "fit"]


def _method(name: str) -> Method:
    if name not in METHODS:
        raise ValueError(f"unknown method {name!r}; expected one of {', '.join(METHODS)}")
    return METHODS[name]


def _check_params(method: str, cls: type[EmbeddingMethod], params: dict[str, Any]) -> None:
    allowed = set(cls._get_param_names()) | cls.fit_options  # (no instance: MiniLM's loads)
    unknown = sorted(set(params) - allowed)
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {', '.join(quoted(u, 40) for u in unknown[:5])} for {method}; "
            f"allowed: {', '.join(sorted(allowed))}"
        )


def check_fit(
    method: str,
    *,
    vectors: object = None,
    docfreq: object = None,
    texts: object = None,
    weights: object = None,
    **params: Any,
) -> None:
    """Raise ValueError for what is wrong with a :func:`fit` call before any file is
    read: an unknown method or parameter, a missing or superfluous input (the inputs
    are only tested for being given)."""
    m = _method(method)
    cls = m.estimator
    _check_params(method, cls, params)
    needs = cls.needs_for({**m.params, **params})
    if not needs.vectors:
        return
    if vectors is None:
        raise ValueError(f"method {method!r} needs word vectors (vectors=...)")
    if needs.docfreq and docfreq is None:
        raise ValueError(f"method {method!r} needs document frequencies (docfreq=...)")
    if needs.weights and weights is None:
        raise ValueError(f"method {method!r} needs a trained weight file (weights=...)")
    if not needs.weights and weights is not None:
        raise ValueError(f"weights= is only for methods applied from a weight file, not {method!r}")
    if needs.texts and texts is None:
        raise ValueError(f"method {method!r} is fitted on texts (texts=...)")
    if not needs.texts and texts is not None:
        raise ValueError(f"method {method!r} is not fitted on texts; leave texts out")


def fit(
    method: str,
    *,
    vectors: PathLike | None = None,
    docfreq: PathLike | None = None,
    texts: Sequence[str] | str | None = None,
    weights: PathLike | None = None,
    normalize: bool | None = None,
    **params: Any,
) -> Any:
    """Fit an embedding method by name and return the fitted estimator.

    Parameters
    ----------
    method:
        One of :data:`METHODS` (``mean``, ``idf-mean``, ``max``, ``min``, ``minmax``,
        ``sif``, ``usif``, ``gem``, ``learned``, ``minilm``).
    vectors:
        Word vectors: textsim ``.npz`` (the workflow's ``results/word2vec/vectors.npz``),
        word2vec ``.bin`` or text, or gensim ``.kv`` (a pickle: only a file you trust).
    docfreq:
        Document frequencies (``results/docfreq/docfreq.tsv``); needed by
        ``idf-mean`` and ``learned``.
    texts:
        Raw fitting texts for ``sif``, ``usif`` and ``gem`` (cleaned as the
        workflow cleans them, unless ``cleaning="none"``).
    weights:
        For ``learned``: a weight file the workflow trained (``results/weights/…``).
    normalize:
        Unit-normalise the word vectors first. Default: as the weights were trained
        for ``learned``, raw vectors for every other method (as the workflow).
    params:
        Estimator parameters (e.g. ``ngram=2`` for GEM, ``a=1e-3`` for SIF,
        ``cleaning="none"``).

    Returns
    -------
    estimator
        The fitted estimator, with ``transform(texts)``; :func:`textsim.save` writes
        it as a model file that :func:`textsim.load` reads back."""
    m = _method(method)
    cls = m.estimator
    needs = cls.needs_for({**m.params, **params})
    if not needs.vectors:  # (MiniLM's constructor loads the network: built only to fit)
        _check_params(method, cls, params)
        model = build(method, **params)
        model.source_ = None
        return model.fit()
    check_fit(method, vectors=vectors, docfreq=docfreq, texts=texts, weights=weights, **params)
    assert vectors is not None  # (check_fit: a method that needs vectors is given them)
    if needs.weights:
        return cls.from_files(
            weights, vectors, docfreq, normalize=normalize, **{**m.params, **params}
        )
    loaded = open_vectors(vectors, docfreq, normalize=bool(normalize))
    finite = np.isfinite(loaded.embeddings.vectors).all(axis=1)
    if not finite.all():
        first = int(np.flatnonzero(~finite)[0])
        raise InputFileError(
            f"{vectors}: {int((~finite).sum()):,} word vector(s) hold NaN or infinite values "
            f"(the first: word {quoted(loaded.embeddings.words[first])}, row {first + 1}); "
            f"{method} cannot be fitted on them: retrain or repair the vectors"
        )
    if needs.probabilities and loaded.probabilities is None:
        raise InputFileError(
            f"{vectors}: carries no word counts (word2vec format), which {method} needs "
            "for p(w); use the workflow's vectors (results/word2vec/vectors.npz)"
        )
    model = build(method, loaded.embeddings, probabilities=loaded.probabilities, **params)
    if needs.texts:
        fit_texts = as_texts(texts)
        if len(fit_texts) == 0:
            raise ValueError(f"method {method!r}: no fitting texts")
        model.fit(fit_texts)
    else:
        model.fit()
    model.source_ = loaded.source
    return model
