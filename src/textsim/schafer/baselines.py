"""The zero-training baselines of the Schäfer tables: mean, idf-weighted mean, SIF, GEM
(pretrained word vectors at full size, no document-level training)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

BASELINES = ("mean", "idf", "sif", "gem")


def baseline_model(name: str, embeddings: Any, probabilities: Any, train: Sequence[str]) -> Any:
    """A zero-training document embedding (its components, if any, fitted on ``train``).
    The documents come tokenised by the thesis' own preprocessing: no further cleaning."""
    from textsim.gem.gem import GEM
    from textsim.gem.sif import SIF
    from textsim.vectors.pooling import PoolingEmbedding

    if name == "mean":
        model: Any = PoolingEmbedding(embeddings, "mean", cleaning="none").fit()
    elif name == "idf":
        model = PoolingEmbedding(embeddings, "mean", "idf", cleaning="none").fit()
    elif name == "sif":
        model = SIF(embeddings, probabilities, cleaning="none").fit(train)
    elif name == "gem":
        model = GEM(embeddings, cleaning="none").fit(train)
    else:
        raise ValueError(f"unknown baseline {name!r}; known: {BASELINES}")
    return model
