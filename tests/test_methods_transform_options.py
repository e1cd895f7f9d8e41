"""Every method's transform takes batch_size, show_progress and normalize
(textsim.methods.transform_options), with the same rows whatever the batching."""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp

from textsim import SIF, PoolingEmbedding, TfidfEmbedding
from textsim.methods.registry import METHODS
from textsim.vectors.words import WordEmbeddings

TEXTS = ["the cat sat", "zzz", "the mat", "cat mat sat the", "sat", "the the cat"]


def _models(emb: WordEmbeddings) -> list[Any]:
    return [
        PoolingEmbedding(emb, "mean").fit(),
        PoolingEmbedding(emb, "max", weighting="idf").fit(),
        TfidfEmbedding(emb).fit(),
        SIF(emb, probabilities=np.full(len(emb.words), 0.25), a=0.1).fit(TEXTS),
    ]


def _dense(a: Any) -> np.ndarray:
    return a.toarray() if sp.issparse(a) else np.asarray(a)


def test_batches_give_the_rows_of_one_call(toy_embeddings: WordEmbeddings) -> None:
    for model in _models(toy_embeddings):
        whole = _dense(model.transform(TEXTS))
        for size in (1, 4, 100):
            got = _dense(model.transform(TEXTS, batch_size=size))
            np.testing.assert_array_equal(got, whole, err_msg=f"{model!r} batch {size}")
        batch = toy_embeddings.encode(TEXTS)  # a TokenBatch is cut the same way
        np.testing.assert_array_equal(_dense(model.transform(batch, batch_size=4)), whole)


def test_normalize_gives_unit_rows_and_keeps_zero_rows(
    toy_embeddings: WordEmbeddings, capsys: pytest.CaptureFixture[str]
) -> None:
    for model in _models(toy_embeddings):
        raw = _dense(model.transform(TEXTS))
        unit = _dense(model.transform(TEXTS, normalize=True, show_progress=True))
        norms = np.linalg.norm(unit, axis=1)
        zero = np.linalg.norm(raw, axis=1) == 0
        assert zero[1]  # "zzz": no word in the vocabulary
        np.testing.assert_allclose(norms[~zero], 1.0, rtol=1e-5)
        assert not unit[zero].any()
        np.testing.assert_allclose(
            unit[~zero], raw[~zero] / np.linalg.norm(raw[~zero], axis=1, keepdims=True), rtol=1e-5
        )
    assert "batch" in capsys.readouterr().err  # the progress bar


@pytest.mark.parametrize("size", [0, -2, True])
def test_a_bad_batch_size_is_refused(toy_embeddings: WordEmbeddings, size: Any) -> None:
    with pytest.raises(ValueError, match="batch_size must be a positive integer"):
        PoolingEmbedding(toy_embeddings, "mean").fit().transform(TEXTS, batch_size=size)


def test_every_method_lists_the_options_in_its_signature() -> None:
    for name, method in METHODS.items():
        params = inspect.signature(method.estimator.transform).parameters  # type: ignore[attr-defined]
        assert {"batch_size", "show_progress", "normalize"} <= set(params), name
