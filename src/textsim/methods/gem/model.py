"""GEM: zero-training sentence embeddings via an orthogonal basis (Yang, Zhu, Chen 2018).

As the official ``encoder.py`` computes it (fidelity notes §2):

* coarse vector of a sentence S (d × n, words as columns): ``g = Σ_j σ_j³ u_j``;
* corpus directions: the top K left singular vectors D and values λ of the
  **uncentred** matrix ``[g_1 … g_N]`` (``fit``);
* per sentence, the h directions with the largest ``λ_j ‖Sᵀ d_j‖``;
* per word, the window matrix (up to m context words on each side, clipped at
  the sentence ends, the word **last**), modified Gram–Schmidt (columns with a
  residual below 5e-7 zeroed): ``q`` the last orthonormal column, ``r`` its
  residual norm (R[-1, -1] ≥ 0). Novelty ``exp(r / ‖w‖)``, significance
  ``‖σ(W) ⊙ (qᵀ U)‖ / ℓ`` (ℓ the window size), uniqueness
  ``exp(−‖λ_h ⊙ (qᵀ D_h)‖ / h)``;
* ``c = (I − D_h D_hᵀ) Σ_i (α_n + α_s + α_u) w_i``.

:class:`GEM` is vectorised over all words of all sentences: windows are padded
with zero columns *before* the context (a zero column stays zero under
Gram–Schmidt and adds no singular value). Gram–Schmidt's last column is the
word's component orthogonal to its context, so ``r`` and ``qᵀD`` follow from the
sentence's small Gram matrix (see :func:`_window_projections`; batched LU solves
of L × L systems instead of d-dimensional Gram–Schmidt); the sentences' SVDs
come from their Gram matrices too, over each sentence's **distinct** words
scaled by the square root of their counts (g depends on S only through
S Sᵀ = Σ_w c_w w wᵀ, so a text that repeats its words gives a smaller
eigenproblem: :func:`distinct_words`); and the significance uses the identity
``‖σ(W) ⊙ (qᵀU)‖ = ‖Wᵀq‖`` (U Σ Vᵀ = W with V orthogonal), which equals ``r``
because q is orthogonal to every context column. :func:`gem_reference` is the
direct per-word implementation (explicit SVD per window, in
:mod:`textsim.methods.gem.reference`) used as the benchmark's reference.

The sign of each singular vector is arbitrary in LAPACK; ``g`` depends on it,
so both implementations fix it (largest-magnitude component positive).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from textsim.methods.base import CLEANING_RULE, Allowed, Cleaning, Estimator, Needs, NotFittedError
from textsim.methods.gem.coarse import (
    F64,
    coarse_padded,
    coarse_vectors,
    corpus_directions,
    distinct_words,
    ngram_average,
)
from textsim.methods.gem.windows import POSITION_BLOCK, window_residuals, word_weights
from textsim.methods.given_vectors import missing_vectors
from textsim.vectors.kernels import gather_rows
from textsim.vectors.words import (
    OOV_RULES,
    FloatArray,
    Texts,
    TokenBatch,
    WordEmbeddings,
    random_vocabulary_word,
)

__all__ = ["GEM", "coarse_vectors", "distinct_words", "ngram_average"]


class GEM(Estimator):
    """Geometric embedding (GEM) as a scikit-learn style estimator.

    ``fit(sentences)`` computes and stores the K corpus directions;
    ``transform`` embeds any sentences (batch or one) with them.
    ``fit_transform`` on the evaluated sentences is the paper's transductive mode.
    ``ngram`` > 1 is the slides' n-gram variant (:func:`ngram_average`).
    ``fit_vectors`` / ``transform_vectors`` run GEM on arbitrary vector
    sequences (e.g. a paragraph's sentence embeddings treated as its words).
    A sentence with no in-vocabulary word is the zero vector.

    Parameters
    ----------
    embeddings:
        The word vectors (:class:`~textsim.vectors.words.WordEmbeddings`).
    window:
        Context words on each side of a word, m (paper: 7).
    n_components:
        Corpus directions K kept from the coarse vectors' SVD (paper: 45).
    n_sentence_components:
        Directions h removed per sentence (paper: 17).
    ngram:
        1 = GEM; n > 1 = the slides' n-gram variant (means of n consecutive words).
    batch_words:
        Words processed per chunk (memory bound; results do not depend on it).
    oov:
        Out-of-vocabulary words: ``drop`` (default) or ``random`` (what the official
        encoder does when its vocabulary has ``unk``: each such word stands for one
        vocabulary word drawn at random, the same for every occurrence; here drawn
        from a hash of the word and ``seed``, so a text embeds the same every time).
    seed:
        The draw of ``oov="random"``.
    cleaning:
        ``paper`` (default): raw texts get the workflow's cleaning (lowercase,
        numbers → 0, punctuation removed); ``none``: split on white space only;
        ``wordpunct``: the official encoder's tokens
        (:func:`textsim.text.cleaning.wordpunct_tokens`).
    remove_components:
        True (GEM): remove each sentence's h directions from its vector (the last
        step); False: keep them, the same weights (the ablation of that step).
    """

    _fitted_arrays = ("directions_", "singular_values_")
    needs = Needs(texts=True)
    space_bound = True
    allowed: ClassVar[dict[str, Allowed]] = {
        "window": Allowed("int", low=1),
        "n_components": Allowed("int", low=1, high="dim"),
        "n_sentence_components": Allowed("int", low=1),
        "ngram": Allowed("int", low=1),
        "batch_words": Allowed("int", low=1),
        "oov": Allowed("choice", choices=OOV_RULES),
        "seed": Allowed("int", low=0),
        "cleaning": CLEANING_RULE,
        "remove_components": Allowed("bool"),
    }
    _fit_settings: ClassVar[tuple[str, ...]] = ("n_components", "ngram", "oov", "seed")

    @classmethod
    def fitted_shapes(cls, params: Any, dim: int) -> dict[str, tuple[int, ...]]:
        k = int(params["n_components"])
        return {"directions_": (dim, k), "singular_values_": (k,)}

    def _check_combination(self) -> None:
        if self.n_sentence_components > self.n_components:
            raise ValueError(
                f"GEM: n_sentence_components={self.n_sentence_components} is more than "
                f"n_components={self.n_components}; a sentence's removed directions are "
                "among the corpus directions"
            )

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        window: int = 7,
        n_components: int = 45,
        n_sentence_components: int = 17,
        ngram: int = 1,
        batch_words: int = 4000,
        oov: str = "drop",
        seed: int = 0,
        cleaning: Cleaning = "paper",
        remove_components: bool = True,
    ) -> None:
        self.embeddings = embeddings
        self.window = window
        self.n_components = n_components
        self.n_sentence_components = n_sentence_components
        self.ngram = ngram
        self.batch_words = batch_words
        self.oov = oov
        self.seed = seed
        self.cleaning = cleaning
        self.remove_components = remove_components

    def _lookup(self, emb: WordEmbeddings, texts: Any) -> TokenBatch:
        """Vocabulary ids; with ``oov="random"`` an unknown word becomes the vocabulary
        word its hash picks (:func:`random_vocabulary_word`)."""
        if self.oov != "random":
            return super()._lookup(emb, texts)
        known = emb.index
        swapped = [
            [
                w if w in known else random_vocabulary_word(w, emb.words, self.seed)
                for w in (t.split() if isinstance(t, str) else t)
            ]
            for t in texts
        ]
        return emb.encode(swapped)

    # ------------------------------------------------------------------ fitting

    def _chunks(self, lengths: npt.NDArray[np.int64]) -> list[npt.NDArray[np.int64]]:
        """Sentence indices in chunks of similar length, about ``batch_words`` words
        each (sorted by length: little padding in the batched small matrices)."""
        order = np.argsort(lengths, kind="stable")
        out = []
        start = 0
        while start < len(order):
            stop = start + 1
            total = int(lengths[order[start]])
            while stop < len(order) and total + lengths[order[stop]] <= self.batch_words:
                total += int(lengths[order[stop]])
                stop += 1
            out.append(order[start:stop])
            start = stop
        return out

    def _words(self, batch: TokenBatch, table: FloatArray, scale: F64 | None = None) -> F64:
        """(S, L, d) float64 word vectors of a batch (each times ``scale[s, i]`` when
        given), n-gram averaged when ``ngram`` > 1."""
        width = max(int(batch.lengths.max(initial=0)), 1)
        scale = None if scale is None else scale[:, :width]
        words = gather_rows(table, batch.ids[:, :width], scale)
        return ngram_average(words, batch.lengths, self.ngram)

    def _fit_coarse(self, coarse: list[F64]) -> None:
        """Store the corpus directions of coarse vectors given in column blocks."""
        if not coarse:
            raise ValueError("GEM.fit: every sentence is empty after removing OOV words")
        matrix = np.concatenate(coarse, axis=1)
        if matrix.shape[1] < self.n_components:
            raise ValueError(
                f"GEM: n_components={self.n_components} corpus directions need as many "
                f"fitting texts with an in-vocabulary word; got {matrix.shape[1]}; fit on "
                "more texts or lower n_components"
            )
        directions, values = corpus_directions(matrix, self.n_components)
        self.directions_ = directions  # (d, K)
        self.singular_values_ = values  # (K,)

    def fit(self, X: Texts | TokenBatch | str, y: Any = None) -> Self:
        """Compute the K corpus directions from the texts ``X`` (``y`` ignored)."""
        self._attach()
        self._fit_batch(self._batch(X))
        return self

    def _fit_batch(self, batch: TokenBatch) -> None:
        """The corpus directions from the coarse vectors of ``batch``'s texts, chunk by
        chunk (memory bounded by a chunk). Without n-grams each text's matrix is its
        distinct words scaled by √count (:func:`distinct_words`): the same coarse
        vector from a smaller eigenproblem."""
        counts: F64 | None = None
        if self.ngram == 1:
            batch, counts = distinct_words(batch)
        lengths = batch.lengths.astype(np.int64)
        coarse: list[F64] = []
        for rows in self._chunks(lengths):
            rows = rows[lengths[rows] > 0]
            if not len(rows):
                continue
            scale = None if counts is None else np.sqrt(counts[rows])
            words = self._words(batch.take(rows), self.table_, scale)
            coarse.append(coarse_padded(words).T)
        self._fit_coarse(coarse)

    def _attach(self) -> None:
        if self.embeddings is None:
            raise missing_vectors(self)
        self._check_settings(self.embeddings.dim)
        self._record_fit()
        self.embeddings_ = self.embeddings
        self.table_ = self.embeddings.padded_table()  # float32; chunks are converted
        self.n_features_out_ = self.embeddings.dim

    def _restore(self, fitted: dict[str, Any]) -> None:
        self._attach()
        self.directions_ = np.asarray(fitted["directions_"], dtype=np.float64)
        self.singular_values_ = np.asarray(fitted["singular_values_"], dtype=np.float64)

    def transform(self, X: Texts | TokenBatch | str) -> FloatArray:
        """Embed texts with the fitted directions: (number of texts, dimension), float32.
        Memory grows linearly with a text's length (long texts are streamed)."""
        self._check_fitted()
        return self._streamed(X, self._transform_batch, self._embed_ids)

    def _transform_batch(self, batch: TokenBatch) -> FloatArray:
        out = np.zeros((len(batch), self.table_.shape[1]))
        lengths = batch.lengths.astype(np.int64)
        word_dirs = self._word_directions(batch) if self.ngram == 1 else None
        long = lengths > 2 * POSITION_BLOCK if self.ngram == 1 else np.zeros(len(batch), bool)
        for i in np.flatnonzero(long):
            out[i] = self._embed_ids(batch.ids[i, : lengths[i]])
        for rows in self._chunks(np.where(long, 0, lengths)):
            rows = rows[~long[rows]]
            if not len(rows):
                continue
            part = batch.take(rows)
            words = self._words(part, self.table_)
            sd = None if word_dirs is None else word_dirs(part.ids[:, : words.shape[1]])
            out[rows] = self._embed(words, lengths[rows], sd)
        return out.astype(np.float32)

    def _word_directions(self, batch: TokenBatch) -> Any:
        """wᵀD of every distinct word of ``batch`` (one product, instead of one per
        occurrence), as a function of padded ids → (S, n, K)."""
        used = np.zeros(len(self.table_), dtype=bool)
        used[batch.ids] = True
        distinct = np.flatnonzero(used)
        where = np.zeros(len(self.table_), dtype=np.int64)
        where[distinct] = np.arange(len(distinct))
        td = self.table_[distinct].astype(np.float64) @ self.directions_

        def lookup(ids: npt.NDArray[np.int32]) -> F64:
            return np.asarray(td[where[ids]])

        return lookup

    def fit_transform(self, X: Texts | TokenBatch | str, y: Any = None) -> FloatArray:
        """Fit on ``X`` and embed it (the paper's transductive mode): the same vectors
        as ``fit(X).transform(X)``, with the texts encoded once."""
        self._attach()
        batch = self._batch(X)
        self._fit_batch(batch)
        return self._transform_batch(batch)

    # ------------------------------------------------- arbitrary vector sequences

    def fit_vectors(self, sequences: Sequence[npt.ArrayLike]) -> Self:
        """Fit on sequences of vectors, each (n_i, d): e.g. paragraphs whose "words"
        are sentence embeddings. ``embeddings`` is not used."""
        self._check_settings(None)
        self._record_fit()
        seqs = [np.asarray(s, dtype=np.float64) for s in sequences]
        mats = [ngram_average(s[None], [len(s)], self.ngram)[0].T for s in seqs if len(s)]
        self._fit_coarse([coarse_vectors(mats)] if mats else [])
        self.n_features_out_ = int(self.directions_.shape[0])
        return self

    def transform_vectors(self, sequences: Sequence[npt.ArrayLike]) -> FloatArray:
        if not hasattr(self, "directions_"):
            raise NotFittedError("GEM is not fitted; call fit() or fit_vectors() first")
        d = int(self.directions_.shape[0])
        seqs = [np.asarray(s, dtype=np.float64).reshape(-1, d) for s in sequences]
        lengths = np.array([len(s) for s in seqs], dtype=np.int64)
        out = np.zeros((len(seqs), d))
        for rows in self._chunks(lengths):
            width = max(int(lengths[rows].max(initial=0)), 1)
            words = np.zeros((len(rows), width, d))
            for i, j in enumerate(rows):
                words[i, : lengths[j]] = seqs[j]
            words = ngram_average(words, lengths[rows], self.ngram)
            out[rows] = self._embed(words, lengths[rows])
        return out.astype(np.float32)

    # --------------------------------------------------------------- embedding

    def _embed_ids(self, ids: npt.NDArray[np.int32]) -> FloatArray:
        """The GEM vector of one text given by its vocabulary ids, streamed over blocks
        of positions (memory linear in its length): the same vector as :meth:`_embed`
        (up to rounding). Unigrams; n-grams take :meth:`_embed`'s path."""
        d = self.table_.shape[1]
        if self.ngram != 1 or len(ids) == 0:
            batch = TokenBatch(ids[None, :], np.array([len(ids)], np.int32), len(self.table_) - 1)
            lengths = batch.lengths.astype(np.int64)
            vector = self._embed(self._words(batch, self.table_), lengths)[0]
            return np.asarray(vector, dtype=np.float32)
        dirs, lam, m, n = self.directions_, self.singular_values_, self.window, len(ids)
        h = min(self.n_sentence_components, dirs.shape[1])
        blocks = range(0, n, POSITION_BLOCK)
        sq = np.zeros(dirs.shape[1])
        for a in blocks:  # pass 1: the sentence's h directions, from Σ (wᵀd_j)²
            sd = self.table_[ids[a : a + POSITION_BLOCK]].astype(np.float64) @ dirs
            sq += np.einsum("ij,ij->j", sd, sd)
        top = np.argsort(-(lam * np.sqrt(sq)), kind="stable")[:h]
        out = np.zeros(d)
        for a in blocks:  # pass 2: each block's words with m neighbours on both sides
            b = min(n, a + POSITION_BLOCK)
            lo, hi = max(0, a - m), min(n, b + m)
            words = self.table_[ids[lo:hi]].astype(np.float64)[None]
            _, pos, _, r, qd, norms2 = window_residuals(
                words, words @ dirs, np.array([hi - lo], dtype=np.int64), m
            )
            g = pos + lo
            keep = (g >= a) & (g < b)
            ell = np.minimum(n, g + m + 1) - np.maximum(0, g - m)
            top_w = np.broadcast_to(top, (len(pos), h))
            alpha = word_weights(r, qd, norms2, ell, top_w, lam, h)
            out += alpha[keep] @ words[0, pos[keep]]
        if self.remove_components:
            mine = dirs[:, top]
            out -= (out @ mine) @ mine.T
        return out.astype(np.float32)

    def _embed(self, words: F64, lengths: npt.NDArray[np.int64], sd: F64 | None = None) -> F64:
        """GEM vectors of sentences given as (S, L, d) word vectors (zero padding);
        ``sd``: their projections on the directions, ``words @ D``, when known."""
        dirs, lam = self.directions_, self.singular_values_
        out = np.zeros((words.shape[0], words.shape[2]))
        if lengths.sum() == 0:
            return out
        h = min(self.n_sentence_components, dirs.shape[1])
        # per sentence: the h directions with the largest λ_j ‖Sᵀ d_j‖
        if sd is None:  # one matrix product over all the chunk's words (S, n, K)
            sd = (words.reshape(-1, words.shape[2]) @ dirs).reshape(*words.shape[:2], -1)
        corr = lam[None, :] * np.linalg.norm(sd, axis=1)
        top = np.argsort(-corr, axis=1, kind="stable")[:, :h]  # (S, h)
        # per word: residual against its window's context, the three scores
        sent, pos, ell, r, qd, norms2 = window_residuals(words, sd, lengths, self.window)
        alpha = word_weights(r, qd, norms2, ell, top[sent], lam, h)  # top[sent]: its sentence's
        # Σ_i α_i w_i per sentence: one batched vector-matrix product
        weights = np.zeros(words.shape[:2])
        weights[sent, pos] = alpha
        out = np.matmul(weights[:, None, :], words)[:, 0, :]
        # remove the sentence's own h directions: out -= Σ_top (outᵀd_j) d_j, as one
        # product with the projections on the other directions set to zero
        if self.remove_components:
            coef = np.zeros((out.shape[0], dirs.shape[1]))
            rows = np.arange(out.shape[0])[:, None]
            coef[rows, top] = np.take_along_axis(out @ dirs, top, axis=1)
            out -= coef @ dirs.T
        out[lengths == 0] = 0.0
        return np.asarray(out)
