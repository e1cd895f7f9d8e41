"""Workflow glue of the zero-training baselines: rule schafer_baseline."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from textsim.core.io import PathLike, write_json, write_npz
from textsim.stages.schafer.evaluation import _load_reference

log = logging.getLogger(__name__)


def baseline_model(
    name: str,
    embeddings: Any,
    probabilities: Any,
    train: Sequence[str],
    params: Mapping[str, Any] | None = None,
) -> Any:
    """A zero-training document embedding from the method registry with its settings
    (``params``, config ``methods.<name>``; its components, if any, fitted on
    ``train``). The documents come tokenised by the thesis' own preprocessing: no
    further cleaning."""
    from textsim.methods.gem.model import GEM
    from textsim.methods.names import build_with
    from textsim.methods.pooling import PoolingEmbedding
    from textsim.methods.sif import SIF
    from textsim.schafer.baselines import BASELINES, RandomVectors

    if name not in BASELINES:
        raise ValueError(f"unknown baseline {name!r}; known: {', '.join(BASELINES)}")
    method = BASELINES[name]
    if method is None:
        return RandomVectors(dim=int(embeddings.dim)).fit(train)
    model = build_with(
        (PoolingEmbedding, SIF, GEM),
        method,
        embeddings,
        probabilities=probabilities,
        **{**(params or {}), "cleaning": "none"},
    )
    return model.fit(train)


def baseline_run(
    dataset: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    reference_path: PathLike,
    output: PathLike,
    vectors_out: PathLike,
    *,
    name: str,
    params: Mapping[str, Any] | None = None,
) -> None:
    """A zero-training baseline (pretrained vectors, full size) on the test split, with
    its method's settings (``params``, config ``methods.<name>``)."""
    import time

    from textsim.formats.source import open_vectors
    from textsim.schafer.datasets import document_texts
    from textsim.schafer.search import item_outcomes, scores_of

    texts, labels = document_texts(dataset)
    loaded = open_vectors(vectors, docfreq)
    emb, prob = loaded.embeddings, loaded.probabilities
    t0 = time.perf_counter()
    model = baseline_model(name, emb, prob, texts["train"], params)
    t1 = time.perf_counter()
    train = np.asarray(model.transform(texts["train"]), dtype=np.float32)
    test = np.asarray(model.transform(texts["test"]), dtype=np.float32)
    fit_seconds, seconds = t1 - t0, time.perf_counter() - t1
    ref = _load_reference(reference_path)
    items = item_outcomes(train, labels["train"], test, labels["test"], ref)
    scores = scores_of(items)
    log.info("%s: %s", name, scores)
    record = {
        "model": name,
        "run": name,
        "split": "test",
        "params": dict(params or {}),
        "word_size": int(emb.dim),
        "doc_size": int(test.shape[1]),
        "scores": scores,
        "epochs": 0,
        "history": {},
        "train_seconds": fit_seconds,  # SIF / GEM components; 0 for the means
        "inference_seconds": seconds,
        "items": {k: v.tolist() for k, v in items.items()},
    }
    write_json(record, output)
    write_npz(vectors_out, vectors=test, labels=np.asarray(labels["test"], dtype=str))
