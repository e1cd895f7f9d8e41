"""GEM on tiny hand-made inputs, against the per-word reference, and its estimator API."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.exceptions import NotFittedError

from textsim.methods.gem.model import GEM
from textsim.methods.gem.reference import gem_reference
from textsim.methods.gem.windows import _window_projections
from textsim.vectors.words import WordEmbeddings


def _emb(seed: int = 0, vocab: int = 60, dim: int = 12) -> WordEmbeddings:
    rng = np.random.default_rng(seed)
    words = [f"w{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(vocab)]
    return WordEmbeddings.from_arrays(words, rng.normal(size=(vocab, dim)), np.ones(vocab), 10)


def _sentences(emb: WordEmbeddings, n: int = 80, seed: int = 1) -> list[str]:
    rng = np.random.default_rng(seed)
    return [" ".join(rng.choice(emb.words, int(rng.integers(2, 20)))) for _ in range(n)]


def _matrix(emb: WordEmbeddings, text: str) -> np.ndarray:
    ids = [emb.index[w] for w in text.split() if w in emb.index]
    return emb.vectors[ids].T.astype(np.float64)


def _residual(context: list[np.ndarray], word: np.ndarray) -> tuple[np.ndarray, float]:
    """r and qᵀD (D = identity, so qᵀD = q) of one window via _window_projections."""
    cols = [*context, word]
    words = np.stack(cols)[None]  # one sentence: the context words, then the word
    ctx = np.array([list(range(len(context)))], dtype=np.int64).reshape(1, len(context))
    gram = words @ np.transpose(words, (0, 2, 1))
    r, qd = _window_projections(
        gram, words @ np.eye(3), np.array([0]), np.array([len(context)]), ctx
    )
    return qd[0], float(r[0])


def test_window_residual_last_gram_schmidt_column_and_nonnegative_r() -> None:
    a, b = np.array([1.0, 0.0, 0.0]), np.array([1.0, 2.0, 0.0])
    q, r = _residual([a], b)  # context a, then the word b
    assert q == pytest.approx([0.0, 1.0, 0.0]) and r == pytest.approx(2.0)
    # the word's sign does not change r's sign: R[-1, -1] >= 0
    q, r = _residual([a], -b)
    assert q == pytest.approx([0.0, -1.0, 0.0]) and r == pytest.approx(2.0)
    # a word equal to a context word: residual below tolerance, zeroed
    q, r = _residual([a, b, b], b)
    assert r == 0.0 and not q.any()
    # no context (one-word sentence): q = w / |w|, r = |w|
    q, r = _residual([], b)
    assert q == pytest.approx(b / np.sqrt(5)) and r == pytest.approx(np.sqrt(5))


def test_one_word_sentence_by_hand() -> None:
    emb = _emb()
    model = GEM(emb, n_components=6, n_sentence_components=3).fit(_sentences(emb))
    w = emb.vectors[emb.index[emb.words[5]]].astype(np.float64)
    dirs, lam = model.directions_, model.singular_values_
    corr = lam * np.abs(w @ dirs)
    top = np.argsort(-corr, kind="stable")[:3]
    q = w / np.linalg.norm(w)
    alpha = np.e + np.linalg.norm(w) + np.exp(-np.linalg.norm(lam[top] * (q @ dirs[:, top])) / 3)
    c = alpha * w
    c -= dirs[:, top] @ (dirs[:, top].T @ c)
    assert model.transform([emb.words[5]])[0] == pytest.approx(c, rel=1e-5, abs=1e-5)


def test_repeated_word_shorter_than_window_and_empty_sentences() -> None:
    emb = _emb()
    model = GEM(emb, window=7, n_components=6, n_sentence_components=3)
    w = emb.words
    texts = [*_sentences(emb), f"{w[3]} {w[3]} {w[3]}", f"{w[1]} {w[2]}", "zzz qqq", ""]
    fast = model.fit_transform(texts)
    ref = gem_reference([_matrix(emb, t) for t in texts], n_components=6, n_sentence_components=3)
    assert fast == pytest.approx(ref, rel=1e-4, abs=1e-4)
    assert np.isfinite(fast).all()
    assert not fast[-1].any() and not fast[-2].any()  # empty after OOV removal: zero vector
    assert fast[-4].any()  # repeated word: r = 0 for the repeats, still a defined vector


def test_vectorised_equals_reference_and_one_sentence_equals_its_batch_row() -> None:
    emb = _emb(3, vocab=200, dim=20)
    texts = _sentences(emb, n=150, seed=4)
    model = GEM(emb, window=3, n_components=10, n_sentence_components=4, batch_words=97)
    fast = model.fit_transform(texts)
    ref = gem_reference(
        [_matrix(emb, t) for t in texts], window=3, n_components=10, n_sentence_components=4
    )
    assert fast == pytest.approx(ref, rel=1e-4, abs=1e-4)
    for i in (0, 17, 149):
        assert np.array_equal(model.transform([texts[i]])[0], fast[i])
    # inductive use: fitted once, new sentences embedded with the stored directions
    other = GEM(emb, window=3, n_components=10, n_sentence_components=4).fit(texts[:100])
    ref_new = gem_reference(
        [_matrix(emb, t) for t in texts[100:]],
        window=3,
        n_components=10,
        n_sentence_components=4,
        fit_sentences=[_matrix(emb, t) for t in texts[:100]],
    )
    assert other.transform(texts[100:]) == pytest.approx(ref_new, rel=1e-4, abs=1e-4)


def test_fit_on_only_empty_sentences_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="every sentence is empty"):
        GEM(_emb(), n_components=4, n_sentence_components=2).fit(["zzz", ""])
    with pytest.raises(NotFittedError, match="not fitted"):
        GEM(_emb()).transform(["w1"])


def test_ngram_average_by_hand() -> None:
    from textsim.methods.gem.model import ngram_average

    words = np.zeros((2, 3, 1))
    words[0, :, 0] = [1.0, 2.0, 4.0]
    words[1, :2, 0] = [3.0, 5.0]  # length 2, one padding row
    out = ngram_average(words, [3, 2], 2)[:, :, 0]
    # bigrams: (1+2)/2, (2+4)/2, then 4 alone (the slides' NULL is not counted)
    assert out[0] == pytest.approx([1.5, 3.0, 4.0])
    assert out[1] == pytest.approx([4.0, 5.0, 0.0])
    assert ngram_average(words, [3, 2], 1) is words
    with pytest.raises(ValueError, match="n-gram"):
        ngram_average(words, [3, 2], 0)


def test_vector_sequences_and_ngrams_match_the_word_path() -> None:
    from textsim.methods.gem.model import ngram_average

    emb = _emb()
    texts = _sentences(emb, 40)
    seqs = [_matrix(emb, t).T for t in texts]
    words = GEM(emb, n_components=8, n_sentence_components=4).fit(texts).transform(texts)
    vecs = GEM(n_components=8, n_sentence_components=4).fit_vectors(seqs).transform_vectors(seqs)
    assert vecs == pytest.approx(words, abs=1e-4)
    # the n-gram variant is GEM on the n-gram averaged vector sequences
    tri = GEM(emb, n_components=8, n_sentence_components=4, ngram=3).fit_transform(texts)
    avg = [ngram_average(s[None], [len(s)], 3)[0] for s in seqs]
    ref = GEM(n_components=8, n_sentence_components=4).fit_vectors(avg).transform_vectors(avg)
    assert tri == pytest.approx(ref, abs=1e-4)
    assert not np.allclose(tri, words, atol=1e-2)
    with pytest.raises(NotFittedError, match="not fitted"):
        GEM().transform_vectors(seqs)


@pytest.mark.parametrize(
    ("dim", "vocab", "ngram", "longest"),
    [(40, 25, 1, 40), (40, 400, 1, 40), (8, 30, 1, 40), (40, 25, 3, 40), (16, 400, 1, 90)],
    ids=["repeats", "distinct", "windows-wider-than-dim", "ngrams", "sentences-longer-than-dim"],
)
def test_every_window_route_equals_the_reference_to_1e6(
    dim: int, vocab: int, ngram: int, longest: int
) -> None:
    """Default window (7 each side) on sentences up to ``longest`` words: words repeated
    in their window, repeated context words, windows of more vectors than dimensions
    (the pseudo-inverse route), the n-gram variant and sentences longer than the
    dimension (coarse vectors from the d × d matrix), all to 1e-6 of the per-word
    reference."""
    from textsim.methods.gem.model import ngram_average

    emb = _emb(5, vocab=vocab, dim=dim)
    rng = np.random.default_rng(6)
    texts = [" ".join(rng.choice(emb.words, int(rng.integers(1, longest + 1)))) for _ in range(120)]
    fast = GEM(emb, ngram=ngram, n_components=8, n_sentence_components=5).fit_transform(texts)

    def mats(t: str) -> np.ndarray:
        m = _matrix(emb, t)
        return ngram_average(m.T[None], [m.shape[1]], ngram)[0].T

    ref = gem_reference([mats(t) for t in texts], n_components=8, n_sentence_components=5)
    scale = np.abs(ref).max()
    assert np.abs(fast - ref).max() <= 1e-6 * scale


def test_fit_transform_equals_fit_then_transform_bitwise() -> None:
    emb = _emb(3, vocab=200, dim=20)
    texts = [*_sentences(emb, n=300, seed=4), "", "zzz"]  # empty and all-OOV texts too
    kwargs = {"window": 3, "n_components": 10, "n_sentence_components": 4, "batch_words": 97}
    once = GEM(emb, **kwargs).fit_transform(texts)
    assert np.array_equal(once, GEM(emb, **kwargs).fit(texts).transform(texts))
    assert not once[-2:].any()


def test_repeated_positions_are_found_within_the_band() -> None:
    from textsim.methods.gem.windows import _duplicates_in_band

    rng = np.random.default_rng(2)
    base = rng.normal(size=(6, 5))
    words = base[rng.integers(0, 6, size=(3, 30))]  # (3, 30, 5): many repeats
    words[1, 20:] = 0.0  # padding
    valid = np.ones((3, 30), bool)
    valid[1, 20:] = False
    gs = words @ np.transpose(words, (0, 2, 1))
    out = np.zeros((3, 30, 30), bool)
    _duplicates_in_band(gs, valid, 4, out)
    same = (np.abs(words[:, :, None, :] - words[:, None, :, :]).max(axis=3) == 0) & (
        valid[:, :, None] & valid[:, None, :]
    )
    j, k = np.meshgrid(np.arange(30), np.arange(30), indexing="ij")
    band = (k > j) & (k - j <= 4)
    assert out.any()
    np.testing.assert_array_equal(out, same & band[None])


@pytest.mark.parametrize("n", [20, 64, 65, 150])
def test_band_gram_equals_the_full_gram_within_the_band(n: int) -> None:
    """Sentences long enough for the blocked route (n > 2 · 32) and shorter ones: every
    entry at most ``reach`` apart equals the full Gram matrix's; nothing outside."""
    from textsim.methods.gem.windows import _band_gram

    rng = np.random.default_rng(n)
    words = rng.normal(size=(3, n, 24))
    full = words @ np.transpose(words, (0, 2, 1))
    out = np.full((3, n, n), np.nan)
    _band_gram(words, 14, out)
    i, j = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    band = np.abs(i - j) <= 14
    assert np.allclose(out[:, band], full[:, band], rtol=1e-13, atol=1e-12)


