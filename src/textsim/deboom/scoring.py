"""Score text couples with every baseline and evaluate the scores.

A *method* is a representation (tf-idf, or a pooling of word vectors) plus a
distance. Representations shared by several methods are computed once; all
work is batched over couples.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pandas as pd

from textsim.deboom.baselines import Method
from textsim.deboom.metrics import evaluate_split
from textsim.measures.distances import Metric
from textsim.methods.pooling import PoolSpec, sort_by_rank
from textsim.text.docfreq import IdfVariant
from textsim.vectors.words import WordEmbeddings

__all__ = ["evaluate_scores", "score_couples"]

log = logging.getLogger(__name__)


def score_couples(
    couples: pd.DataFrame,
    embeddings: WordEmbeddings,
    methods: Sequence[Method],
    *,
    top_fraction: float = 0.3,
    idf_variant: IdfVariant = "paper",
    tfidf_norm: str = "types",
    splits: Sequence[str] = ("validation", "test"),
    block: int = 1024,
    n_jobs: int = 1,
) -> pd.DataFrame:
    """Similarity of every couple under every method.

    Returns ``split``, ``related`` and one float column per method; ``tfidf_norm``:
    :data:`textsim.deboom.fused.TFIDF_NORMS`. Couples are
    processed in blocks of ``block``; ``n_jobs`` threads score blocks in parallel
    (the results do not depend on either).
    """
    sel = couples[couples["split"].isin(list(splits))].reset_index(drop=True)
    a = embeddings.encode(sel["text1"])
    b = embeddings.encode(sel["text2"])
    out: dict[str, Any] = {
        "split": sel["split"].astype(str).to_numpy(),
        "related": sel["related"].to_numpy(),
        # in-vocabulary words of each text: 0 = empty or all out of vocabulary (such a
        # text is the zero vector; its similarity is defined, and counted in the metrics)
        "words1": a.lengths.astype(np.int32),
        "words2": b.lengths.astype(np.int32),
    }
    pooled = [m for m in methods if m.representation == "pooling"]
    tfidf = [m for m in methods if m.representation == "tfidf"]
    if tfidf or any(m.top for m in pooled):
        # rarest word first (top-idf pooling), equal words adjacent (tf-idf); the other
        # poolings do not depend on the order
        rank = embeddings.rank()
        a, b = sort_by_rank(a, rank), sort_by_rank(b, rank)
    if tfidf:
        from textsim.deboom.fused import tfidf_cosine

        idf_t = embeddings.idf(idf_variant)
        sim = tfidf_cosine(a.ids, a.lengths, b.ids, b.lengths, rank, idf_t, norm=tfidf_norm)
        for m in tfidf:
            out[m.name] = sim
    if pooled:
        from textsim.deboom.fused import score_pooled

        specs = {m.name: PoolSpec(m.pooling, m.weighting, m.top) for m in pooled}  # type: ignore[arg-type]
        # methods sharing a representation share its pooling; equal (representation,
        # metric) pairs (e.g. Table I "mean" and Table II "mean, cosine") are computed once
        by_spec: dict[PoolSpec, dict[Metric, list[str]]] = {}
        for m in pooled:
            by_spec.setdefault(specs[m.name], {}).setdefault(m.metric, []).append(m.name)
        spec_list = list(by_spec)
        columns = [(k, metric) for k, spec in enumerate(spec_list) for metric in by_spec[spec]]
        # the kernel reads each text's first `length` ids only: no padding row needed
        table = embeddings.vectors
        idf = embeddings.idf(idf_variant).astype(np.float32)
        values = np.empty((len(sel), len(columns)), dtype=np.float64)

        def score_block(start: int) -> None:
            # fused and compiled: each couple's representations are built and compared
            # while its words are in cache (textsim.deboom.fused); releases the GIL
            stop = min(start + block, len(sel))
            score_pooled(
                a.ids[start:stop],
                a.lengths[start:stop],
                b.ids[start:stop],
                b.lengths[start:stop],
                table,
                idf,
                spec_list,
                columns,
                top_fraction=top_fraction,
                out=values[start:stop],
            )

        starts = range(0, len(sel), block)
        if n_jobs > 1:
            with ThreadPoolExecutor(n_jobs) as pool:
                list(pool.map(score_block, starts))
        else:
            for start in starts:
                score_block(start)
        sims = {}
        for c, (k, metric) in enumerate(columns):
            for name in by_spec[spec_list[k]][metric]:
                sims[name] = values[:, c]
        out.update(sims)
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
        rows.append({"method": name, **ev.as_dict(), **_short_text_counts(test)})
    return pd.DataFrame(rows)


def _short_text_counts(test: pd.DataFrame) -> dict[str, int]:
    """Test couples with an empty (or all-OOV) text and with a one-word text."""
    if "words1" not in test:
        return {}
    shortest = np.minimum(test["words1"].to_numpy(), test["words2"].to_numpy())
    return {
        "n_test_empty": int((shortest == 0).sum()),
        "n_test_one_word": int((shortest == 1).sum()),
    }
