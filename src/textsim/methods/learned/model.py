"""``WeightedEmbedding``: learned idf-rank weights as a scikit-learn style estimator.

``fit`` trains the weights on related / non-related couples with Keras
(:mod:`textsim.methods.learned.training`, on the Keras backend of the process);
``transform`` embeds any texts with NumPy, so a trained model is usable
without any deep-learning framework. The weights are tied to idf
*ranks*, not to words, so a saved model applies to any word vectors and
document frequencies ("out of the box").
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from textsim.core.io import InputFileError, atomic_path, quoted, read_json
from textsim.methods.base import (
    CLEANING_RULE,
    Allowed,
    Cleaning,
    Estimator,
    Needs,
    NotFittedError,
)
from textsim.methods.given_vectors import missing_vectors
from textsim.methods.learned.procedures import (
    FIXED_EPOCHS,
    PAPER_KAPPA,
    PROCEDURES,
    STOPPING,
    Stopping,
)
from textsim.methods.learned.weighting import interpolated_weights, weighted_vectors
from textsim.methods.pooling import sort_by_rank
from textsim.vectors.words import FloatArray, Texts, TokenBatch, WordEmbeddings

if TYPE_CHECKING:  # Keras is imported when a training starts
    from textsim.methods.learned.training import FrozenTable

__all__ = ["WeightedEmbedding"]

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
        the same seed on a given backend; see :mod:`textsim.runtime.backend`).
    cleaning:
        ``paper`` (default): raw texts get the workflow's cleaning (lowercase,
        numbers → 0, punctuation removed); ``none``: split on white space only.
    stopping:
        When the PRL procedures (``contrastive``, ``median``) stop: ``absolute``
        (default; Algorithm 1 as printed, the epoch loss improves by less than
        0.0005), ``relative`` (the prose of PRL §5.2, by less than 0.05% of the
        previous loss) or ``epochs`` (after ``n_epochs`` epochs, never earlier). The
        ``icdmw`` procedure always trains one epoch.
    n_epochs:
        The epochs trained when ``stopping="epochs"`` (the papers give no count).

    Notes
    -----
    The weights were trained on unit-normalised word vectors when the workflow's
    ``weights.normalize`` is on; :func:`textsim.fit` and model files apply the same
    normalisation, so build ``embeddings`` with ``normalize=`` matching.
    """

    needs = Needs(docfreq=True, weights=True)
    fit_options = frozenset({"check_dim"})

    _fitted_arrays = ("weights_",)
    allowed: ClassVar[dict[str, Allowed]] = {
        "n_max": Allowed("int", low=1),
        "procedure": Allowed("choice", choices=PROCEDURES),
        "kappa": Allowed("real", low=0.0, open_low=True),
        "random_state": Allowed("int", low=0),
        "deterministic": Allowed("bool"),
        "cleaning": CLEANING_RULE,
        "stopping": Allowed("choice", choices=STOPPING),
        "n_epochs": Allowed("int", low=1),
    }

    _fit_settings: ClassVar[tuple[str, ...]] = ("n_max",)

    @classmethod
    def fitted_shapes(cls, params: Any, dim: int) -> dict[str, tuple[int, ...]]:
        return {"weights_": (int(params["n_max"]),)}

    def __init__(
        self,
        embeddings: WordEmbeddings | None = None,
        n_max: int = 20,
        procedure: str = "median",
        kappa: float = PAPER_KAPPA,
        random_state: int = 0,
        deterministic: bool = True,
        cleaning: Cleaning = "paper",
        stopping: Stopping = "absolute",
        n_epochs: int = FIXED_EPOCHS,
    ) -> None:
        self.embeddings = embeddings
        self.n_max = n_max
        self.procedure = procedure
        self.kappa = kappa
        self.random_state = random_state
        self.deterministic = deterministic
        self.cleaning = cleaning
        self.stopping = stopping
        self.n_epochs = n_epochs

    def _prepare(self) -> WordEmbeddings:
        if self.embeddings is None:
            raise missing_vectors(self)
        self._check_settings(None)
        self._record_fit()
        emb = self.embeddings
        self.embeddings_ = emb
        self.rank_ = emb.rank()
        self.table_ = emb.padded_table()
        return emb

    def fit(
        self,
        X: tuple[Texts | TokenBatch, Texts | TokenBatch],
        y: npt.ArrayLike,
        *,
        checkpoint: str | None = None,
        frozen: FrozenTable | None = None,
    ) -> Self:
        """Learn the weights from couples ``X = (texts_a, texts_b)`` (two equally long
        lists of texts) with ``y`` = 1 where the couple is related, 0 where not.
        ``checkpoint``: a file for the per-epoch training state, so that a killed
        training resumes from its last finished epoch (:func:`train_weights`). ``frozen``:
        the table's variable shared by several trainings on the same word vectors (a κ
        search: :class:`~textsim.methods.learned.training.FrozenTable`)."""
        from textsim.methods.learned.training import TrainConfig, train_weights

        emb = self._prepare()
        a, b = (sort_by_rank(self._batch(t), self.rank_) for t in X)
        config = TrainConfig.named(self.procedure, kappa=self.kappa)
        if config.schedule == "algorithm1":
            config = dataclasses.replace(config, stopping=self.stopping, epochs=self.n_epochs)
        result = train_weights(
            a,
            b,
            y,
            self.table_,
            self.n_max,
            config,
            seed=self.random_state,
            deterministic=self.deterministic,
            checkpoint=checkpoint,
            frozen=frozen,
        )
        self.weights_ = result.weights
        self.history_ = result.history
        self.training_ = result.runtime  # Keras backend, version and device
        self.config_ = asdict(config)
        self.n_features_out_ = emb.dim
        return self

    def fit_transform(  # type: ignore[override]
        self, X: tuple[Texts | TokenBatch, Texts | TokenBatch], y: npt.ArrayLike
    ) -> tuple[FloatArray, FloatArray]:
        """Fit on the couples and embed both sides: ``(vectors_a, vectors_b)``."""
        self.fit(X, y)
        return self.transform(X[0]), self.transform(X[1])

    def _restore(self, fitted: dict[str, Any]) -> None:
        emb = self._prepare()
        weights = np.asarray(fitted["weights_"], dtype=np.float64)
        if weights.shape != (self.n_max,):
            raise ValueError(f"{weights.size} weights for n_max = {self.n_max}")
        if not np.isfinite(weights).all():
            raise ValueError("the weights hold NaN or infinite values")
        self.weights_ = weights
        self.n_features_out_ = emb.dim

    def transform(self, X: Texts | TokenBatch | str) -> FloatArray:
        """Embed texts: sort each text's words by ascending df, weight the i-th by
        the i-th learned weight, sum; (number of texts, dimension), float32."""
        self._check_fitted()
        return self._streamed(X, self._transform_batch, self._embed_ids)

    def _transform_batch(self, batch: TokenBatch) -> FloatArray:
        batch = sort_by_rank(batch, self.rank_)
        vectors = weighted_vectors(batch, self.table_, self.weights_)
        return np.asarray(vectors, dtype=np.float32).reshape(len(batch), self.table_.shape[1])

    def _embed_ids(self, ids: npt.NDArray[np.int32]) -> FloatArray:
        """One long text by its vocabulary ids, in blocks of words (memory bounded by a
        block): :meth:`_transform_batch`'s vector up to rounding."""
        dim = self.table_.shape[1]
        if not len(ids):
            return np.zeros(dim, dtype=np.float32)
        ids = ids[np.argsort(self.rank_[ids], kind="stable")]  # rarest first
        z = interpolated_weights(np.array([len(ids)]), self.weights_, len(ids))[0]
        step = max(1, (1 << 22) // dim)
        total = np.zeros(dim)
        for a in range(0, len(ids), step):
            total += z[a : a + step] @ self.table_[ids[a : a + step]].astype(np.float64)
        return np.asarray(total / len(ids), dtype=np.float32)

    # ------------------------------------------------------------ persistence

    @staticmethod
    def read_weights(path: str | os.PathLike[str]) -> dict[str, Any]:
        """A weight file's JSON, checked; errors name the file."""
        doc = read_json(path)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
            raise InputFileError(f"{path}: not a textsim weight file (format {found!r})")
        try:
            n_max = int(doc["n_max"])
            weights = [float(x) for x in doc["weights"]]
            str(doc["procedure"]), float(doc["kappa"])
        except (KeyError, TypeError, ValueError) as err:
            what = f"no {err}" if isinstance(err, KeyError) else "a value of the wrong type"
            raise InputFileError(f"{path}: incomplete textsim weight file ({what})") from None
        kinds: dict[str, tuple[type, ...]] = {
            "n_max": (int,),
            "procedure": (str,),
            "stopping": (str,),
            "n_epochs": (int,),
            "embedding_dim": (int, type(None)),
            "normalized_vectors": (bool,),
            "history": (list,),
            "config": (dict,),
            "training": (dict,),
        }
        for key, allowed in kinds.items():
            value = doc.get(key)
            if key in doc and (type(value) not in allowed or (type(value) is int and value < 1)):
                raise InputFileError(
                    f"{path}: {key} is {quoted(value)}, not "
                    + " or ".join("null" if t is type(None) else t.__name__ for t in allowed)
                    + (" ≥ 1" if int in allowed else "")
                )
        if len(weights) != n_max:
            raise InputFileError(f"{path}: {len(weights)} weights for n_max = {n_max}")
        if not np.isfinite(weights).all():
            raise InputFileError(f"{path}: the weights hold NaN or infinite values (corrupt)")
        return doc

    @classmethod
    def normalized_for(cls, weights: Any) -> bool:
        """As the weights were trained: the weight file's ``normalized_vectors``."""
        return bool(cls.read_weights(weights).get("normalized_vectors", False))

    @classmethod
    def from_weights(
        cls, weights: Any, embeddings: Any, *, check_dim: bool = True, **params: Any
    ) -> WeightedEmbedding:
        """:meth:`load` then ``set_params(**params)`` (how :func:`textsim.fit` applies it)."""
        model = cls.load(weights, embeddings, check_dim=check_dim)
        model.set_params(**params)
        model._check_fitted()  # the parameters allowed, n_max the file's
        return model

    def save_weights(self, path: str | os.PathLike[str], **metadata: Any) -> None:
        """Write the weights and their training metadata as JSON (no vocabulary inside):
        the workflow's weight file. :func:`textsim.save` writes a full model file instead."""
        if not hasattr(self, "weights_"):
            raise NotFittedError("WeightedEmbedding is not fitted; nothing to save")
        doc = {
            "format": FORMAT,
            "n_max": int(self.n_max),
            "weights": [float(x) for x in self.weights_],
            "procedure": self.procedure,
            "kappa": float(self.kappa),
            "random_state": int(self.random_state),
            "stopping": self.stopping,
            "n_epochs": int(self.n_epochs),
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
        cls, path: str | os.PathLike[str], embeddings: WordEmbeddings, *, check_dim: bool = True
    ) -> WeightedEmbedding:
        """Load saved weights and attach them to ``embeddings``.

        The weights are rank-indexed and apply to any word vectors; a model trained
        on vectors of another dimension is refused unless ``check_dim=False`` (the
        paper's out-of-the-box transfer). ``embeddings`` must be normalised as the
        weights were trained (the file's ``normalized_vectors``; :func:`textsim.fit`
        does this for you).
        """
        doc = cls.read_weights(path)
        weights = np.asarray(doc["weights"], dtype=np.float64)
        trained_dim = doc.get("embedding_dim")
        if check_dim and trained_dim is not None and trained_dim != embeddings.dim:
            raise InputFileError(
                f"{path}: weights were trained on {trained_dim}-d vectors, "
                f"these are {embeddings.dim}-d; to apply them to other embeddings on purpose "
                "(out-of-the-box transfer), pass check_dim=False "
                "(textsim fit learned ... --param check_dim=false)"
            )
        model = cls(
            embeddings,
            n_max=int(doc["n_max"]),
            procedure=doc["procedure"],
            kappa=doc["kappa"],
            # files written before the stopping rule was a setting trained with the default
            stopping=doc.get("stopping", "absolute"),
            n_epochs=int(doc.get("n_epochs", FIXED_EPOCHS)),
        )
        model._restore({"weights_": weights})
        model.history_ = doc.get("history", [])
        model.config_ = doc.get("config", {})
        model.training_ = doc.get("training", {})
        return model