def test_distinct_words_give_the_coarse_vectors_of_the_whole_texts() -> None:
    """The fit's eigenproblems run over each text's distinct words scaled by √count:
    the same coarse vectors (and so directions) as the texts' full word matrices, for
    texts that repeat words a lot, longer than the dimension too, and OOV-only text."""
    from textsim.methods.gem.coarse import coarse_padded, coarse_vectors, distinct_words

    emb = _emb(5, vocab=30, dim=12)
    rng = np.random.default_rng(6)
    texts = [" ".join(rng.choice(emb.words[:9], int(rng.integers(1, 40)))) for _ in range(60)]
    texts += ["zzz", emb.words[3]]
    batch = emb.encode(texts)
    distinct, counts = distinct_words(batch)
    for i in range(len(texts)):
        ids = batch.ids[i, : batch.lengths[i]]
        words, n = np.unique(ids, return_counts=True)
        assert list(distinct.ids[i, : distinct.lengths[i]]) == list(words)
        assert list(counts[i, : distinct.lengths[i]]) == list(n)
        assert not counts[i, distinct.lengths[i] :].any()
    assert (distinct.ids[:, distinct.lengths.max() :] == batch.pad).all()
    nonempty = [i for i in range(len(texts)) if batch.lengths[i]]
    full = coarse_vectors([_matrix(emb, texts[i]) for i in nonempty])
    table = emb.padded_table().astype(np.float64)
    scaled = table[distinct.ids] * np.sqrt(counts)[:, :, None]
    ours = coarse_padded(scaled[nonempty]).T
    assert ours == pytest.approx(full, rel=1e-9, abs=1e-9 * np.abs(full).max())
    # and the fit uses them: its directions equal those of the full matrices
    model = GEM(emb, n_components=5, n_sentence_components=2).fit(texts)
    u, s, _ = np.linalg.svd(full, full_matrices=False)
    u = u * np.sign(u[np.argmax(np.abs(u), axis=0), np.arange(u.shape[1])])
    assert model.singular_values_ == pytest.approx(s[:5], rel=1e-9)
    assert model.directions_ == pytest.approx(u[:, :5], abs=1e-8)


