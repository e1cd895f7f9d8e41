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
from textsim.gem.sts import Kept, read_splits, sentences_to_fit
from textsim.io import InputFileError, PathLike, write_csv, write_npz

log = logging.getLogger(__name__)


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
    """``make(name, **params)``: the unfitted estimator of a method name that the STS
    stages apply (mean, idf-weighted mean, SIF, uSIF, GEM) over these word vectors (read
    once), and what was read (its ``source`` identity is computed only where a model
    file records it)."""
    from textsim.formats.source import open_vectors
    from textsim.methods.gem.model import GEM
    from textsim.methods.names import build_with
    from textsim.methods.pooling import PoolingEmbedding
    from textsim.methods.sif import SIF, USIF

    loaded = open_vectors(vectors, docfreq)
    if loaded.probabilities is None:
        raise InputFileError(f"{vectors}: carries no word counts, which SIF and uSIF need")
    make = partial(
        build_with,
        (PoolingEmbedding, SIF, USIF, GEM),
        embeddings=loaded.embeddings,
        probabilities=loaded.probabilities,
    )
    return make, loaded


def learned_models(
    vectors: PathLike, docfreq: PathLike, weights: Mapping[str, PathLike]
) -> dict[str, Any]:
    """Each ``length/procedure`` run's weights on the vectors as they were trained
    (normalised or not), as :func:`textsim.fit` makes them."""
    from textsim.formats.source import open_vectors
    from textsim.methods.learned.model import WeightedEmbedding

    models = {}
    for run, path in weights.items():
        normalize = WeightedEmbedding.normalized_for(path)
        loaded = open_vectors(vectors, docfreq, normalize=normalize)
        model: Any = WeightedEmbedding.from_weights(path, loaded.embeddings)
        model.source_ = loaded.source
        models[run] = model
    return models


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
    write_csv(frame, output)


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
    write_csv(frame, output)
