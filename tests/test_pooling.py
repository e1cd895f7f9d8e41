from __future__ import annotations

import numpy as np
import pytest
from sklearn.exceptions import NotFittedError

from textsim.methods.pooling import (
    PoolingEmbedding,
    PoolSpec,
    TfidfEmbedding,
    pool_batch,
    sort_by_rank,
    top_fraction_count,
)
from textsim.vectors.words import WordEmbeddings


def test_encode_drops_oov_and_pads(toy_embeddings: WordEmbeddings) -> None:
    batch = toy_embeddings.encode(["the cat zzz", "", ["mat"]])
    assert batch.lengths.tolist() == [2, 0, 1]
    assert batch.ids[0].tolist() == [0, 1]
    assert batch.ids[1].tolist() == [4, 4]  # all padding
    assert batch.mask.sum() == 3


def test_rank_sorts_by_df_then_word(toy_embeddings: WordEmbeddings) -> None:
    # df: the 90, cat 5, sat 20, mat 5 -> cat, mat, sat, the
    assert toy_embeddings.rank().tolist() == [3, 0, 2, 1]
    batch = sort_by_rank(toy_embeddings.encode(["the sat mat cat"]), toy_embeddings.rank())
    assert [toy_embeddings.words[i] for i in batch.ids[0]] == ["cat", "mat", "sat", "the"]


def test_mean_max_min_minmax_by_hand(toy_embeddings: WordEmbeddings) -> None:
    texts = ["the cat sat"]  # vectors (1,0), (0,2), (3,-1)
    mean = PoolingEmbedding(toy_embeddings, "mean").fit().transform(texts)
    assert mean[0] == pytest.approx([4 / 3, 1 / 3])
    mx = PoolingEmbedding(toy_embeddings, "max").fit().transform(texts)
    assert mx[0] == pytest.approx([3, 2])
    mn = PoolingEmbedding(toy_embeddings, "min").fit().transform(texts)
    assert mn[0] == pytest.approx([0, -1])
    mm = PoolingEmbedding(toy_embeddings, "minmax").fit().transform(texts)
    assert mm[0] == pytest.approx([0, -1, 3, 2])


def test_idf_weighted_mean_by_hand(toy_embeddings: WordEmbeddings) -> None:
    idf = np.log(99 / (1 + np.array([90, 5, 20])))
    vecs = np.array([[1, 0], [0, 2], [3, -1]])
    expected = (idf[:, None] * vecs).sum(axis=0) / 3
    out = PoolingEmbedding(toy_embeddings, "mean", weighting="idf").fit().transform(["the cat sat"])
    assert out[0] == pytest.approx(expected, rel=1e-6)


def test_top_fraction_keeps_rarest_words(toy_embeddings: WordEmbeddings) -> None:
    assert top_fraction_count([10, 20, 30, 1, 0], 0.3).tolist() == [3, 6, 9, 1, 0]
    # "the sat mat cat": top 50% = 2 rarest = cat (0,2), mat (-1,1)
    out = (
        PoolingEmbedding(toy_embeddings, "mean", top_fraction=0.5)
        .fit()
        .transform(["the sat mat cat"])
    )
    assert out[0] == pytest.approx([-0.5, 1.5])
    out = (
        PoolingEmbedding(toy_embeddings, "max", top_fraction=0.5)
        .fit()
        .transform(["the sat mat cat"])
    )
    assert out[0] == pytest.approx([0, 2])


def test_empty_text_embeds_as_zero(toy_embeddings: WordEmbeddings) -> None:
    for pooling in ("mean", "max", "min", "minmax"):
        out = PoolingEmbedding(toy_embeddings, pooling).fit().transform(["zzz", "cat"])  # type: ignore[arg-type]
        assert np.all(out[0] == 0) and np.all(np.isfinite(out))


def test_normalize_makes_unit_vectors() -> None:
    emb = WordEmbeddings.from_arrays(
        ["a", "b"], [[3.0, 4.0], [0.0, 0.0]], [1, 1], 2, normalize=True
    )
    assert np.linalg.norm(emb.vectors[0]) == pytest.approx(1.0)
    assert np.all(emb.vectors[1] == 0)


