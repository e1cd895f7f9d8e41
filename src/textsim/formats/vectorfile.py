"""Word-vector files: the one module that reads and writes them, and their identity.

Formats, told apart by the file name's suffix:

* ``.npz``: textsim's own (``textsim-vectors/1``), what the workflow writes: ``words``
  (UTF-8, one word per line), ``vectors`` (float32) and, when known, ``counts`` (int64,
  the training corpus' word counts). Read with ``numpy.load(allow_pickle=False)``: the
  file holds arrays only and cannot carry code.
* ``.bin``: word2vec binary, also compressed (``.bin.gz``, ``.bin.bz2``: Google News);
  anything else: word2vec text (optionally gzip/bz2). gensim parses both as data.
* ``.kv`` and ``.model``: gensim's native format, a Python pickle. Unpickling a file runs
  whatever code it names, so :func:`read_vectors` opens one only when told the file is
  trusted — when the user named it (``--vectors``, ``vectors=``), never because a model
  file records it.

A model file records its vectors by content (:func:`vectors_identity`: a SHA-256 over
the vocabulary and the raw float32 vectors), so the same vectors in any of these formats
match and a retrained file does not.
"""

from __future__ import annotations

import hashlib
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.core.io import InputFileError, PathLike, atomic_path

__all__ = [
    "FORMAT",
    "PICKLE_SUFFIXES",
    "UntrustedVectorsError",
    "is_pickle_format",
    "read_vectors",
    "vectors_identity",
    "write_vectors",
]

FORMAT = "textsim-vectors/1"
#: gensim's native formats: pickles, opened only when trusted
PICKLE_SUFFIXES = (".kv", ".model")


class UntrustedVectorsError(InputFileError):
    """A pickle-format vectors file that nobody named: textsim does not open it."""


def is_pickle_format(path: PathLike) -> bool:
    """Whether reading ``path`` as word vectors would unpickle it (gensim ``.kv``/``.model``)."""
    return Path(path).suffix in PICKLE_SUFFIXES


def vectors_identity(words: list[str], vectors: npt.NDArray[Any]) -> dict[str, Any]:
    """``{"dim", "size", "sha256"}`` of a vocabulary and its (raw) vectors."""
    h = hashlib.sha256()
    h.update("\n".join(words).encode("utf-8"))
    # the raw bytes, without the copy tobytes() would make (GBs for large vocabularies)
    h.update(np.ascontiguousarray(vectors, dtype=np.float32).data.cast("B"))
    return {"dim": int(vectors.shape[1]), "size": len(words), "sha256": h.hexdigest()}


def write_vectors(path: PathLike, kv: Any) -> Path:
    """Write gensim ``KeyedVectors`` as a ``textsim-vectors/1`` ``.npz`` file (atomically),
    with the word counts gensim holds when they are real; returns the path."""
    path = Path(path)
    if path.suffix != ".npz":
        raise ValueError(f"{path}: textsim writes word vectors as .npz (no pickle)")
    words = list(kv.index_to_key)
    if any("\n" in w for w in words):
        raise ValueError(f"{path}: a word contains a line break; cannot store the vocabulary")
    arrays: dict[str, npt.NDArray[Any]] = {
        "format": np.frombuffer(FORMAT.encode("ascii"), np.uint8),
        "words": np.frombuffer("\n".join(words).encode("utf-8"), np.uint8),
        "vectors": np.ascontiguousarray(kv.vectors, dtype=np.float32),
    }
    counts = _counts(kv)
    if counts is not None:
        arrays["counts"] = counts
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        np.savez(fh, allow_pickle=False, **arrays)  # float vectors barely compress
    return path


def _counts(kv: Any) -> npt.NDArray[np.int64] | None:
    """gensim's word counts, None when it holds none or only made-up ranks."""
    counts = kv.expandos.get("count") if hasattr(kv, "expandos") else None
    if counts is None or len(counts) != len(kv):
        return None
    counts = np.asarray(counts, dtype=np.int64)
    if np.array_equal(counts, np.arange(len(kv), 0, -1)):
        return None  # load_word2vec_format's stand-in ranks
    return counts


