"""SIF and uSIF weights against hand computation; stored components; one sentence = its row."""

from __future__ import annotations

import numpy as np
import pytest

from textsim.methods.sif import SIF, USIF, sif_weights, usif_weights
from textsim.vectors.words import WordEmbeddings


def test_sif_weights_by_hand() -> None:
    assert sif_weights([0.001, 0.0, 0.999]) == pytest.approx([0.5, 1.0, 0.001])


def test_usif_weights_by_hand() -> None:
    p = np.array([0.5, 0.3, 0.1, 0.05, 0.05])
    # |V| = 5, n = 11: threshold 1 - 0.8^11 = 0.914...; no word above -> error
    with pytest.raises(ValueError, match="threshold"):
        usif_weights(p)
    # n = 1: threshold 0.2 -> alpha = 2/5, a = 0.6 / (0.4 * 2.5) = 0.6
    assert usif_weights(p, n=1) == pytest.approx(0.6 / (0.3 + p))


def _setup() -> tuple[WordEmbeddings, np.ndarray, list[str]]:
    rng = np.random.default_rng(0)
    words = [f"w{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(50)]
    emb = WordEmbeddings.from_arrays(words, rng.normal(size=(50, 8)), np.ones(50), 10)
    p = rng.random(50)
    p /= p.sum()
    texts = [" ".join(rng.choice(words, int(rng.integers(1, 12)))) for _ in range(60)]
    return emb, p, texts


def test_sif_removes_its_stored_component_and_embeds_single_sentences() -> None:
    emb, p, texts = _setup()
    model = SIF(emb, p).fit(texts)
    out = model.transform(texts)
    assert np.abs(out @ model.components_.T).max() < 1e-5
    # weighted mean by hand for one sentence, then the projection removed
    ids = [emb.index[w] for w in texts[0].split()]
    mean = (sif_weights(p[ids])[:, None] * emb.vectors[ids]).sum(axis=0) / len(ids)
    u = model.components_[0]
    assert out[0] == pytest.approx(mean - (mean @ u) * u, abs=1e-5)
    assert np.array_equal(model.transform([texts[5]])[0], out[5])
    assert not model.transform(["zzz"]).any()  # all-OOV: zero vector


def test_usif_scales_each_component_by_its_variance_share() -> None:
    emb, p, texts = _setup()
    model = USIF(emb, p, n=1, n_components=3).fit(texts)
    assert model.component_weights_.sum() == pytest.approx(1.0)
    assert np.all(np.diff(model.component_weights_) <= 0)
    out = model.transform(texts)
    assert np.array_equal(model.transform([texts[7]])[0], out[7])


@pytest.mark.parametrize("chunk_values", [1 << 22, 40])
def test_weighted_means_of_every_text_equal_the_hand_computation(
    monkeypatch: pytest.MonkeyPatch, chunk_values: int
) -> None:
    """Texts of every length (empty and all-OOV too), in one chunk or many (texts are
    taken in order of length): each row is its own weighted mean."""
    import textsim.methods.sif as sif

    monkeypatch.setattr(sif, "_CHUNK_VALUES", chunk_values)
    emb, p, texts = _setup()
    texts = [*texts, "", "zzz", " ".join(texts)]
    model = SIF(emb, p)
    model._prepare()
    got = model._mean(model._batch(texts))
    for text, row in zip(texts, got, strict=True):
        ids = [emb.index[w] for w in text.split() if w in emb.index]
        mean = (sif_weights(p[ids])[:, None] * emb.vectors[ids]).sum(axis=0) / max(len(ids), 1)
        assert row == pytest.approx(mean, abs=1e-6)


@pytest.mark.parametrize("chunk_values", [1 << 22, 40])
@pytest.mark.parametrize("normalization", ["none", "word", "dimension"])
def test_usif_normalizations_equal_the_hand_computation(
    monkeypatch: pytest.MonkeyPatch, chunk_values: int, normalization: str
) -> None:
    """uSIF's word vectors before weighting: raw, unit words, or what the official code
    does (``v_t * (1.0 / np.linalg.norm(v_t, axis=0))`` on a sentence's word vectors),
    in one chunk or many, a text wider than a chunk too; components removed as usual."""
    import textsim.methods.sif as sif

    monkeypatch.setattr(sif, "_CHUNK_VALUES", chunk_values)
    emb, p, texts = _setup()
    texts = [*texts, "zzz", " ".join(texts[:20])]
    model = USIF(emb, p, n=1, n_components=0, normalization=normalization).fit(texts)
    got = model.transform(texts)
    weights = usif_weights(p, 1)
    for text, row in zip(texts, got, strict=True):
        ids = [emb.index[w] for w in text.split() if w in emb.index]
        v = emb.vectors[ids].astype(np.float64)
        if normalization == "word" and ids:
            v = v / np.linalg.norm(v, axis=1, keepdims=True)
        elif normalization == "dimension" and ids:
            v = v * (1.0 / np.linalg.norm(v, axis=0))
        mean = (weights[ids][:, None] * v).sum(axis=0) / max(len(ids), 1)
        assert row == pytest.approx(mean, abs=1e-5)
    if normalization != "none":  # a different embedding, not a rescaled one
        plain = USIF(emb, p, n=1, n_components=0).fit(texts).transform(texts)[:-2]
        norm = got[:-2]
        cos = (plain * norm).sum(1) / np.linalg.norm(plain, axis=1) / np.linalg.norm(norm, axis=1)
        assert cos.min() < 0.999
    with pytest.raises(ValueError, match="normalization"):
        USIF(emb, p, normalization="columns").fit(texts)