def test_tfidf_counts_times_idf(toy_embeddings: WordEmbeddings) -> None:
    mat = TfidfEmbedding(toy_embeddings).fit().transform(["cat cat the", "sat"])
    idf = np.log(99 / (1 + np.array([90, 5, 20, 5])))
    dense = mat.toarray()
    assert dense[0] == pytest.approx([idf[0], 2 * idf[1], 0, 0])
    assert dense[1] == pytest.approx([0, 0, idf[2], 0])


def test_estimator_api(toy_embeddings: WordEmbeddings) -> None:
    est = PoolingEmbedding(toy_embeddings, "max")
    with pytest.raises(NotFittedError, match="not fitted"):
        est.transform(["cat"])
    assert est.get_params()["pooling"] == "max"
    assert est.set_params(pooling="min") is est and est.pooling == "min"
    with pytest.raises(ValueError, match=r"Invalid parameter .colour."):
        est.set_params(colour="red")


def test_the_word_vectors_are_data_not_parameters(toy_embeddings: WordEmbeddings) -> None:
    """scikit-learn's base: get_params and repr hold the settings only, set_params
    refuses the data, clone hands the copy the same vectors (an unfitted estimator that
    fits to the same rows)."""
    from sklearn.base import BaseEstimator, clone

    est = PoolingEmbedding(toy_embeddings, "max").fit()
    assert isinstance(est, BaseEstimator)
    assert "embeddings" not in est.get_params() and repr(est) == "PoolingEmbedding(pooling='max')"
    with pytest.raises(ValueError, match=r"Invalid parameter .embeddings."):
        est.set_params(embeddings=toy_embeddings)
    copy = clone(est)
    assert copy.embeddings is toy_embeddings and not hasattr(copy, "embeddings_")
    np.testing.assert_array_equal(copy.fit().transform(["cat dog"]), est.transform(["cat dog"]))
    with pytest.raises(ValueError, match=r"pooling='median' is not allowed"):
        PoolingEmbedding(toy_embeddings, "median").fit()  # type: ignore[arg-type]
    # batch transform equals single-text transform
    fitted = PoolingEmbedding(toy_embeddings, "mean", top_fraction=0.5).fit()
    batch = fitted.transform(["the cat", "sat mat cat"])
    assert batch[1] == pytest.approx(fitted.transform(["sat mat cat"])[0])


def test_chunking_and_batching_do_not_change_results(toy_embeddings: WordEmbeddings) -> None:
    rng = np.random.default_rng(0)
    texts = [" ".join(rng.choice(toy_embeddings.words, size=rng.integers(0, 6))) for _ in range(50)]
    est = PoolingEmbedding(toy_embeddings, "minmax", top_fraction=0.5).fit()
    batch = toy_embeddings.encode(texts)
    specs = [
        PoolSpec("minmax", "none", True),
        PoolSpec("mean", "idf", False),
        PoolSpec("max", "none", False),
    ]
    kwargs = {"idf": est.idf_, "rank": est.rank_, "top_fraction": 0.5}
    a = pool_batch(batch, est.table_, specs, chunk_rows=7, **kwargs)  # type: ignore[arg-type]
    b = pool_batch(batch, est.table_, specs, chunk_rows=1000, **kwargs)  # type: ignore[arg-type]
    for spec in specs:
        assert np.array_equal(a[spec], b[spec])
    assert np.array_equal(a[specs[0]], est.transform(texts))
    singles = np.vstack([est.transform([t]) for t in texts])
    assert np.array_equal(singles, a[specs[0]])


def _pad_numpy(raw_len: np.ndarray, ids: np.ndarray, pad: int, max_length: int | None) -> tuple:
    """The NumPy form that pad_ids replaced (repeat, bincount, 2-D scatter)."""
    n = raw_len.size
    kept = ids >= 0
    row = np.repeat(np.arange(n), raw_len)[kept]
    ids = ids[kept]
    lengths = np.bincount(row, minlength=n)
    col = np.arange(ids.size) - np.concatenate([[0], np.cumsum(lengths)[:-1]])[row]
    width = int(lengths.max(initial=0)) if max_length is None else max_length
    out = np.full((n, max(width, 1)), pad, dtype=np.int32)
    fit = col < width
    out[row[fit], col[fit]] = ids[fit]
    return out, np.minimum(lengths, width).astype(np.int32)


