"""The random-vector baseline (textsim.schafer.baselines.RandomVectors) and the stage's
baseline models."""

from __future__ import annotations

import numpy as np
import pytest

from textsim.schafer.baselines import BASELINES, RandomVectors


def test_random_vectors_depend_on_the_text_only() -> None:
    texts = ["heart failure trial", "renal cell carcinoma", "heart failure trial"]
    model = RandomVectors(dim=16, seed=3).fit(texts)
    V = model.transform(texts)
    assert V.shape == (3, 16) and V.dtype == np.float32
    np.testing.assert_array_equal(V[0], V[2])  # the same text, the same vector
    assert not np.allclose(V[0], V[1])
    # one text at a time (the API) gives what the whole list gave (the workflow)
    np.testing.assert_array_equal(model.transform(texts[1:2])[0], V[1])
    assert not np.allclose(RandomVectors(dim=16, seed=4).transform(texts[:1]), V[:1])
    # standard normal draws: mean near 0, variance near 1 over many texts
    many = RandomVectors(dim=50).transform([f"document {i}" for i in range(400)])
    assert abs(float(many.mean())) < 0.02 and abs(float(many.var()) - 1) < 0.05
    with pytest.raises(ValueError, match="dim must be at least 1"):
        RandomVectors(dim=0).fit(texts)


def test_the_stage_builds_the_random_baseline_at_the_word_vectors_size() -> None:
    from textsim.stages.schafer.baselines import baseline_model

    class Embeddings:  # the one attribute the random baseline reads
        dim = 12

    assert BASELINES["random"] is None
    model = baseline_model("random", Embeddings(), None, ["a b", "c d"])
    assert isinstance(model, RandomVectors) and model.transform(["a b"]).shape == (1, 12)
    with pytest.raises(ValueError, match="unknown baseline 'median'"):
        baseline_model("median", Embeddings(), None, [])


def test_a_baseline_takes_its_methods_settings() -> None:
    """config methods.sif reaches the Schäfer SIF baseline (rule schafer_baseline passes
    the baseline's method's settings); the stage's own no-cleaning stays."""
    from textsim.stages.schafer.baselines import baseline_model
    from textsim.vectors.words import WordEmbeddings

    rng = np.random.default_rng(0)
    words = ["heart", "failure", "trial", "renal", "cell", "carcinoma"]
    emb = WordEmbeddings.from_arrays(words, rng.normal(size=(6, 20)), np.arange(1, 7), 12)
    prob = np.full(6, 1 / 6)
    train = ["heart failure trial", "renal cell carcinoma", "heart cell"] * 4
    default = baseline_model("sif", emb, prob, train)
    chosen = baseline_model("sif", emb, prob, train, {"a": 1e-4, "cleaning": "paper"})
    assert default.a == 1e-3 and chosen.a == 1e-4 and chosen.cleaning == "none"
    assert not np.allclose(default.transform(["heart trial"]), chosen.transform(["heart trial"]))
