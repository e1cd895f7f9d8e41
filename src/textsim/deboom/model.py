"""``WeightedEmbedding``: learned idf-rank weights as a scikit-learn style estimator.

``fit`` trains the weights on related / non-related couples with Keras
(:mod:`textsim.deboom.training`, on the Keras backend of the process);
``transform`` embeds any texts with NumPy, so a trained model is usable
without any deep-learning framework. The weights are tied to idf
*ranks*, not to words, so a saved model applies to any word vectors and
document frequencies ("out of the box").
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any, Self

import numpy as np
import numpy.typing as npt

from textsim.deboom.published import PAPER_KAPPA
from textsim.deboom.weighting import weighted_vectors
from textsim.io import atomic_path
from textsim.vectors.base import Estimator
from textsim.vectors.pooling import sort_by_rank
from textsim.vectors.words import FloatArray, Texts, TokenBatch, WordEmbeddings

__all__ = ["WeightedEmbedding", "embed_file", "load_any_vectors"]

FORMAT = "textsim-weights/1"


class WeightedEmbedding(Estimator):
    """Aggregate idf-sorted word vectors with learned, rank-indexed weights.

    Parameters
    ----------
    embeddings:
        Word vectors and document frequencies (sorting key: ascending df).
    n_max:
        Number of learned weights (the text length for fixed-length data;
        30 for Wikipedia texts of 10–30 words).
    procedure:
        ``icdmw``, ``contrastive`` or ``median`` (see ``TrainConfig.named``).
    kappa:
        Scale of the median-based loss.
    random_state:
        Seed of the batch order and of the Keras backend.
    deterministic:
        Ask the Keras backend for deterministic kernels (identical weights for
        the same seed on a given backend; see :mod:`textsim.backend`).
    """

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        n_max: int = 20,
        procedure: str = "median",
        kappa: float = PAPER_KAPPA,
        random_state: int = 0,
        deterministic: bool = True,
    ) -> None:
        self.embeddings = embeddings
        self.n_max = n_max
        self.procedure = procedure
        self.kappa = kappa
        self.random_state = random_state
        self.deterministic = deterministic

    def _prepare(self) -> WordEmbeddings:
        if self.embeddings is None:
            raise ValueError("WeightedEmbedding needs embeddings")
        emb = self.embeddings
        self.embeddings_ = emb
        self.rank_ = emb.rank()
        self.table_ = emb.padded_table()
        return emb

    def fit(self, X: tuple[Texts | TokenBatch, Texts | TokenBatch], y: npt.ArrayLike) -> Self:
        """Learn the weights from couples ``X = (texts_a, texts_b)`` with ``y`` = related."""
        from textsim.deboom.training import TrainConfig, train_weights

        emb = self._prepare()
        a, b = (sort_by_rank(self._batch(t), self.rank_) for t in X)
        config = TrainConfig.named(self.procedure, kappa=self.kappa)
        result = train_weights(
            a,
            b,
            y,
            self.table_,
            self.n_max,
            config,
            seed=self.random_state,
            deterministic=self.deterministic,
        )
        self.weights_ = result.weights
        self.history_ = result.history
        self.training_ = result.runtime  # Keras backend, version and device
        self.config_ = asdict(config)
        self.n_features_out_ = emb.dim
        return self

    def transform(self, X: Texts | TokenBatch) -> FloatArray:
        emb = self._check_fitted()
        batch = sort_by_rank(self._batch(X), self.rank_)
        return np.asarray(
            weighted_vectors(batch, self.table_, self.weights_), dtype=np.float32
        ).reshape(len(batch), emb.dim)

    # ------------------------------------------------------------ persistence

    @classmethod
    def from_files(
        cls,
        weights: str | os.PathLike[str],
        vectors: str | os.PathLike[str],
        docfreq: str | os.PathLike[str],
        *,
        normalize: bool | None = None,
        check_dim: bool = True,
    ) -> WeightedEmbedding:
        """Load a weight file with the word vectors and document frequencies it applies
        to (words missing from the document frequencies get df = 1); ``normalize``
        defaults to what the weights were trained with."""
        doc = json.loads(Path(weights).read_text())
        if doc.get("format") != FORMAT:
            raise ValueError(f"{weights}: not a textsim weight file")
        if normalize is None:
            normalize = bool(doc.get("normalized_vectors", False))
        vecs = load_any_vectors(vectors)
        emb = WordEmbeddings.from_keyed_vectors(vecs, docfreq, normalize=normalize)
        return cls.load(weights, emb, check_dim=check_dim)

    def save(self, path: str | os.PathLike[str], **metadata: Any) -> None:
        """Write the weights and their training metadata as JSON (no vocabulary inside)."""
        if not hasattr(self, "weights_"):
            raise RuntimeError("WeightedEmbedding is not fitted; nothing to save")
        doc = {
            "format": FORMAT,
            "n_max": int(self.n_max),
            "weights": [float(x) for x in self.weights_],
            "procedure": self.procedure,
            "kappa": float(self.kappa),
            "random_state": int(self.random_state),
            "config": getattr(self, "config_", {}),
            "history": [float(x) for x in getattr(self, "history_", [])],
            "training": getattr(self, "training_", {}),
            "embedding_dim": int(self.embeddings_.dim) if hasattr(self, "embeddings_") else None,
            **metadata,
        }
        with atomic_path(path) as tmp:
            tmp.write_text(json.dumps(doc, indent=1))

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], embeddings: WordEmbeddings, *, check_dim: bool = False
    ) -> WeightedEmbedding:
        """Load saved weights and attach them to ``embeddings``.

        The weights are rank-indexed and apply to any word vectors; with
        ``check_dim`` a model trained on vectors of another dimension is refused.
        """
        doc = json.loads(Path(path).read_text())
        if doc.get("format") != FORMAT:
            raise ValueError(f"{path}: not a textsim weight file (format {doc.get('format')!r})")
        weights = np.asarray(doc["weights"], dtype=np.float64)
        if weights.shape != (doc["n_max"],):
            raise ValueError(f"{path}: {weights.size} weights for n_max = {doc['n_max']}")
        trained_dim = doc.get("embedding_dim")
        if check_dim and trained_dim is not None and trained_dim != embeddings.dim:
            raise ValueError(
                f"{path}: weights were trained on {trained_dim}-d vectors, "
                f"these are {embeddings.dim}-d; to apply them to other embeddings on purpose "
                "(out-of-the-box transfer), pass --allow-other-embeddings "
                "(allow_other_embeddings=True)"
            )
        model = cls(
            embeddings, n_max=int(doc["n_max"]), procedure=doc["procedure"], kappa=doc["kappa"]
        )
        model._prepare()
        model.weights_ = weights
        model.history_ = doc.get("history", [])
        model.config_ = doc.get("config", {})
        model.training_ = doc.get("training", {})
        model.n_features_out_ = embeddings.dim
        return model


def load_any_vectors(path: str | os.PathLike[str]) -> Any:
    """gensim ``KeyedVectors`` (native ``.kv``) or word2vec format (``.bin`` binary, else text)."""
    from gensim.models import KeyedVectors

    p = Path(path)
    if p.suffix in (".kv", ".model"):
        return KeyedVectors.load(str(p))
    return KeyedVectors.load_word2vec_format(str(p), binary=p.suffix == ".bin")


def embed_file(
    weights: str | os.PathLike[str],
    vectors: str | os.PathLike[str],
    docfreq: str | os.PathLike[str],
    texts: str | os.PathLike[str],
    output: str | os.PathLike[str],
    *,
    normalize: bool | None = None,
    allow_other_embeddings: bool = False,
) -> dict[str, int]:
    """Embed one raw text per line of ``texts`` into ``output`` (``.npy``, float32).

    Texts get the paper's cleaning; words missing from the document
    frequencies get df = 1. A weight file trained on vectors of another
    dimension is refused unless ``allow_other_embeddings`` (the paper's
    out-of-the-box transfer) is set.
    """
    from textsim.text.wikipedia import clean_tokens

    model = WeightedEmbedding.from_files(
        weights, vectors, docfreq, normalize=normalize, check_dim=not allow_other_embeddings
    )
    emb = model.embeddings_
    with open(texts, encoding="utf-8") as f:
        lines = [" ".join(clean_tokens(line)) for line in f]
    batch = emb.encode(lines)
    vectors_out = model.transform(batch)
    with atomic_path(output) as tmp, open(tmp, "wb") as out:
        np.save(out, vectors_out.astype(np.float32))
    return {"texts": len(lines), "empty": int(np.sum(batch.lengths == 0)), "dim": emb.dim}
