"""The learned-weights estimator (textsim.methods.learned.model: fit, weight files, transfer to
other vectors) and the κ search built on it (textsim.deboom.kappa)."""

from __future__ import annotations

import numpy as np
import pytest


def test_weighted_embedding_fit_save_load(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from textsim.methods.learned.model import WeightedEmbedding
    from textsim.vectors.words import WordEmbeddings

    rng = np.random.default_rng(0)
    words = [f"w{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(30)]
    emb = WordEmbeddings.from_arrays(
        words, rng.normal(size=(30, 4)), rng.integers(1, 100, 30), 1000
    )
    a = [" ".join(rng.choice(words, 5)) for _ in range(200)]
    b = [" ".join(rng.choice(words, 5)) for _ in range(200)]
    related = np.arange(200) % 2 == 0
    model = WeightedEmbedding(emb, n_max=5, procedure="contrastive", random_state=1)
    model.fit((a, b), related)
    assert model.weights_.shape == (5,) and len(model.history_) >= 1
    vectors = model.transform(a[:3])
    assert vectors.shape == (3, 4)
    model.save_weights(tmp_path / "w.json", note="test")
    back = WeightedEmbedding.load(tmp_path / "w.json", emb)
    assert np.array_equal(back.transform(a[:3]), vectors)
    assert np.allclose(back.transform([a[2]]), vectors[2:3])  # one text = its row in a batch
    other = WordEmbeddings.from_arrays(
        words, rng.normal(size=(30, 7)), rng.integers(1, 100, 30), 1000
    )
    transfer = WeightedEmbedding.load(tmp_path / "w.json", other, check_dim=False)
    assert transfer.transform(a[:1]).shape == (1, 7)
    with pytest.raises(ValueError, match="trained on 4-d vectors, these are 7-d"):
        WeightedEmbedding.load(tmp_path / "w.json", other)  # refused by default
    (tmp_path / "bad.json").write_text('{"format": "other"}')
    with pytest.raises(ValueError, match="not a textsim weight file"):
        WeightedEmbedding.load(tmp_path / "bad.json", emb)


def test_weighted_embedding_epochs_rule_trains_the_given_epochs(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from textsim.methods.learned.model import WeightedEmbedding
    from textsim.vectors.words import WordEmbeddings

    rng = np.random.default_rng(2)
    words = [f"w{i:02d}" for i in range(20)]
    emb = WordEmbeddings.from_arrays(words, rng.normal(size=(20, 3)), np.arange(1, 21), 100)
    a = [" ".join(rng.choice(words, 4)) for _ in range(100)]
    b = [" ".join(rng.choice(words, 4)) for _ in range(100)]
    related = np.arange(100) % 2 == 0
    model = WeightedEmbedding(emb, n_max=4, stopping="epochs", n_epochs=3).fit((a, b), related)
    assert len(model.history_) == 3
    model.save_weights(tmp_path / "w.json")
    back = WeightedEmbedding.load(tmp_path / "w.json", emb)
    assert (back.stopping, back.n_epochs) == ("epochs", 3)
    with pytest.raises(ValueError, match="stopping"):
        WeightedEmbedding(emb, stopping="never").fit((a, b), related)  # type: ignore[arg-type]


def test_kappa_grid_search_records_every_fold_and_picks_the_lowest_mean_error() -> None:
    from textsim.deboom.kappa import KappaSearch, select_kappa
    from textsim.vectors.words import WordEmbeddings

    rng = np.random.default_rng(3)
    words = [f"w{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(40)]
    emb = WordEmbeddings.from_arrays(words, rng.normal(size=(40, 5)), np.arange(1, 41), 100)
    # related couples share their rarest word
    a, b = [], []
    for i in range(300):
        rare = words[rng.integers(0, 8)]
        ta = [rare, *rng.choice(words[8:], 4)]
        tb = [rare if i % 2 == 0 else words[rng.integers(0, 8)], *rng.choice(words[8:], 4)]
        a.append(" ".join(ta))
        b.append(" ".join(tb))
    related = np.arange(300) % 2 == 0
    kappa, records = select_kappa(
        emb,
        (a, b),
        related,
        KappaSearch.of({"n_max": 5, "grid": [0.5, 20.0], "folds": 3, "seed": 1}),
    )
    assert len(records) == 6 and {r["fold"] for r in records} == {0, 1, 2}
    means = {k: np.mean([r["error"] for r in records if r["kappa"] == k]) for k in (0.5, 20.0)}
    assert kappa == min(means, key=lambda k: (means[k], k))
    assert all(0.0 <= r["error"] <= 0.5 for r in records)
    with pytest.raises(ValueError, match="too few"):
        select_kappa(emb, (a[:4], b[:4]), related[:4], KappaSearch(n_max=5, grid=(1.0,), folds=3))
    with pytest.raises(ValueError, match=r"unknown setting\(s\) \['fold'\]"):
        KappaSearch.of({"n_max": 5, "grid": [1.0], "fold": 3})
