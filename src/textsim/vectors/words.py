"""Word vectors and token batches: texts encoded once as padded index matrices."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import cast

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.text.docfreq import IdfVariant, idf_from_df

FloatArray = npt.NDArray[np.float32]


Texts = Sequence[Sequence[str]] | Sequence[str] | pd.Series


def length_chunks(
    lengths: npt.ArrayLike, cells: Callable[[int], int], budget: int
) -> Iterator[npt.NDArray[np.int64]]:
    """Row indices in order of length (stable), in chunks of similar length: a chunk
    grows while its size × ``cells(its longest length)`` stays within ``budget`` (at
    least one row each), so batched arrays padded to the chunk's longest text stay
    bounded and hold little padding."""
    lens = np.asarray(lengths, dtype=np.int64)
    order = np.argsort(lens, kind="stable")
    start = 0
    while start < len(order):
        stop = start + 1
        while stop < len(order) and (stop + 1 - start) * cells(int(lens[order[stop]])) <= budget:
            stop += 1
        yield order[start:stop]
        start = stop


@dataclass(frozen=True)
class TokenBatch:
    """Texts as a padded index matrix.

    ``ids[i, :lengths[i]]`` are the vocabulary indices of text ``i``; the rest
    is ``pad`` (= vocabulary size).
    """

    ids: npt.NDArray[np.int32]
    lengths: npt.NDArray[np.int32]
    pad: int

    def __len__(self) -> int:
        return int(self.ids.shape[0])

    @property
    def mask(self) -> npt.NDArray[np.bool_]:
        return np.asarray(self.ids != self.pad)

    def take(self, rows: npt.ArrayLike) -> TokenBatch:
        idx = np.asarray(rows)
        return TokenBatch(self.ids[idx], self.lengths[idx], self.pad)

    def slice(self, start: int, stop: int) -> TokenBatch:
        return TokenBatch(self.ids[start:stop], self.lengths[start:stop], self.pad)


@dataclass
class WordEmbeddings:
    """A vocabulary with its vectors and document frequencies, aligned by index."""

    words: list[str]
    vectors: FloatArray
    df: npt.NDArray[np.int64]
    n_documents: int
    index: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.vectors.ndim != 2 or self.vectors.shape[0] != len(self.words):
            raise ValueError("vectors must be a (vocabulary size, dimension) matrix")
        if self.df.shape != (len(self.words),):
            raise ValueError("df must hold one document frequency per word")
        self.index = {w: i for i, w in enumerate(self.words)}

    def __repr__(self) -> str:  # the vectors are data, not settings: no 100,000-line repr
        return (
            f"WordEmbeddings({len(self.words):,} words x {self.dim}, "
            f"{self.n_documents:,} documents)"
        )

    @property
    def dim(self) -> int:
        return int(self.vectors.shape[1])

    @property
    def pad(self) -> int:
        return len(self.words)

    @classmethod
    def from_arrays(
        cls,
        words: Sequence[str],
        vectors: npt.ArrayLike,
        df: npt.ArrayLike,
        n_documents: int,
        *,
        normalize: bool = False,
    ) -> WordEmbeddings:
        v = np.array(vectors, dtype=np.float32)
        if normalize:
            norms = np.linalg.norm(v, axis=1, keepdims=True)
            v /= np.where(norms > 0, norms, 1.0)
        return cls(list(words), v, np.asarray(df, dtype=np.int64), n_documents)

    def padded_table(self) -> FloatArray:
        """The vectors plus one zero row at index :attr:`pad` (what padding ids gather)."""
        return np.vstack([self.vectors, np.zeros((1, self.dim), np.float32)])

    def idf(self, variant: IdfVariant = "paper") -> npt.NDArray[np.float64]:
        return idf_from_df(self.df, self.n_documents, variant)

    def rank(self) -> npt.NDArray[np.int64]:
        """Position of each word when sorted by ascending df, ties by the word itself."""
        order = np.lexsort((np.asarray(self.words, dtype=object), self.df))
        rank = np.empty(len(self.words), dtype=np.int64)
        rank[order] = np.arange(len(self.words))
        return rank

    def encode(self, texts: Texts | pd.Series, max_length: int | None = None) -> TokenBatch:
        """Encode texts (strings split on white space, or token lists), dropping OOV tokens.

        Vectorised: strings are split and looked up in Arrow's compute kernels,
        token lists in one pandas hash look-up; no Python loop over tokens.
        """
        if isinstance(texts, pd.Series) or (
            len(texts) > 0 and all(isinstance(t, str) for t in texts)
        ):
            raw_len, ids = self._lookup_strings(cast("Sequence[str] | pd.Series", texts))
        else:
            token_lists = [t.split() if isinstance(t, str) else list(t) for t in texts]
            raw_len = np.fromiter(
                (len(t) for t in token_lists), dtype=np.int64, count=len(token_lists)
            )
            flat = pd.Index([tok for toks in token_lists for tok in toks], dtype=object)
            ids = self._lookup.get_indexer(flat) if len(flat) else np.empty(0, dtype=np.int64)
        from textsim.vectors.kernels import pad_ids

        return TokenBatch(*pad_ids(raw_len, ids, self.pad, max_length), self.pad)

    def _lookup_strings(
        self, texts: Sequence[str] | pd.Series
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Token counts per text and vocabulary ids (-1 for OOV) of all tokens, via Arrow."""
        import pyarrow as pa
        import pyarrow.compute as pc

        arr = (
            pa.array(texts, type=pa.large_string())
            if not isinstance(texts, pd.Series)
            else pa.array(texts.astype(object) if texts.dtype == object else texts)
        )
        if arr.null_count:
            raise ValueError("texts must not be missing (None/NaN)")
        # on ASCII text both split at the same (ASCII) white space; the ASCII kernel is faster
        ascii_only = pc.all(pc.string_is_ascii(arr)).as_py() is not False
        lists = pc.ascii_split_whitespace(arr) if ascii_only else pc.utf8_split_whitespace(arr)
        raw_len = pc.list_value_length(lists).to_numpy(zero_copy_only=False).astype(np.int64)
        flat = pc.list_flatten(lists)
        vocab = self.__dict__.get("_arrow_vocab")
        if vocab is None:
            vocab = pa.array(self.words, type=flat.type)
            self.__dict__["_arrow_vocab"] = vocab
        elif vocab.type != flat.type:
            vocab = vocab.cast(flat.type)
        found = pc.index_in(flat, value_set=vocab)
        ids = pc.fill_null(found, -1).to_numpy(zero_copy_only=False).astype(np.int64)
        return raw_len, ids

    @property
    def _lookup(self) -> pd.Index:
        lookup = self.__dict__.get("_lookup_index")
        if lookup is None:
            lookup = pd.Index(self.words)
            if not lookup.is_unique:
                raise ValueError("vocabulary words must be unique")
            self.__dict__["_lookup_index"] = lookup
        return lookup


#: what an estimator may do with an out-of-vocabulary word (GEM's ``oov``)
OOV_RULES = ("drop", "random")


def random_vocabulary_word(word: str, vocabulary: Sequence[str], seed: int) -> str:
    """The vocabulary word that stands for the unknown ``word``: uniform over the
    vocabulary, fixed by the word and the seed (CRC-32 of both)."""
    return vocabulary[zlib.crc32(f"{seed}\t{word}".encode()) % len(vocabulary)]
