from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from textsim.bench.scoring import reference_scores, synthetic_couples
from textsim.deboom.baselines import BASELINES, get_methods
from textsim.deboom.scoring import evaluate_scores, score_couples


def test_vectorised_scores_equal_per_couple_reference() -> None:
    emb, couples = synthetic_couples(300, length=20, vocab_size=500, dim=16, seed=3)
    # a few ragged texts: OOV words, an empty text, a one-word text
    couples.loc[0, "text1"] = "zzz unknown"
    couples.loc[1, "text2"] = "w3"
    couples.loc[2, "text1"] = couples.loc[2, "text1"] + " oov w7 w7"
    methods = list(BASELINES.values())
    fast = score_couples(couples, emb, methods, splits=("test",))
    ref = reference_scores(couples, emb, methods)
    for m in methods:
        assert fast[m.name].to_numpy() == pytest.approx(ref[m.name].to_numpy(), abs=1e-5), m.name
    assert np.all(fast.loc[0, [m.name for m in methods if m.metric == "cosine"]] == 0.0)
    # blocks scored by threads in parallel (the compiled kernel releases the GIL): the
    # same numbers, bit for bit
    threaded = score_couples(couples, emb, methods, splits=("test",), block=37, n_jobs=2)
    pd.testing.assert_frame_equal(threaded, fast)


def test_evaluate_scores_needs_both_splits() -> None:
    scores = pd.DataFrame({"split": ["test", "test"], "related": [True, False], "mean": [0.9, 0.1]})
    with pytest.raises(ValueError, match="validation and test"):
        evaluate_scores(scores, ["mean"])
    with pytest.raises(ValueError, match="unknown method"):
        get_methods(["median"])


def test_evaluate_scores_separable() -> None:
    rng = np.random.default_rng(0)
    n = 400
    related = rng.random(n) < 0.5
    sim = np.where(related, rng.uniform(0.6, 1.0, n), rng.uniform(0.0, 0.4, n))
    split = np.where(np.arange(n) < n // 2, "validation", "test")
    out = evaluate_scores(pd.DataFrame({"split": split, "related": related, "m": sim}), ["m"])
    assert out.loc[0, "test_error"] == 0.0
    assert out.loc[0, "js_robust"] == pytest.approx(1.0)


def test_empty_oov_and_one_word_texts_flow_through_every_method_and_are_counted() -> None:
    emb, couples = synthetic_couples(200, length=20, vocab_size=500, dim=16, seed=5)
    couples["split"] = np.where(np.arange(len(couples)) % 2 == 0, "validation", "test")
    test_rows = np.flatnonzero(couples["split"] == "test")
    couples.loc[test_rows[0], "text1"] = ""  # empty
    couples.loc[test_rows[1], "text2"] = "zzz qqq"  # all out of vocabulary
    couples.loc[test_rows[2], "text1"] = "w3"  # one word
    methods = list(BASELINES.values())
    scores = score_couples(couples, emb, methods)
    names = [m.name for m in methods]
    assert np.isfinite(scores[names].to_numpy()).all()
    metrics = evaluate_scores(scores, names)
    assert (metrics["n_test_empty"] == 2).all() and (metrics["n_test_one_word"] == 1).all()
    # an empty text is the zero vector: cosine similarity 0, Euclidean 1 - |other|
    row = scores.iloc[np.flatnonzero(scores["words1"] == 0)[0]]
    assert row["mean"] == 0.0 and row["tfidf"] == 0.0


def test_compiled_tfidf_cosine_equals_the_sparse_estimator() -> None:
    """The kernel's tf-idf cosine (a merge of rank-sorted words) equals the sparse
    TfidfEmbedding and sparse_cosine_similarity, repeated words and empty texts included."""
    from textsim.deboom.fused import tfidf_cosine
    from textsim.measures.distances import sparse_cosine_similarity
    from textsim.methods.pooling import TfidfEmbedding, sort_by_rank

    emb, couples = synthetic_couples(400, length=12, vocab_size=60, dim=4, seed=9)
    couples.loc[0, "text1"] = ""
    couples.loc[1, "text2"] = "w1 w1 w1"
    a, b = emb.encode(couples["text1"]), emb.encode(couples["text2"])
    model = TfidfEmbedding(emb).fit()
    expected = sparse_cosine_similarity(model.transform(a), model.transform(b))
    rank = emb.rank()
    sa, sb = sort_by_rank(a, rank), sort_by_rank(b, rank)
    got = tfidf_cosine(sa.ids, sa.lengths, sb.ids, sb.lengths, rank, emb.idf())
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)
    assert got[0] == 0.0


