"""Workflow glue of the STS model files: rule sts_models. A module of its own, so the
model-file format is a code input of this rule only (not of the scores or tables)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from textsim.core.io import PathLike, atomic_dir
from textsim.gem.sts import read_splits, sentences_to_fit
from textsim.methods.names import build_with
from textsim.stages.gem.common import STSOptions, counted_vectors
from textsim.stages.gem.sts import ZERO_TRAINING, learned_models

log = logging.getLogger(__name__)


def sts_models(
    vectors: PathLike,
    docfreq: PathLike,
    train: PathLike,
    weights: Sequence[PathLike],
    *,
    models_dir: PathLike,
    ngram_models_dir: PathLike,
    options: Mapping[str, Any],
) -> None:
    """The model file of every method the STS stages apply with a stored fit (fitted on
    the STS train sentences, or fit-free): ``models_dir/<key>.npz`` for the STS table's
    methods, ``ngram_models_dir/gem-ngram<n>.npz`` for the n-gram sweep. A rule of its
    own, so the model-file format is no code input of the scores (nor of the tables).
    ``options``: :class:`~textsim.stages.gem.common.STSOptions`."""
    from textsim.formats.modelfile import save
    from textsim.gem.sts import ngram_methods, standard_methods
    from textsim.methods.names import name_of

    opts = STSOptions.of(options)
    train_sentences = sentences_to_fit(read_splits({"train": train}, opts.max_pairs)["train"])
    loaded = counted_vectors(vectors, docfreq)
    make = partial(
        build_with,
        ZERO_TRAINING,
        embeddings=loaded.embeddings,
        probabilities=loaded.probabilities,
        settings=opts.methods,
    )
    groups = {
        models_dir: standard_methods(
            make,
            learned=learned_models(vectors, docfreq, opts.learned, weights),
            modes=opts.modes,
            usif_normalizations=opts.usif_normalizations,
            gem_variants=opts.gem_variants,
        ),
        ngram_models_dir: ngram_methods(make, ngrams=opts.ngrams, modes=opts.modes),
    }
    for folder, applied in groups.items():
        stored = [m for m in applied if m.key and m.mode != "transductive"]
        with atomic_dir(folder) as tmp:
            for method in stored:
                model = method.make(train_sentences if method.mode == "inductive" else [])
                save(
                    model,
                    tmp / f"{method.key}.npz",
                    method=name_of(model),
                    source=getattr(model, "source_", None) or loaded.source,
                )
        log.info(
            "saved %d model files to %s: %s", len(stored), folder, ", ".join(m.key for m in stored)
        )
