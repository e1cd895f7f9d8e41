"""SIF (Arora, Liang, Ma 2017) and uSIF (Ethayarajh 2018) as fitted estimators.

Both weight word vectors by their unigram probability p(w) (from our corpus
counts) and remove common directions; unlike the original scripts, the
directions are computed once in ``fit`` and stored, so ``transform`` embeds new
sentences, one or many, without recomputing them per batch and without looking
at test sentences (fidelity notes §3).

* SIF: weight ``a / (a + p(w))``, a = 1e-3; sentence = weighted mean; remove the
  projection on the first principal component (uncentred SVD of the fitted
  sentence vectors).
* uSIF: ``a = (1 − α) / (α · |V| / 2)`` with α the share of the vocabulary whose
  p(w) exceeds ``1 − (1 − 1/|V|)^n`` (n = 11); weight ``a / (a/2 + p(w))``;
  remove 5 components, each scaled by ``σ_i² / Σ σ²``.

A sentence without in-vocabulary words is the zero vector.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from textsim.methods.base import (
    CLEANING_RULE,
    Allowed,
    Cleaning,
    Estimator,
    Needs,
)
from textsim.methods.given_vectors import missing_vectors
from textsim.vectors.words import FloatArray, Texts, TokenBatch, WordEmbeddings, length_chunks

__all__ = ["SIF", "USIF", "USIF_NORMALIZATIONS", "sif_weights", "usif_weights"]

#: uSIF's word-vector normalisations: none (the paper), word, dimension (the official code)
USIF_NORMALIZATIONS = ("none", "word", "dimension")

F64 = npt.NDArray[np.float64]


def sif_weights(p: npt.ArrayLike, a: float = 1e-3) -> F64:
    prob = np.asarray(p, dtype=np.float64)
    return a / (a + prob)


def usif_weights(p: npt.ArrayLike, n: int = 11) -> F64:
    prob = np.asarray(p, dtype=np.float64)
    vocab = prob.size
    threshold = 1.0 - (1.0 - 1.0 / vocab) ** n
    alpha = float((prob > threshold).sum()) / vocab
    if alpha == 0.0:
        raise ValueError("uSIF: no word is above the probability threshold")
    a = (1.0 - alpha) / (alpha * vocab / 2.0)
    return a / (a / 2.0 + prob)


_PARAMS_DOC = """
    Parameters
    ----------
    embeddings:
        The word vectors (:class:`~textsim.vectors.words.WordEmbeddings`).
    probabilities:
        Unigram probability p(w) of each vocabulary word, aligned with
        ``embeddings.words`` (:func:`~textsim.vectors.words.word_probabilities`
        computes them from gensim's word counts)."""

_CLEANING_DOC = """
    cleaning:
        ``paper`` (default): raw texts get the workflow's cleaning (lowercase,
        numbers → 0, punctuation removed); ``none``: split on white space only."""


#: word-vector values gathered per chunk of texts (memory bound; results do not depend on it)
_CHUNK_VALUES = 1 << 22


class _WeightedMean(Estimator):
    needs = Needs(texts=True, probabilities=True)
    space_bound = True
    probabilities: npt.ArrayLike | None
    embeddings: WordEmbeddings | None
    n_components: int
    _fitted_arrays: ClassVar[tuple[str, ...]] = ("components_",)
    allowed: ClassVar[dict[str, Allowed]] = {}

    def _weights(self) -> F64:
        raise NotImplementedError

    def _means(self, X: Texts | TokenBatch | str) -> F64:
        """:meth:`_mean` of the texts ``X``, a long text streamed (:meth:`_mean_ids`)."""
        return self._streamed(X, self._mean, self._mean_ids)

    def _mean_ids(self, ids: npt.NDArray[np.int32], table: Any = None, weights: Any = None) -> F64:
        """Σ weight · word vector / length of one text given by its vocabulary ids, in
        blocks of positions (memory bounded by a block). ``table``, ``weights``: other
        rows and weights than the fitted ones (uSIF's normalisation)."""
        table = self.table_ if table is None else table
        weights = self.word_weights_ if weights is None else weights
        step = max(1, _CHUNK_VALUES // table.shape[1])
        total = np.zeros(table.shape[1])
        for a in range(0, len(ids), step):
            block = ids[a : a + step]
            total += weights[block] @ table[block].astype(np.float64)
        return np.asarray(total / max(len(ids), 1))

    def _mean(self, batch: TokenBatch, table: Any = None, weights: Any = None) -> F64:
        """Σ weight · word vector / length of each text: texts in order of length, in
        chunks of similar length (little padding; bounded memory), the float32 rows
        gathered, then widened (exactly) to float64; a text wider than a chunk alone
        in blocks of positions."""
        table = self.table_ if table is None else table
        weights = self.word_weights_ if weights is None else weights
        w = np.append(weights, 0.0)
        dim = table.shape[1]
        vec = np.zeros((len(batch), dim))
        lengths = np.asarray(batch.lengths, dtype=np.int64)
        wide = lengths * dim > _CHUNK_VALUES
        for i in np.flatnonzero(wide):
            vec[i] = self._mean_ids(batch.ids[i, : lengths[i]], table, weights) * lengths[i]
        short = np.where(wide, 0, lengths)
        for rows in length_chunks(short, lambda width: width * dim, _CHUNK_VALUES):
            rows = rows[~wide[rows]]
            width = int(short[rows[-1]]) if len(rows) else 0
            if width:
                ids = batch.ids[rows, :width]
                words = table[ids].astype(np.float64)
                vec[rows] = np.matmul(w[ids][:, None, :], words)[:, 0, :]
        n = np.maximum(lengths, 1).astype(np.float64)
        return np.asarray(vec / n[:, None])

    def _prepare(self) -> None:
        if self.embeddings is None:
            raise missing_vectors(self, " and their word probabilities p(w)")
        if self.probabilities is None:
            raise ValueError(
                f"{type(self).__name__} needs word probabilities p(w): give probabilities=, "
                "or vectors= a file with word counts (the workflow's vectors.npz)"
            )
        self._check_settings(self.embeddings.dim)
        p = np.asarray(self.probabilities, dtype=np.float64)
        if p.shape != (len(self.embeddings.words),):
            raise ValueError("one probability per vocabulary word expected")
        if not (np.isfinite(p).all() and (p >= 0).all() and (p <= 1).all()):
            raise ValueError(f"{type(self).__name__}: word probabilities must lie in [0, 1]")
        self._record_fit()
        self.embeddings_ = self.embeddings
        self.table_ = self.embeddings.padded_table()  # once, not per call (a full copy)
        self.word_weights_ = self._weights()
        self.n_features_out_ = self.embeddings.dim

    @classmethod
    def fitted_shapes(cls, params: Any, dim: int) -> dict[str, tuple[int, ...]]:
        k = int(params["n_components"])
        return {"components_": (k, dim), "component_weights_": (k,)}

    def _directions(self, X: Texts | TokenBatch | str) -> tuple[F64, F64, F64]:
        """The fitted texts' weighted means and their SVD's singular values and right
        singular vectors; refused when fewer fitted texts have an in-vocabulary word
        than components are removed (the directions beyond them would be arbitrary)."""
        v = self._means(X)
        known = int(np.count_nonzero(v.any(axis=1)))
        name = type(self).__name__
        if known == 0:
            raise ValueError(
                f"{name}.fit: no fitting text has an in-vocabulary word after cleaning"
            )
        if self.n_components > known:
            raise ValueError(
                f"{name}: n_components={self.n_components} is more than the {known} fitting "
                "text(s) with an in-vocabulary word; fit on more texts or remove fewer "
                "components"
            )
        _, s, vt = np.linalg.svd(v, full_matrices=False)
        return v, s, vt

    def _restore(self, fitted: dict[str, Any]) -> None:
        self._prepare()
        for name in self._fitted_arrays:
            setattr(self, name, np.asarray(fitted[name], dtype=np.float64))


class SIF(_WeightedMean):
    __doc__ = (
        """Smooth inverse frequency: weighted mean, first principal component removed.
"""
        + _PARAMS_DOC
        + """
    a:
        The weight ``a / (a + p(w))``'s smoothing constant (paper: 1e-3).
    n_components:
        Principal components removed (paper: 1)."""
        + _CLEANING_DOC
    )

    allowed: ClassVar[dict[str, Allowed]] = {
        "a": Allowed("real", low=0.0, open_low=True),
        "n_components": Allowed("int", low=0, high="dim"),
        "cleaning": CLEANING_RULE,
    }
    _fit_settings: ClassVar[tuple[str, ...]] = ("a", "n_components")

    @classmethod
    def fitted_shapes(cls, params: Any, dim: int) -> dict[str, tuple[int, ...]]:
        return {"components_": (int(params["n_components"]), dim)}

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        probabilities: npt.ArrayLike | None = None,
        a: float = 1e-3,
        n_components: int = 1,
        cleaning: Cleaning = "paper",
    ) -> None:
        self.embeddings = embeddings
        self.probabilities = probabilities
        self.a = a
        self.n_components = n_components
        self.cleaning = cleaning

    def _weights(self) -> F64:
        return sif_weights(np.asarray(self.probabilities), self.a)

    def fit(self, X: Texts | TokenBatch | str, y: Any = None) -> Self:
        """Compute the word weights and the common direction(s) from the texts ``X``
        (``y`` ignored)."""
        self._prepare()
        _, _, vt = self._directions(X)
        self.components_ = vt[: self.n_components]
        return self

    def transform(self, X: Texts | TokenBatch | str) -> FloatArray:
        """Embed texts with the fitted directions: (number of texts, dimension), float32."""
        self._check_fitted()
        v = self._means(X)
        v -= (v @ self.components_.T) @ self.components_
        return v.astype(np.float32)


class USIF(_WeightedMean):
    __doc__ = (
        """Unsupervised SIF: vocabulary-derived a, 5 components removed with σ²-weights.
"""
        + _PARAMS_DOC
        + """
    n:
        Expected sentence length in the threshold ``1 − (1 − 1/|V|)^n`` (paper: 11).
    n_components:
        Principal components removed, each scaled by ``σ_i² / Σ σ²`` (paper: 5).
    normalization:
        The word vectors before weighting: ``none`` (default; the paper's algorithm),
        ``word`` (each word vector of unit length) or ``dimension`` (what the official
        code does: each dimension of a sentence's word vectors divided by its norm over
        that sentence's words, ``v / np.linalg.norm(v, axis=0)``)."""
        + _CLEANING_DOC
    )

    _fitted_arrays: ClassVar[tuple[str, ...]] = ("components_", "component_weights_")
    allowed: ClassVar[dict[str, Allowed]] = {
        "n": Allowed("int", low=1),
        "n_components": Allowed("int", low=0, high="dim"),
        "normalization": Allowed("choice", choices=USIF_NORMALIZATIONS),
        "cleaning": CLEANING_RULE,
    }
    _fit_settings: ClassVar[tuple[str, ...]] = ("n", "n_components", "normalization")

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        probabilities: npt.ArrayLike | None = None,
        n: int = 11,
        n_components: int = 5,
        normalization: str = "none",
        cleaning: Cleaning = "paper",
    ) -> None:
        self.embeddings = embeddings
        self.probabilities = probabilities
        self.n = n
        self.n_components = n_components
        self.normalization = normalization
        self.cleaning = cleaning

    def _weights(self) -> F64:
        return usif_weights(np.asarray(self.probabilities), self.n)

    def _prepare(self) -> None:
        super()._prepare()
        if self.normalization == "word":
            rows = self.table_.astype(np.float64)
            norms = np.linalg.norm(rows, axis=1, keepdims=True)
            self.table_ = (rows / np.where(norms > 0, norms, 1.0)).astype(np.float32)
        elif self.normalization == "dimension":
            self.squares_ = np.square(self.table_, dtype=np.float64).astype(np.float32)
            self.ones_ = np.ones_like(self.word_weights_)

    def _per_dimension(self, mean: F64, squares: F64, lengths: npt.ArrayLike) -> F64:
        """The official code's normalisation applied to weighted means: each dimension
        divided by the norm of that dimension over the text's words (from the mean of
        the squares), 0 where all its words are 0 there."""
        n = np.maximum(np.asarray(lengths, dtype=np.float64), 1.0)
        norms = np.sqrt(squares * n.reshape(-1, *[1] * (squares.ndim - 1)))
        return np.asarray(np.divide(mean, norms, out=np.zeros_like(mean), where=norms > 0))

    def _mean(self, batch: TokenBatch, table: Any = None, weights: Any = None) -> F64:
        mean = super()._mean(batch, table, weights)
        if self.normalization != "dimension" or table is not None:
            return mean
        squares = super()._mean(batch, self.squares_, self.ones_)
        return self._per_dimension(mean, squares, batch.lengths)

    def _mean_ids(self, ids: npt.NDArray[np.int32], table: Any = None, weights: Any = None) -> F64:
        mean = super()._mean_ids(ids, table, weights)
        if self.normalization != "dimension" or table is not None:
            return mean
        squares = super()._mean_ids(ids, self.squares_, self.ones_)
        return np.asarray(self._per_dimension(mean[None], squares[None], [len(ids)])[0])

    def fit(self, X: Texts | TokenBatch | str, y: Any = None) -> Self:
        """Compute the word weights and the common directions from the texts ``X``
        (``y`` ignored)."""
        self._prepare()
        _, s, vt = self._directions(X)
        k = self.n_components
        self.components_ = vt[:k]
        self.component_weights_ = s[:k] ** 2 / np.sum(s[:k] ** 2)
        return self

    def transform(self, X: Texts | TokenBatch | str) -> FloatArray:
        """Embed texts with the fitted directions: (number of texts, dimension), float32."""
        self._check_fitted()
        v = self._means(X)
        v -= ((v @ self.components_.T) * self.component_weights_) @ self.components_
        return v.astype(np.float32)