def test_dual_coefficients_solve_the_windows_and_flag_singular_ones() -> None:
    """The compiled LU solve of the window systems equals LAPACK's on well-posed
    windows and hands numerically singular ones (a repeated column) to the other route."""
    from textsim.methods.gem.windows import _dual_coefficients

    rng = np.random.default_rng(8)
    cols = rng.normal(size=(40, 30, 9))  # 40 windows of 9 vectors in 30 dimensions
    cols[5, :, 4] = cols[5, :, 1]  # window 5: two equal vectors, G singular
    g = np.einsum("bdi,bdj->bij", cols, cols)
    p, singular = _dual_coefficients(g, 4)
    assert singular.tolist() == [i == 5 for i in range(40)]
    unit = np.zeros((39, 9, 1))
    unit[:, 4] = 1.0
    want = np.linalg.solve(np.delete(g, 5, axis=0), unit)[:, :, 0]
    np.testing.assert_allclose(np.delete(p, 5, axis=0), want, rtol=1e-10, atol=1e-12)


def test_signed_sum_takes_the_sign_of_the_largest_magnitude_entry() -> None:
    """Coarse vectors' sign rule (as fix_signs): the largest-magnitude entry decides,
    the first one where a largest and a smallest entry tie, + for a zero row."""
    from textsim.methods.gem.coarse import _signed_sum, fix_signs

    rows = np.array(
        [[[1.0, -3.0, 2.0], [-2.0, 2.0, 1.0], [2.0, -2.0, 0.0], [0.0, 0.0, 0.0], [0.5, 4.0, -1.0]]]
    )
    weights = np.array([[1.0, 2.0, 3.0, 4.0, 0.5]])
    want = (fix_signs(rows[0].T, axis=0).T * weights[0][:, None]).sum(axis=0)
    np.testing.assert_allclose(_signed_sum(rows, weights)[0], want)
    assert _signed_sum(rows, weights)[0].tolist() == [9.25, -5.0, -4.5]


