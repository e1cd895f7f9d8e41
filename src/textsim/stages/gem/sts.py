"""Workflow glue of the STS scores: rule sts_scores (the n-gram sweep:
:mod:`~textsim.stages.gem.ngrams`; the model files: :mod:`~textsim.stages.gem.models`;
the extra methods' rows, MiniLM's among them: :mod:`~textsim.stages.extra`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

from textsim.core.io import PathLike, atomic_path, write_csv
from textsim.gem.sts import Kept, read_splits, sentences_to_fit
from textsim.methods.gem.model import GEM
from textsim.methods.names import build_with
from textsim.methods.pooling import PoolingEmbedding
from textsim.methods.sif import SIF, USIF
from textsim.stages.gem.common import STSOptions, counted_vectors, save_vectors

log = logging.getLogger(__name__)

#: the classes of the zero-training methods the STS table applies
ZERO_TRAINING: tuple[type, ...] = (PoolingEmbedding, SIF, USIF, GEM)


def learned_models(
    vectors: PathLike, docfreq: PathLike, names: Sequence[str], weights: Sequence[PathLike]
) -> dict[str, Any]:
    """Each weight file of ``weights`` (its ``length/procedure`` run in ``names``) on the
    vectors as they were trained (normalised or not), as :func:`textsim.fit` makes them."""
    from textsim.methods.learned.model import WeightedEmbedding

    return {
        run: WeightedEmbedding.from_files(path, vectors, docfreq)
        for run, path in zip(names, weights, strict=True)
    }


def sts_scores(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    weights: Sequence[PathLike],
    output: PathLike,
    *,
    vectors_out: PathLike,
    pairs_out: PathLike,
    options: Mapping[str, Any],
) -> None:
    """Every zero-training method and the learned ``weights`` (files named by
    ``options["learned"]``) on STS dev and test; the stored-fit methods' vectors as an
    artifact; each pair's similarity under each method (``pairs_out``, Parquet: method,
    mode, split, pair, similarity, gold), the evidence of the verdicts.
    ``options``: :class:`~textsim.stages.gem.common.STSOptions`."""
    from textsim.gem.sts import evaluate_methods, standard_methods

    opts = STSOptions.of(options)

    splits = read_splits(sts, opts.max_pairs)
    words = counted_vectors(vectors, docfreq)
    make = partial(
        build_with,
        ZERO_TRAINING,
        embeddings=words.embeddings,
        probabilities=words.probabilities,
        settings=opts.methods,
    )
    learned = learned_models(vectors, docfreq, opts.learned, weights)
    rows = standard_methods(
        make,
        learned=learned,
        modes=opts.modes,
        usif_normalizations=opts.usif_normalizations,
        gem_variants=opts.gem_variants,
    )
    evaluated = {k: v for k, v in splits.items() if k != "train"}
    kept: dict[str, Kept] = {}
    sims: dict[tuple[str, str, str], Any] = {}
    frame = evaluate_methods(
        rows,
        evaluated,
        fit_sentences=sentences_to_fit(splits["train"]),
        keep=kept,
        similarities=sims,
    )
    for row in frame.itertuples():
        log.info("%-28s %-12s %-4s r = %.2f", row.method, row.mode, row.split, row.pearson)
    save_vectors(kept, evaluated, vectors_out)
    with atomic_path(pairs_out) as tmp:
        pair_frame(sims, evaluated).to_parquet(tmp, index=False)
    write_csv(frame, output)


def pair_frame(
    similarities: Mapping[tuple[str, str, str], Any], splits: Mapping[str, pd.DataFrame]
) -> pd.DataFrame:
    """One row per (method, mode, split, pair): the pair's similarity and gold score."""
    parts = [
        pd.DataFrame(
            {
                "method": method,
                "mode": mode,
                "split": split,
                "pair": np.arange(len(sim)),
                "similarity": np.asarray(sim, dtype=np.float64),
                "gold": splits[split]["score"].to_numpy(dtype=np.float64),
            }
        )
        for (method, mode, split), sim in similarities.items()
    ]
    return pd.concat(parts, ignore_index=True)