def read_vectors(path: PathLike, *, trusted: bool = True) -> Any:
    """Read word vectors as gensim ``KeyedVectors``: textsim ``.npz``, word2vec ``.bin``
    or text, or — only when ``trusted`` — gensim's pickle ``.kv``/``.model``.

    A missing, truncated or foreign file raises :class:`~textsim.core.io.InputFileError`
    naming it; an untrusted pickle :class:`UntrustedVectorsError`, before any byte of it
    is read."""
    from gensim.models import KeyedVectors

    p = Path(path)
    if not p.is_file():
        raise InputFileError(f"{p}: no such word-vector file")
    pickled = is_pickle_format(p)
    if pickled and not trusted:
        raise UntrustedVectorsError(
            f"{p}: a gensim pickle file; textsim never unpickles a file it was not told to "
            "trust (unpickling can run code)"
        )
    try:
        if p.suffix == ".npz":
            kv = _read_npz(p)
        elif pickled:
            kv = KeyedVectors.load(str(p))
            if not isinstance(kv, KeyedVectors):  # e.g. a full Word2Vec model
                kv = getattr(kv, "wv", None)
                if not isinstance(kv, KeyedVectors):
                    raise InputFileError(f"{p}: a gensim file, but not word vectors")
        else:
            kv = KeyedVectors.load_word2vec_format(str(p), binary=_binary(p))
    except InputFileError:
        raise
    except Exception as err:  # the parsers raise whatever they meet (EOF, zip, value, ...)
        kind = "word2vec binary (.bin)" if _binary(p) else "word2vec text"
        if p.suffix == ".npz":
            kind = "textsim vectors (.npz)"
        elif pickled:
            kind = "gensim KeyedVectors (.kv)"
        raise InputFileError(  # the parser's message can quote the file: never shown
            f"{p}: cannot read word vectors as {kind} — truncated or not that format "
            f"({type(err).__name__})"
        ) from None
    if len(kv) == 0:
        raise InputFileError(f"{p}: holds no word vectors")
    return kv


def _binary(p: Path) -> bool:
    """Whether a word2vec file is binary: ``.bin``, compressed or not."""
    suffixes = p.suffixes[-2:]
    return bool(suffixes) and (suffixes[-1] == ".bin" or suffixes[0] == ".bin")


def _read_npz(p: Path) -> Any:
    from gensim.models import KeyedVectors

    try:
        with np.load(p, allow_pickle=False) as npz:
            files = set(npz.files)
            if "format" not in files or npz["format"].tobytes() != FORMAT.encode("ascii"):
                raise InputFileError(
                    f"{p}: not a {FORMAT} file (word vectors as .npz are written by textsim)"
                )
            words = npz["words"].tobytes().decode("utf-8").split("\n")
            vectors = np.asarray(npz["vectors"], dtype=np.float32)
            counts = np.asarray(npz["counts"], dtype=np.int64) if "counts" in files else None
    except (ValueError, OSError, EOFError, KeyError, zipfile.BadZipFile, zlib.error) as err:
        if isinstance(err, InputFileError):
            raise
        raise InputFileError(
            f"{p}: cannot read word vectors as textsim vectors (.npz) — truncated or not "
            f"that format ({type(err).__name__})"
        ) from None
    if vectors.ndim != 2 or len(words) != len(vectors):
        raise InputFileError(f"{p}: {len(words)} words but vectors of shape {vectors.shape}")
    if counts is not None and counts.shape != (len(words),):
        raise InputFileError(f"{p}: {len(words)} words but {counts.size} counts")
    kv = KeyedVectors(vectors.shape[1], count=0, dtype=np.float32)
    # the arrays as they are (add_vectors would copy the matrix: twice the memory)
    kv.index_to_key = words
    kv.key_to_index = {w: i for i, w in enumerate(words)}
    if len(kv.key_to_index) != len(words):
        raise InputFileError(f"{p}: the vocabulary repeats a word")
    kv.vectors = vectors
    kv.allocate_vecattrs()
    if counts is not None:
        kv.expandos["count"] = counts
    return kv