def test_gram_matrices_equal_the_batched_product() -> None:
    from textsim.methods.gem.coarse import gram_matrices

    words = np.random.default_rng(3).normal(size=(7, 5, 33))
    words[2, 3:] = 0.0  # padding rows
    want = np.matmul(words, np.transpose(words, (0, 2, 1)))
    got = gram_matrices(words)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    assert np.array_equal(got, np.transpose(got, (0, 2, 1)))


def test_random_oov_words_stand_for_a_fixed_vocabulary_word() -> None:
    """oov="random" (the official encoder with ``unk`` in its vocabulary): an unknown
    word embeds as the vocabulary word its hash picks, every time and in every text;
    another seed picks another; oov="drop" leaves it out."""
    from textsim.methods.gem.model import random_vocabulary_word

    emb = _emb(3, vocab=200, dim=20)
    texts = _sentences(emb, n=60, seed=4)
    odd = [t.replace(t.split()[1], "qqqq", 1) for t in texts]  # one unknown word each
    stand_in = random_vocabulary_word("qqqq", emb.words, 5)
    assert stand_in == random_vocabulary_word("qqqq", emb.words, 5) and stand_in in emb.index
    swapped = [t.replace("qqqq", stand_in) for t in odd]
    params = dict(window=3, n_components=10, n_sentence_components=4)
    rand = GEM(emb, oov="random", seed=5, **params).fit_transform(odd)
    assert np.array_equal(rand, GEM(emb, **params).fit_transform(swapped))
    assert not np.allclose(rand, GEM(emb, **params).fit_transform(odd), atol=1e-3)
    seeds = {random_vocabulary_word("qqqq", emb.words, s) for s in range(20)}
    assert len(seeds) > 10  # spread over the vocabulary
    with pytest.raises(ValueError, match="oov"):
        GEM(emb, oov="unk", **params).fit(texts)


def test_without_component_removal_the_vector_keeps_the_removed_directions() -> None:
    """remove_components=False is GEM up to its last step: the same weighted sum, whose
    projection on the sentence's h directions GEM then removes; so the full vector is the
    ablated one minus that projection, and the ablation's extra part lies in the span
    of the corpus directions."""
    emb = _emb(3)
    fit = _sentences(emb, seed=4)
    full = GEM(emb, n_components=6, n_sentence_components=3).fit(fit)
    kept = GEM(emb, n_components=6, n_sentence_components=3, remove_components=False).fit(fit)
    texts = _sentences(emb, n=12, seed=5)
    a, b = full.transform(texts), kept.transform(texts)
    assert not np.allclose(a, b)
    dirs = full.directions_
    extra = (b - a).astype(np.float64)
    # the difference lies in the corpus directions' span and is orthogonal to the result
    assert np.allclose(extra - (extra @ dirs) @ dirs.T, 0.0, atol=1e-4)
    assert np.abs(np.einsum("ij,ij->i", a.astype(np.float64), extra)).max() < 1e-3
