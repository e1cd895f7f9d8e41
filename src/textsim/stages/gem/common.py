"""What the STS stages share: their settings, the word vectors with their counts read
once, the vectors of the stored-fit methods as an artifact."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from textsim.core.io import InputFileError, PathLike, write_npz
from textsim.core.options import settings_of
from textsim.formats.source import LoadedVectors
from textsim.gem.sts import Kept


@dataclass(frozen=True)
class STSOptions:
    """The STS rules' settings, passed as one mapping (config ``sts``): the fits
    (``modes``: ``transductive``, ``inductive``), the first ``max_pairs`` pairs of each
    split (None: all), uSIF's extra word-vector normalisations and GEM's preprocessing
    variants (rows of the STS table), the n-gram sweep's ``ngrams``, the names
    (``length/procedure``) of the ``learned`` weight files, in the order of the rule's
    weight inputs, and each method's settings (``methods``: config ``methods``, method
    name → estimator parameters, as the rule takes them from the config). Each rule
    passes only the keys it uses."""

    modes: Sequence[str]
    max_pairs: int | None
    usif_normalizations: Sequence[str] = ()
    gem_variants: Sequence[str] = ()
    ngrams: Sequence[int] = ()
    learned: Sequence[str] = ()
    methods: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> STSOptions:
        return settings_of(cls, options, "STS settings")


def save_vectors(
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


def counted_vectors(vectors: PathLike, docfreq: PathLike) -> LoadedVectors:
    """The word vectors with their word probabilities (which SIF and uSIF need) and
    document frequencies, read once per stage; its ``source`` identity is computed only
    where a model file records it."""
    from textsim.formats.source import open_vectors

    loaded = open_vectors(vectors, docfreq)
    if loaded.probabilities is None:
        raise InputFileError(f"{vectors}: carries no word counts, which SIF and uSIF need")
    return loaded
