"""The estimator base of every embedding method (scikit-learn estimator API).

Every estimator takes **raw texts** (a list of strings, a pandas Series, or one
bare string, which is one text, never its characters) and applies the cleaning
it was built with (``cleaning="paper"``: lowercase, numbers → ``0``, punctuation
removed, as the workflow cleans every corpus) before looking words up, so
``transform(["The cat sat."])`` embeds *the cat sat*. Already tokenised input
(lists of tokens, or a :class:`TokenBatch`) is used as it is.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

import numpy as np
import numpy.typing as npt
import pandas as pd
from sklearn.base import BaseEstimator
from sklearn.exceptions import NotFittedError as NotFittedError  # raised by every method

from textsim.core.io import quoted
from textsim.methods.given_vectors import taking_vectors
from textsim.methods.texts import as_texts
from textsim.methods.transform_options import with_transform_options
from textsim.vectors.words import Texts, TokenBatch, WordEmbeddings

Cleaning = Literal["paper", "none", "wordpunct"]
#: paper: the workflow's cleaning; none: white space only; wordpunct: the official GEM
#: encoder's tokenisation (:func:`textsim.text.cleaning.wordpunct_tokens`)
CLEANINGS: tuple[str, ...] = ("paper", "none", "wordpunct")


def clean_texts(texts: Any, cleaning: str) -> Any:
    """Apply ``cleaning`` to string texts (token lists and TokenBatch pass through)."""
    if cleaning not in CLEANINGS:
        raise ValueError(f"unknown cleaning {cleaning!r}; expected one of {', '.join(CLEANINGS)}")
    if cleaning == "none" or isinstance(texts, TokenBatch):
        return texts
    from textsim.text.cleaning import clean_lines, wordpunct_tokens

    if cleaning == "wordpunct":
        if isinstance(texts, pd.Series):
            texts = list(texts.astype(str))
        if any(t is None for t in texts):
            raise ValueError("texts must not be missing (None)")
        return [" ".join(wordpunct_tokens(t)) if isinstance(t, str) else t for t in texts]

    if isinstance(texts, pd.Series):
        if texts.isna().any():
            raise ValueError("texts must not be missing (None/NaN)")
        return [" ".join(tokens) for tokens in clean_lines(list(texts.astype(str)))]
    if len(texts) and all(isinstance(t, str) for t in texts):
        return [" ".join(tokens) for tokens in clean_lines(list(texts))]
    if any(t is None for t in texts):
        raise ValueError("texts must not be missing (None)")
    return texts


#: a text longer than this (characters) is embedded on its own, streamed
LONG_CHARS = 1 << 16
#: characters cleaned and looked up at once in a long text
PIECE_CHARS = 1 << 20
_SPACE = re.compile(r"\s")


def text_pieces(text: str, size: int) -> Iterator[str]:
    """``text`` in consecutive pieces of about ``size`` characters, each ending at white
    space (or at the end): no token is cut."""
    start = 0
    while start < len(text):
        cut = _SPACE.search(text, min(start + size, len(text)))
        stop = cut.end() if cut else len(text)
        yield text[start:stop]
        start = stop


class ParamsMixin(BaseEstimator):  # type: ignore[misc]
    """scikit-learn's estimator base: the parameters are the ``__init__`` arguments,
    stored under their names (``get_params``, ``set_params``, ``clone``, a ``repr`` of
    the parameters that differ from their defaults).

    The data an estimator is built on (:attr:`_data_params`: word vectors, unigram
    probabilities) is given to ``__init__`` too, but it is not a parameter: a
    hyperparameter search cannot vary it, so ``get_params``, ``set_params`` and the
    ``repr`` leave it out, and ``clone`` hands the copy the same data (by reference).
    """

    #: ``__init__`` arguments that are data, not settings
    _data_params: ClassVar[tuple[str, ...]] = ("embeddings", "probabilities", "word_vectors")
    #: private data a copy keeps too: the identity of a vector file named by ``vectors=``
    _data_attributes: ClassVar[tuple[str, ...]] = ("_vectors_source",)

    @classmethod
    def _get_param_names(cls) -> list[str]:
        names: list[str] = super()._get_param_names()
        return [n for n in names if n not in cls._data_params]

    def __sklearn_clone__(self) -> Self:
        copy: Self = super().__sklearn_clone__()
        for name in (*self._data_params, *self._data_attributes):
            if name in self.__dict__:
                setattr(copy, name, self.__dict__[name])
        return copy


@dataclass(frozen=True)
class Allowed:
    """The values one hyperparameter may take: an integer or a real number in a range
    (``low``/``high`` inclusive unless ``open_low``; ``high="dim"``: at most the word
    vectors' dimension), or one of ``choices``; ``optional``: None too."""

    kind: Literal["int", "real", "choice", "bool"]
    low: float | None = None
    high: float | Literal["dim"] | None = None
    open_low: bool = False
    choices: tuple[Any, ...] = ()
    optional: bool = False

    def describe(self, dim: int | None) -> str:
        if self.kind == "choice":
            text = "one of " + ", ".join(repr(c) for c in self.choices)
        elif self.kind == "bool":
            text = "true or false"
        else:
            text = "an integer" if self.kind == "int" else "a number"
            high = dim if self.high == "dim" else self.high
            what = "the word vectors' dimension" if self.high == "dim" else None
            if self.low is not None and high is not None:
                text += f" from {self.low:g} to {high:g}" + (f" ({what})" if what else "")
                if self.open_low:
                    text = text.replace(" from ", " above ").replace(" to ", ", at most ")
            elif self.low is not None:
                text += f" {'>' if self.open_low else '≥'} {self.low:g}"
            elif what:
                text += f" at most {what}"
        return text + (", or None" if self.optional else "")

    def json_schema(self) -> dict[str, Any]:
        """The rule as a JSON-schema node (the config schema's per-method settings are
        checked against it: tests/test_config.py); a bound of ``"dim"`` is left to
        :meth:`admits` (the vectors' dimension is unknown to the schema)."""
        if self.kind == "choice":
            node: dict[str, Any] = {"enum": [*self.choices, *([None] if self.optional else [])]}
            return node
        kind = {"int": "integer", "real": "number", "bool": "boolean"}[self.kind]
        node = {"type": [kind, "null"] if self.optional else kind}
        if self.low is not None:
            node["exclusiveMinimum" if self.open_low else "minimum"] = self.low
        if self.high is not None and self.high != "dim":
            node["maximum"] = self.high
        return node

    def admits(self, value: Any, dim: int | None) -> bool:
        if value is None:
            return self.optional
        if self.kind == "choice":
            return any(value == c and type(value) is type(c) for c in self.choices)
        if self.kind == "bool":
            return isinstance(value, bool | np.bool_)
        numeric = int | np.integer if self.kind == "int" else int | float | np.integer | np.floating
        if isinstance(value, bool | np.bool_) or not isinstance(value, numeric):
            return False
        if not np.isfinite(value):
            return False
        if self.low is not None and (value <= self.low if self.open_low else value < self.low):
            return False
        high = dim if self.high == "dim" else self.high
        return high is None or value <= high


def check_params(owner: Any, rules: Mapping[str, Allowed], dim: int | None = None) -> None:
    """Raise ValueError naming the first parameter of ``owner`` outside its rule: its
    name, its value and what is allowed (``dim``: the word vectors' dimension)."""
    for name, rule in rules.items():
        value = getattr(owner, name)
        if not rule.admits(value, dim):
            raise ValueError(
                f"{type(owner).__name__}: {name}={quoted(value)} is not allowed; expected "
                f"{rule.describe(dim)}"
            )


#: the ``cleaning`` parameter every estimator of raw text takes
CLEANING_RULE = Allowed("choice", choices=CLEANINGS)


@dataclass(frozen=True)
class Needs:
    """What fitting an embedding method takes besides its parameters: word vectors,
    fitting texts, unigram probabilities p(w), document frequencies, a trained weight
    file. :func:`textsim.fit` asks each estimator class (:meth:`EmbeddingMethod.needs_for`)
    instead of knowing method names."""

    vectors: bool = True
    texts: bool = False
    probabilities: bool = False
    docfreq: bool = False
    weights: bool = False


class EmbeddingMethod(ParamsMixin):
    """What every embedding method declares: its :class:`Needs` (``needs``, or
    :meth:`needs_for` where they depend on the parameters) and the keywords it takes at
    fit time beyond its parameters (``fit_options``). Each method's ``transform(X)``
    also takes ``batch_size``, ``show_progress`` and ``normalize``
    (:func:`~textsim.methods.transform_options.with_transform_options`, added to every
    subclass's ``transform``)."""

    needs: ClassVar[Needs] = Needs()
    fit_options: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("transform")
        if own is not None and not getattr(own, "_with_options", False):
            wrapped = with_transform_options(own)
            wrapped._with_options = True  # type: ignore[attr-defined]
            cls.transform = wrapped
        init = cls.__dict__.get("__init__")
        if init is not None and "embeddings" in inspect.signature(init).parameters:
            cls.__init__ = taking_vectors(init)  # type: ignore[method-assign]

    @classmethod
    def needs_for(cls, params: Mapping[str, Any]) -> Needs:
        """The needs of this method with ``params`` (the class's ``needs`` by default)."""
        return cls.needs

    @classmethod
    def normalized_for(cls, weights: Any) -> bool:
        """Whether :func:`textsim.fit` unit-normalises the word vectors by default:
        no, except for methods applied from a weight file (as the file says)."""
        return False

    @classmethod
    def from_weights(cls, weights: Any, embeddings: Any, **params: Any) -> Any:
        """The model of a trained weight file on ``embeddings`` (methods whose
        :class:`Needs` include ``weights``)."""
        raise NotImplementedError(f"{cls.__name__} is not applied from a weight file")

    @classmethod
    def from_files(
        cls,
        weights: Any,
        vectors: Any,
        docfreq: Any = None,
        *,
        normalize: bool | None = None,
        **params: Any,
    ) -> Any:
        """:meth:`from_weights` on a vector file (and its document frequencies), the
        vectors prepared as :meth:`normalized_for` says unless ``normalize`` is given:
        how :func:`textsim.fit` and the workflow's STS stage make such a model.
        ``source_`` records the vector file's identity."""
        from textsim.formats.source import open_vectors

        if normalize is None:
            normalize = cls.normalized_for(weights)
        loaded = open_vectors(vectors, docfreq, normalize=normalize)
        model = cls.from_weights(weights, loaded.embeddings, **params)
        model.source_ = loaded.source
        return model


class Estimator(EmbeddingMethod):
    """Estimators over a fitted :class:`WordEmbeddings`.

    Subclasses list in ``_fitted_arrays`` the fitted attributes that a model file
    stores (:mod:`textsim.formats.modelfile`) and implement :meth:`_restore`.
    Persistence is not theirs: :func:`textsim.save` writes any fitted estimator.
    """

    _fitted_arrays: ClassVar[tuple[str, ...]] = ()
    #: the parameters the fitted state is made of: changing one after fitting is an
    #: error at transform (fit again), not a silently ignored setting
    _fit_settings: ClassVar[tuple[str, ...]] = ()
    #: the allowed value of each parameter (:func:`check_params`)
    allowed: ClassVar[dict[str, Allowed]] = {}
    #: whether the fitted arrays live in the word vectors' space (other vectors of
    #: another dimension cannot take them)
    space_bound: ClassVar[bool] = False
    cleaning: str = "paper"

    def _check_settings(self, dim: int | None) -> None:
        """Every parameter within its rule (:attr:`allowed`) and, where parameters
        depend on one another, consistent (:meth:`_check_combination`)."""
        check_params(self, self.allowed, dim)
        self._check_combination()

    def _check_combination(self) -> None:
        """Raise ValueError naming parameters whose values contradict each other."""

    def _record_fit(self) -> None:
        """Remember the parameters the fitted state was made with (:attr:`_fit_settings`)."""
        self._fitted_with = {name: getattr(self, name) for name in self._fit_settings}

    @classmethod
    def fitted_shapes(cls, params: Mapping[str, Any], dim: int) -> dict[str, tuple[int, ...]]:
        """The shape of each of :attr:`_fitted_arrays` for ``params`` on ``dim``-d
        vectors: what a model file must hold (checked at load, and bounding how much
        of the file is read)."""
        return {}

    def _check_fitted(self) -> WordEmbeddings:
        """The fitted word vectors, after checking that the model is fitted and that its
        parameters are still allowed and the ones it was fitted with."""
        emb = getattr(self, "embeddings_", None)
        if emb is None:
            raise NotFittedError(f"{type(self).__name__} is not fitted; call fit() first")
        assert isinstance(emb, WordEmbeddings)
        self._check_settings(emb.dim)
        for name, value in getattr(self, "_fitted_with", {}).items():
            now = getattr(self, name)
            if not (now is value or (type(now) is type(value) and now == value)):
                raise ValueError(
                    f"{type(self).__name__}: {name} changed from {value!r} to {now!r} after "
                    "fitting; fit again for it to take effect"
                )
        return emb

    def _streamed(
        self,
        X: TokenBatch | Texts | str,
        short: Callable[[TokenBatch], npt.NDArray[Any]],
        long: Callable[[npt.NDArray[np.int32]], npt.NDArray[Any]],
    ) -> npt.NDArray[Any]:
        """``short`` over the texts as one batch, but each text over :data:`LONG_CHARS`
        characters tokenised in pieces and embedded by ``long`` from its vocabulary ids
        (no padded batch, no token list: memory linear in its length)."""
        if isinstance(X, TokenBatch):
            return short(self._batch(X))
        texts = as_texts(X)
        long_rows = [i for i, t in enumerate(texts) if isinstance(t, str) and len(t) > LONG_CHARS]
        if not long_rows:
            return short(self._batch(texts))
        rest = list(texts)
        for i in long_rows:
            rest[i] = ""
        out = short(self._batch(rest))
        emb = self._check_fitted()
        for i in long_rows:
            out[i] = long(self._encode_long(emb, texts[i]))
        return out

    def _encode_long(self, emb: WordEmbeddings, text: str) -> npt.NDArray[np.int32]:
        """The vocabulary ids of one long text, cleaned and looked up piece by piece
        (pieces end at white space, which no cleaning step crosses)."""
        parts = [np.empty(0, dtype=np.int32)]
        for piece in text_pieces(text, PIECE_CHARS):
            batch = self._lookup(emb, clean_texts([piece], self.cleaning))
            parts.append(np.asarray(batch.ids[0, : batch.lengths[0]], dtype=np.int32))
        return np.concatenate(parts)

    def _encode(self, emb: WordEmbeddings, X: TokenBatch | Texts | str) -> TokenBatch:
        if isinstance(X, TokenBatch):
            if X.pad != emb.pad:
                raise ValueError("TokenBatch was encoded with a different vocabulary")
            return X
        return self._lookup(emb, clean_texts(as_texts(X), self.cleaning))

    def _lookup(self, emb: WordEmbeddings, texts: Any) -> TokenBatch:
        """Vocabulary ids of cleaned texts (out-of-vocabulary words dropped)."""
        return emb.encode(texts)

    def _batch(self, X: TokenBatch | Texts | str) -> TokenBatch:
        return self._encode(self._check_fitted(), X)

    def fit_transform(self, X: Any, y: Any = None) -> Any:
        """``fit(X, y)`` then ``transform(X)``: the transductive mode (fitted on the
        texts it embeds)."""
        est: Any = self  # every subclass defines fit and transform
        return est.fit(X, y).transform(X)

    def _restore(self, fitted: dict[str, npt.NDArray[Any]]) -> None:
        """Set the fitted state from a model file's arrays, without refitting."""
        raise NotImplementedError
