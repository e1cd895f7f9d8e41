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
    assert "word_vectors" not in model.get_params()  # data, not a parameter


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


def test_a_callers_validation_trains_on_every_document_and_stops_on_its_total():
    """fit(validate=...): no tenth held out; early stopping watches the caller's
    ``total`` (higher is better), and the best epoch's weights are kept."""
    docs, labels, W = _data()
    totals = iter([0.2, 0.5, 0.4, 0.3, 0.9])
    calls = []

    def validate(model):
        calls.append(model.transform(docs[:3]).shape)
        return {"total": next(totals), "topic": 0.0}

    model = MODELS["topic_cnn"](W, doc_size=6, max_words=12, max_epochs=5, patience=2, seed=3)
    model.fit(docs, labels, validate=validate)
    assert model.n_train_ == len(docs)  # every document trains
    assert model.history_["val_total"] == [0.2, 0.5, 0.4, 0.3]  # stopped after 2 worse epochs
    assert model.epochs_ == 4 and model.best_epoch_ == 2 and calls == [(3, 6)] * 4
    held_out = MODELS["topic_cnn"](W, doc_size=6, max_words=12, max_epochs=1, seed=3)
    assert held_out.fit(docs, labels).n_train_ == len(docs) - len(docs) // 10


def test_the_recurrent_autoencoder_reconstructs_the_mean_vector_in_its_mean_reading():
    docs, _, W = _data()
    model = MODELS["rae"](W, doc_size=5, max_words=12, max_epochs=1, reconstruct="mean", seed=0)
    model.fit(docs)
    trained, _ = model._build(0)
    assert trained.output_shape == (None, W.shape[1])  # one vector per document
    V = model.transform(docs)
    assert V.shape == (len(docs), 5) and np.isfinite(V).all()
    with pytest.raises(ValueError, match="reconstruct must be one of"):
        MODELS["rae"](W, max_epochs=1, reconstruct="sum").fit(docs)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_every_model_has_an_untrained_form_that_still_embeds(name):
    """The untrained controls: no epoch (Keras), no Doc2Vec epoch, no sentence-vector
    epoch (Doc2Sent2Vec); the vectors are the seeded initialisation's."""
    docs, labels, W = _data()
    if name == "doc2vec":
        model = MODELS[name](doc_size=4, epochs=0, seed=1)
    else:
        kwargs = {"doc_size": 4, "word_vectors": W, "max_epochs": 0, "seed": 1}
        if name == "doc2sent2vec":
            kwargs.update(sentence_epochs=0, infer_epochs=1)
        else:
            kwargs["max_words"] = 12
        model = MODELS[name](**kwargs)
    V = model.fit(docs, labels).transform(docs)
    assert model.epochs_ == 0 and V.shape == (len(docs), 4) and np.isfinite(V).all()
