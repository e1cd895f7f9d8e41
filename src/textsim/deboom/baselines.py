"""The baselines of De Boom et al. as data: each a text representation and a distance,
with its table label (ICDMW Tables I–III, PRL Table 1).

Data only, no scoring code: the tables and figures that label rows with these
names depend on this module, not on the compiled scoring kernel
(:mod:`textsim.deboom.scoring`, :mod:`textsim.deboom.fused`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from textsim.measures.distances import Metric

__all__ = ["BASELINES", "Method", "get_methods"]


@dataclass(frozen=True)
class Method:
    """A text representation and the distance used to compare two of them."""

    name: str
    label: str
    representation: str  # "tfidf" or "pooling"
    pooling: str = "mean"
    weighting: str = "none"
    top: bool = False
    metric: Metric = "cosine"

    @property
    def representation_key(self) -> tuple[str, str, str, bool]:
        return (self.representation, self.pooling, self.weighting, self.top)


BASELINES: dict[str, Method] = {
    m.name: m
    for m in [
        # ICDMW Table I (cosine similarity throughout)
        Method("tfidf", "Tf-idf", "tfidf"),
        Method("mean", "Mean", "pooling", "mean"),
        Method("max", "Max", "pooling", "max"),
        Method("min", "Min", "pooling", "min"),
        Method("minmax", "Min/max", "pooling", "minmax"),
        Method("mean_top", "Mean, top 30% idf", "pooling", "mean", top=True),
        Method("max_top", "Max, top 30% idf", "pooling", "max", top=True),
        Method("minmax_top", "Min/max, top 30% idf", "pooling", "minmax", top=True),
        Method("mean_idf", "Mean, idf weighted", "pooling", "mean", "idf"),
        # ICDMW Table II (mean of the embeddings, five distances)
        Method("mean_cosine", "Mean, cosine", "pooling", "mean", metric="cosine"),
        Method("mean_euclidean", "Mean, Euclidean", "pooling", "mean", metric="euclidean"),
        Method("mean_l3", "Mean, L3", "pooling", "mean", metric="l3"),
        Method("mean_l4", "Mean, L4", "pooling", "mean", metric="l4"),
        Method("mean_braycurtis", "Mean, Bray-Curtis", "pooling", "mean", metric="braycurtis"),
        # ICDMW Table III / PRL Table 1: the same techniques with Euclidean distance
        Method("max_euclidean", "Max", "pooling", "max", metric="euclidean"),
        Method("min_euclidean", "Min", "pooling", "min", metric="euclidean"),
        Method("minmax_euclidean", "Min/max", "pooling", "minmax", metric="euclidean"),
        Method(
            "mean_top_euclidean",
            "Mean, top 30% idf",
            "pooling",
            "mean",
            top=True,
            metric="euclidean",
        ),
        Method(
            "max_top_euclidean", "Max, top 30% idf", "pooling", "max", top=True, metric="euclidean"
        ),
        Method(
            "minmax_top_euclidean",
            "Min/max, top 30% idf",
            "pooling",
            "minmax",
            top=True,
            metric="euclidean",
        ),
        Method(
            "mean_idf_euclidean", "Mean, idf weighted", "pooling", "mean", "idf", metric="euclidean"
        ),
    ]
}


def get_methods(names: Iterable[str]) -> list[Method]:
    out = []
    for name in names:
        if name not in BASELINES:
            raise ValueError(f"unknown method {name!r}; known: {', '.join(BASELINES)}")
        out.append(BASELINES[name])
    return out
