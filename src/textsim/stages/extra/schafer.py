"""Rule schafer_extra: an extra method on a Schäfer dataset, as a baseline is scored."""

from __future__ import annotations

import logging

import numpy as np
import pandas as pd

from textsim.core.io import PathLike
from textsim.stages.extra.vectors import ExtraVectors

log = logging.getLogger(__name__)


def schafer_extra(
    dataset: PathLike,
    reference: PathLike,
    texts: PathLike,
    vectors: PathLike,
    output: PathLike,
    vectors_out: PathLike,
    *,
    name: str,
    label: str,
) -> None:
    """An extra method on a Schäfer dataset, as a zero-training baseline is scored: its
    vectors of the training and test documents, the thesis' metrics on the test split
    (eq. 3.1 and its parts, each item's outcome kept), a run record (``run``:
    ``extra-<name>``) and the test vectors, in the baselines' formats."""
    from textsim.core.io import write_json, write_npz
    from textsim.schafer.datasets import document_texts
    from textsim.schafer.search import item_outcomes, scores_of
    from textsim.stages.schafer.evaluation import _load_reference

    stored = ExtraVectors(texts, vectors)
    docs, labels = document_texts(dataset)
    train = stored.vectors[stored.rows(pd.Series(docs["train"]))]
    test = stored.vectors[stored.rows(pd.Series(docs["test"]))]
    items = item_outcomes(train, labels["train"], test, labels["test"], _load_reference(reference))
    scores = scores_of(items)
    log.info("%s: %s", name, scores)
    per_text = 1.0 / stored.meta["texts_per_s"] if stored.meta.get("texts_per_s") else 0.0
    record = {
        "model": label,
        "run": f"extra-{name}",
        "split": "test",
        "params": stored.meta.get("params", {}),
        "word_size": int(test.shape[1]),
        "doc_size": int(test.shape[1]),
        "scores": scores,
        "epochs": 0,
        "history": {},
        "train_seconds": stored.meta.get("fit_seconds", 0.0),
        "inference_seconds": (len(docs["train"]) + len(docs["test"])) * per_text,
        "items": {k: v.tolist() for k, v in items.items()},
    }
    write_json(record, output)
    write_npz(vectors_out, vectors=test, labels=np.asarray(labels["test"], dtype=str))
