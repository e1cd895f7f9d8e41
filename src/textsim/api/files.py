"""File-to-file operations behind ``textsim fit``, ``textsim embed`` and
``textsim similarity``. Every error a user's file causes is an
:class:`~textsim.core.io.InputFileError` (or another ``ValueError``) naming the file,
and no output file is written unless the whole operation succeeded."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.core.io import InputFileError, PathLike, atomic_path, read_text_lines

__all__ = [
    "embed_file",
    "embed_texts",
    "fit_file",
    "model_inputs",
    "read_pairs",
    "score_pairs",
    "similarity_file",
]

BLOCK = 10_000  # texts per block: progress and bounded memory; rows are independent


def embed_texts(model: Any, texts: Sequence[str], *, progress: bool = True) -> npt.NDArray[Any]:
    """``model.transform`` over ``texts`` in blocks (each row depends on its text only),
    with a progress bar on stderr when there is more than one block."""
    from tqdm import tqdm

    if len(texts) <= BLOCK:
        return np.asarray(model.transform(list(texts)), dtype=np.float32)
    parts = [
        np.asarray(model.transform(list(texts[i : i + BLOCK])), dtype=np.float32)
        for i in tqdm(
            range(0, len(texts), BLOCK),
            desc="embedding",
            unit="block",
            disable=not progress,
        )
    ]
    return np.concatenate(parts)


def fit_file(
    method: str,
    output: PathLike,
    *,
    vectors: PathLike | None = None,
    docfreq: PathLike | None = None,
    texts: PathLike | None = None,
    weights: PathLike | None = None,
    force: bool = False,
    **params: Any,
) -> Any:
    """Fit ``method`` (texts: a file with one raw text per line) and write its model file
    (an existing ``output`` only with ``force``; never one of the inputs)."""
    from textsim.api.fitting import check_fit, fit

    # the call's own mistakes first (unknown parameter, missing input), then the files
    check_fit(method, vectors=vectors, docfreq=docfreq, texts=texts, weights=weights, **params)
    for given, what in (
        (vectors, "word-vector file"),
        (docfreq, "document-frequency file"),
        (texts, "file"),
        (weights, "weight file"),
    ):
        if given is not None and not Path(given).exists():
            raise InputFileError(f"{given}: no such {what}")
    _check_output(output, ".npz", (vectors, docfreq, texts, weights), force)
    fit_texts = read_text_lines(texts, what="fitting texts") if texts is not None else None
    try:
        model = fit(
            method, vectors=vectors, docfreq=docfreq, texts=fit_texts, weights=weights, **params
        )
    except InputFileError:
        raise  # names its file already
    except ValueError as err:
        where = f" on {texts}" if texts is not None else ""
        raise ValueError(f"fitting {method}{where}: {err}") from None
    from textsim.api.persistence import save

    save(model, output, overwrite=force)
    return model


def embed_file(
    model_path: PathLike,
    texts: PathLike,
    output: PathLike,
    *,
    vectors: PathLike | None = None,
    allow_other_vectors: bool = False,
    force: bool = False,
) -> dict[str, Any]:
    """Embed one raw text per line of ``texts`` into ``output`` (``.npy``, float32; an
    existing file only with ``force``; never one of the inputs, nor a file the model
    records). The model is verified and loaded before the texts are read."""
    import time

    _check_output(output, ".npy", (texts, vectors, *model_inputs(model_path)), force)
    if not Path(texts).is_file():
        read_text_lines(texts)  # its error names what is wrong with the path
    t0 = time.perf_counter()
    model = _load(model_path, vectors, allow_other_vectors)
    t1 = time.perf_counter()
    lines = read_text_lines(texts)
    out = embed_texts(model, lines)
    _check_finite(out, texts, model)
    t2 = time.perf_counter()
    with atomic_path(output) as tmp, open(tmp, "wb") as fh:
        np.save(fh, out)
    return {
        "texts": len(lines),
        "empty": int(np.sum(~out.any(axis=1))),
        "dim": int(out.shape[1]),
        "load_seconds": t1 - t0,
        "embed_seconds": t2 - t1,
    }


def _load(model_path: PathLike, vectors: PathLike | None, allow_other_vectors: bool) -> Any:
    """:func:`textsim.load`, a failure for lack of memory naming the model file."""
    from textsim.api.persistence import load

    try:
        return load(model_path, vectors, allow_other_vectors=allow_other_vectors)
    except MemoryError:
        raise MemoryError(
            f"loading {model_path} and its word vectors; give the process more memory"
        ) from None


def _check_finite(out: npt.NDArray[Any], texts: PathLike, model: Any) -> None:
    """Refuse embeddings with NaN or infinite values (never written or printed as
    numbers), naming the first line that gave one and the likely cause."""
    bad = np.flatnonzero(~np.isfinite(out).all(axis=1))
    if len(bad):
        source = getattr(model, "source_", None)
        where = f" ({source.vectors_path})" if source is not None else ""
        raise ValueError(
            f"{texts}:{bad[0] + 1}: the model gave a vector with NaN or infinite values "
            f"({len(bad):,} line(s) in all); the word vectors{where} hold non-finite values"
        )


def model_inputs(model_path: PathLike) -> list[Path]:
    """The model file and the files it records — its word vectors and document
    frequencies, relative to the model file — which a command that uses the model must
    never write (the metadata is verified: a missing or corrupt model file is named)."""
    from textsim.api.persistence import read_model_meta

    meta = read_model_meta(model_path)
    found = [Path(model_path)]
    source = meta.get("source") or {}
    for key in ("vectors_path", "docfreq_path"):
        raw = source.get(key) if isinstance(source, dict) else None
        if isinstance(raw, str) and raw:
            p = Path(raw)
            found.append(p if p.is_absolute() else Path(model_path).parent / p)
    return found


def read_pairs(path: PathLike, columns: tuple[int, int] = (1, 2)) -> tuple[list[str], list[str]]:
    """The text pairs of a tab-separated file: fields ``columns`` (1-based) of every line."""
    need = max(columns)
    if min(columns) < 1:
        raise ValueError(f"columns are counted from 1, got {columns}")
    a: list[str] = []
    b: list[str] = []
    for lineno, line in enumerate(read_text_lines(path, what="tab-separated text pairs"), 1):
        fields = line.split("\t")
        if len(fields) < need:
            raise InputFileError(
                f"{path}:{lineno}: {len(fields)} tab-separated field(s), expected at least "
                f"{need} (texts in columns {columns[0]} and {columns[1]})"
            )
        a.append(fields[columns[0] - 1])
        b.append(fields[columns[1] - 1])
    return a, b


def similarity_file(
    model_path: PathLike,
    pairs: PathLike,
    output: PathLike | None,
    *,
    columns: tuple[int, int] = (1, 2),
    vectors: PathLike | None = None,
    allow_other_vectors: bool = False,
    force: bool = False,
) -> npt.NDArray[np.float64]:
    """Cosine similarity of each pair (0 where a text has no in-vocabulary word),
    one per line to ``output`` (or returned only, when None; an existing file only with
    ``force``; never one of the inputs, nor a file the model records)."""
    return score_pairs(
        model_path,
        pairs,
        output,
        columns=columns,
        vectors=vectors,
        allow_other_vectors=allow_other_vectors,
        force=force,
    )[0]


def score_pairs(
    model_path: PathLike,
    pairs: PathLike,
    output: PathLike | None,
    *,
    columns: tuple[int, int] = (1, 2),
    vectors: PathLike | None = None,
    allow_other_vectors: bool = False,
    force: bool = False,
) -> tuple[npt.NDArray[np.float64], int]:
    """:func:`similarity_file` and the number of pairs scored 0 because a text of the
    pair has no in-vocabulary word (what ``textsim similarity`` reports)."""
    from textsim.measures.distances import paired_similarity

    recorded = model_inputs(model_path)
    if output is not None:
        _check_output(output, None, (pairs, vectors, *recorded), force)
    if not Path(pairs).is_file():
        read_text_lines(pairs)  # its error names what is wrong with the path
    model = _load(model_path, vectors, allow_other_vectors)
    a, b = read_pairs(pairs, columns)
    va, vb = embed_texts(model, a), embed_texts(model, b)
    _check_finite(va, pairs, model)
    _check_finite(vb, pairs, model)
    sim = np.asarray(paired_similarity(va, vb, "cosine"), dtype=np.float64)
    if not np.isfinite(sim).all():
        first = int(np.flatnonzero(~np.isfinite(sim))[0])
        raise ValueError(f"{pairs}:{first + 1}: the similarity is not a finite number")
    empty = int(np.sum(~va.any(axis=1) | ~vb.any(axis=1)))
    if output is not None:
        with atomic_path(output) as tmp:
            tmp.write_text("".join(f"{s:.6f}\n" for s in sim), encoding="utf-8")
    return sim, empty


def _check_output(
    path: PathLike, suffix: str | None, inputs: Sequence[PathLike | None], force: bool
) -> None:
    """Before any work: the output has the right suffix, is not a folder, is none of
    the ``inputs`` (a command never destroys what it reads) and, unless ``force``, does
    not exist yet."""
    p = Path(path)
    if suffix is not None and p.suffix != suffix:
        raise ValueError(f"{p}: output must end in {suffix}")
    if p.is_dir():
        raise InputFileError(f"{p}: is a directory")
    for source in inputs:
        if source is not None and _same_file(p, Path(source)):
            raise InputFileError(
                f"{p}: is also read by this command (an input, or a file the model records); "
                "choose another output — --force never overwrites one"
            )
    if p.exists() and not force:
        raise InputFileError(f"{p}: exists; pass --force (force=True) to overwrite it")
    folder = p.absolute().parent
    if not folder.exists() and not folder.is_relative_to(Path.cwd()):
        raise InputFileError(
            f"{p}: the folder {folder} does not exist; create it first (textsim creates "
            "missing folders only inside the current one)"
        )


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one file: through symbolic and hard links."""
    if a.exists() and b.exists():
        return os.path.samefile(a, b)
    return a.resolve() == b.resolve()