@pytest.mark.parametrize("max_length", [None, 0, 3, 50])
def test_compiled_padding_equals_the_numpy_form(max_length: int | None) -> None:
    from textsim.vectors.kernels import pad_ids

    rng = np.random.default_rng(4)
    raw_len = rng.integers(0, 12, size=300)
    raw_len[:3] = 0  # empty texts first
    ids = rng.integers(-1, 40, size=int(raw_len.sum()))  # -1: out of vocabulary
    ids[: raw_len[3]] = -1  # a text with no known word
    got = pad_ids(raw_len, ids, 40, max_length)
    want = _pad_numpy(raw_len, ids, 40, max_length)
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(g, w)
    with pytest.raises(ValueError, match="token ids for"):
        pad_ids(raw_len, ids[:-1], 40)


@pytest.mark.parametrize("length", [5, 31, 32, 33, 90])  # insertion sort, then merge sort
def test_compiled_rank_sort_equals_a_stable_argsort(length: int) -> None:
    from textsim.vectors.kernels import sort_rows_by_rank
    from textsim.vectors.words import TokenBatch

    rng = np.random.default_rng(length)
    vocab = 25  # few words: many equal ranks, so stability matters
    rank = rng.permutation(vocab).astype(np.int64) // 2  # pairs of words share a rank
    lengths = rng.integers(0, length + 1, size=200).astype(np.int32)
    ids = np.full((200, length), vocab, dtype=np.int32)
    for i, n in enumerate(lengths):
        ids[i, :n] = rng.integers(0, vocab, size=n)
    key = np.where(ids != vocab, rank[np.minimum(ids, vocab - 1)], np.iinfo(np.int64).max)
    want = np.take_along_axis(ids, np.argsort(key, axis=1, kind="stable"), axis=1)
    np.testing.assert_array_equal(sort_rows_by_rank(ids, lengths, rank), want)
    batch = sort_by_rank(TokenBatch(ids, lengths, vocab), rank)
    np.testing.assert_array_equal(batch.ids, want)


def test_compiled_gather_equals_numpy_indexing() -> None:
    from textsim.vectors.kernels import gather_rows

    rng = np.random.default_rng(2)
    table = rng.normal(size=(30, 7)).astype(np.float32)
    ids = rng.integers(0, 30, size=(11, 5)).astype(np.int32)
    scale = np.sqrt(rng.integers(0, 4, size=ids.shape).astype(np.float64))
    want = table[ids].astype(np.float64)
    np.testing.assert_array_equal(gather_rows(table, ids), want)
    np.testing.assert_array_equal(gather_rows(table, ids, scale), want * scale[:, :, None])
    with pytest.raises(IndexError, match="outside the table of 30 rows"):
        gather_rows(table, ids + 1)
    with pytest.raises(ValueError, match="does not match"):
        gather_rows(table, ids, scale[:, :3])


def test_encode_splits_ascii_and_unicode_white_space_as_str_split(
    toy_embeddings: WordEmbeddings,
) -> None:
    """ASCII-only texts take Arrow's ASCII split, others its Unicode one: both give the
    tokens of str.split (tabs, newlines, runs of spaces, no-break and em spaces)."""
    ascii_texts = ["the\tcat\nsat  mat", " the  ", "cat\r\nmat\x0bthe\x0csat"]
    unicode_texts = ["the\u00a0cat", "sat\u2003mat the", "mat\tcat"]
    for texts in (ascii_texts, unicode_texts, ascii_texts + unicode_texts):
        got = toy_embeddings.encode(texts)
        want = toy_embeddings.encode([t.split() for t in texts])  # token lists: no splitting
        np.testing.assert_array_equal(got.ids, want.ids)
        np.testing.assert_array_equal(got.lengths, want.lengths)
