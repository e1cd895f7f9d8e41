"""Score text couples with every baseline and evaluate the scores.

A *method* is a representation (tf-idf, or a pooling of word vectors) plus a
distance. Representations shared by several methods are computed once; all
work is batched over couples.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from textsim.distances import Metric, paired_similarity, sparse_cosine_similarity
from textsim.docfreq import IdfVariant
from textsim.embeddings import PoolingEmbedding, TfidfEmbedding, WordEmbeddings
from textsim.metrics import evaluate_split

__all__ = ["METHODS", "Method", "evaluate_scores", "get_methods", "score_couples"]

log = logging.getLogger(__name__)


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


METHODS: dict[str, Method] = {
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
    ]
}


def get_methods(names: Iterable[str]) -> list[Method]:
    out = []
    for name in names:
        if name not in METHODS:
            raise ValueError(f"unknown method {name!r}; known: {', '.join(METHODS)}")
        out.append(METHODS[name])
    return out


def score_couples(
    couples: pd.DataFrame,
    embeddings: WordEmbeddings,
    methods: Sequence[Method],
    *,
    top_fraction: float = 0.3,
    idf_variant: IdfVariant = "paper",
    splits: Sequence[str] = ("validation", "test"),
) -> pd.DataFrame:
    """Similarity of every couple under every method.

    Returns ``split``, ``related`` and one float column per method.
    """
    sel = couples[couples["split"].isin(list(splits))].reset_index(drop=True)
    a = embeddings.encode(sel["text1"].tolist())
    b = embeddings.encode(sel["text2"].tolist())
    out: dict[str, Any] = {
        "split": sel["split"].astype(str).to_numpy(),
        "related": sel["related"].to_numpy(),
    }
    groups: dict[tuple[str, str, str, bool], list[Method]] = {}
    for m in methods:
        groups.setdefault(m.representation_key, []).append(m)
    for (rep, pooling, weighting, top), members in groups.items():
        if rep == "tfidf":
            tfidf = TfidfEmbedding(embeddings, idf_variant=idf_variant).fit()
            sim = sparse_cosine_similarity(tfidf.transform(a), tfidf.transform(b))
            for m in members:
                out[m.name] = sim
            continue
        est = PoolingEmbedding(
            embeddings,
            pooling=pooling,  # type: ignore[arg-type]
            weighting=weighting,  # type: ignore[arg-type]
            top_fraction=top_fraction if top else None,
            idf_variant=idf_variant,
        ).fit()
        va, vb = est.transform(a), est.transform(b)
        for m in members:
            out[m.name] = paired_similarity(va, vb, m.metric)
    log.info("scored %d couples with %d methods", len(sel), len(methods))
    return pd.DataFrame(out)


def evaluate_scores(scores: pd.DataFrame, methods: Sequence[str], **kwargs: Any) -> pd.DataFrame:
    """Split error, threshold and JS divergences for each method column of ``scores``."""
    val = scores[scores["split"] == "validation"]
    test = scores[scores["split"] == "test"]
    if val.empty or test.empty:
        raise ValueError("scores need both validation and test couples")
    rows = []
    for name in methods:
        ev = evaluate_split(
            val[name].to_numpy(),
            val["related"].to_numpy(),
            test[name].to_numpy(),
            test["related"].to_numpy(),
            **kwargs,
        )
        rows.append({"method": name, **ev.as_dict()})
    return pd.DataFrame(rows)
