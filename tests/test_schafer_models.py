"""Each Schäfer (2018) model trains (one epoch) and returns vectors of the configured size."""

import numpy as np
import pytest

from textsim.schafer.figures.tsne import tsne_map
from textsim.schafer.models import MODELS
from textsim.schafer.models.base import pad_documents
from textsim.schafer.models.neural import _filter_counts as filter_counts


def _data(n=40, vocab=30, seed=0):
    rng = np.random.default_rng(seed)
    labels = np.arange(n) % 3
    docs = [
        [list(rng.integers(2, vocab, 6) + 0), list(rng.integers(2, vocab, 4))] for _ in range(n)
    ]
    W = rng.normal(size=(vocab, 8)).astype(np.float32)
    W[0] = 0
    return docs, labels, W


@pytest.mark.parametrize("name", sorted(MODELS))
def test_model_trains_one_step_and_returns_configured_size(name):
    docs, labels, W = _data()
    kwargs = {"doc_size": 9, "seed": 1}
    if name == "doc2vec":
        kwargs["epochs"] = 1
    else:
        kwargs.update(word_vectors=W, max_epochs=1, batch_size=16)
        if name != "doc2sent2vec":
            kwargs["max_words"] = 12
        else:
            kwargs.update(sentence_epochs=1, infer_epochs=1)
    model = MODELS[name](**kwargs).fit(docs, labels)
    V = model.transform(docs[:7])
    assert V.shape == (7, 9) and np.isfinite(V).all()
    assert model.epochs_ == 1 and model.train_seconds_ > 0
    assert model.get_params()["doc_size"] == 9


def test_topic_models_need_labels_and_valid_dropout():
    docs, _, W = _data()
    with pytest.raises(ValueError, match="pass y"):
        MODELS["topic_lstm"](W, max_epochs=1).fit(docs)
    with pytest.raises(ValueError, match="dropout"):
        MODELS["autoencoder"](W, dropout=1.0).fit(docs)
    with pytest.raises(ValueError, match="optimizer"):
        MODELS["autoencoder"](W, optimizer="rmsprop", max_epochs=1).fit(docs)


def test_padding_and_cnn_filters():
    np.testing.assert_array_equal(pad_documents([[[5, 6], [7]], [[8]]], 2), [[5, 6], [8, 0]])
    assert filter_counts(100) == (34, 33, 33) and sum(filter_counts(126)) == 126


def test_tsne_keeps_separated_clusters_apart():
    rng = np.random.default_rng(0)
    X = np.concatenate([rng.normal(size=(30, 10)), rng.normal(size=(30, 10)) + 8])
    Y = tsne_map(X, perplexity=10, iterations=300, seed=0)
    d = np.linalg.norm(Y[:, None] - Y[None], axis=2)
    np.fill_diagonal(d, np.inf)
    nearest = d.argmin(axis=1)
    assert np.mean((nearest < 30) == (np.arange(60) < 30)) == 1.0


def test_tsne_map_does_not_depend_on_the_scale_of_the_vectors():
    """Shifting and scaling all vectors alike changes no distance ratio; the map
    must not change either (unscaled GEM vectors once sent a point far away)."""
    rng = np.random.default_rng(1)
    X = rng.normal(size=(60, 12))
    Y = tsne_map(X, perplexity=10, iterations=300, seed=0)
    Y_big = tsne_map(75 * X + 3, perplexity=10, iterations=300, seed=0)
    np.testing.assert_allclose(Y_big, Y, rtol=1e-4, atol=1e-4)
    d = np.linalg.norm(Y - np.median(Y, axis=0), axis=1)
    assert d.max() < 5 * np.median(d)  # no point thrown far from the rest