def test_the_authors_token_norm_counts_a_repeated_word_once_per_occurrence() -> None:
    """tfidf_norm tokens (the authors' metrics.py): numerator over shared word types,
    each norm summed over tokens, so 'a a b' has norm² 2·(2·idf_a)² + idf_b²; a text
    without repeats scores as the cosine; the option reaches score_couples."""
    from textsim.bench.scoring import synthetic_couples
    from textsim.deboom.fused import tfidf_cosine
    from textsim.methods.pooling import sort_by_rank

    emb, couples = synthetic_couples(3, length=4, vocab_size=20, dim=4, seed=1)
    couples["text1"] = ["w2 w2 w3", "w2 w3", ""]
    couples["text2"] = ["w2 w4", "w2 w4", "w2"]
    idf = emb.idf()
    rank = emb.rank()
    a, b = (sort_by_rank(emb.encode(couples[c]), rank) for c in ("text1", "text2"))
    got = tfidf_cosine(a.ids, a.lengths, b.ids, b.lengths, rank, idf, norm="tokens")
    i2, i3, i4 = (emb.index[w] for w in ("w2", "w3", "w4"))
    den_b = np.sqrt(idf[i2] ** 2 + idf[i4] ** 2)
    by_hand = 2 * idf[i2] ** 2 / (np.sqrt(2 * (2 * idf[i2]) ** 2 + idf[i3] ** 2) * den_b)
    assert got[0] == pytest.approx(by_hand, rel=1e-12)
    cosine = tfidf_cosine(a.ids, a.lengths, b.ids, b.lengths, rank, idf)
    assert got[1] == pytest.approx(cosine[1], rel=1e-12) and got[0] < cosine[0]
    assert got[2] == 0.0
    tfidf = [m for m in BASELINES.values() if m.representation == "tfidf"]
    scored = score_couples(couples, emb, tfidf, splits=("test",), tfidf_norm="tokens")
    np.testing.assert_allclose(scored[tfidf[0].name].to_numpy(), got)
    with pytest.raises(ValueError, match="tf-idf norm must be one of"):
        tfidf_cosine(a.ids, a.lengths, b.ids, b.lengths, rank, idf, norm="words")


@pytest.mark.parametrize("length", [9, 23])  # 23: several four-word passes each side of top
def test_fused_kernel_equals_the_numpy_path_for_every_spec_and_metric(length: int) -> None:
    """Every pooling, weighting and top combination (the weighted extrema included,
    which no published method uses) under every metric, against pool_batch and
    paired_similarities; empty and one-word texts among them."""
    import itertools

    from textsim.deboom.fused import score_pooled
    from textsim.measures.distances import METRICS, paired_similarities
    from textsim.methods.pooling import PoolSpec, pool_batch, sort_by_rank

    emb, couples = synthetic_couples(120, length=length, vocab_size=300, dim=12, seed=7)
    couples.loc[0, "text1"] = ""
    couples.loc[1, "text2"] = "w5"
    a, b = emb.encode(couples["text1"]), emb.encode(couples["text2"])
    rank = emb.rank()
    a, b = sort_by_rank(a, rank), sort_by_rank(b, rank)
    idf = emb.idf("paper").astype(np.float32)
    specs = [
        PoolSpec(p, w, t)  # type: ignore[arg-type]
        for p, w, t in itertools.product(
            ("mean", "max", "min", "minmax"), ("none", "idf"), (False, True)
        )
    ]
    columns = [(k, m) for k in range(len(specs)) for m in METRICS]
    fast = score_pooled(a.ids, a.lengths, b.ids, b.lengths, emb.vectors, idf, specs, columns)
    table = emb.padded_table()
    pidf = np.append(idf, np.float32(0))
    kw = {"idf": pidf, "rank": rank, "top_fraction": 0.3}
    ra, rb = pool_batch(a, table, specs, **kw), pool_batch(b, table, specs, **kw)
    for c, (k, metric) in enumerate(columns):
        ref = paired_similarities(ra[specs[k]], rb[specs[k]], [metric])[metric]
        assert fast[:, c] == pytest.approx(ref, abs=1e-5), (specs[k], metric)
