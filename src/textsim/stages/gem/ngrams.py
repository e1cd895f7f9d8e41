"""Workflow glue of GEM's n-gram sweep on STS: rule sts_ngrams (GEM only)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from textsim.core.io import PathLike, write_csv
from textsim.gem.sts import Kept, read_splits, sentences_to_fit
from textsim.methods.gem.model import GEM
from textsim.methods.names import build_with
from textsim.stages.gem.common import STSOptions, counted_vectors, save_vectors


def sts_ngrams(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    output: PathLike,
    *,
    vectors_out: PathLike,
    options: Mapping[str, Any],
) -> None:
    """GEM's n-gram variant for each n on STS dev and test; the stored-fit vectors saved.
    ``options``: :class:`~textsim.stages.gem.common.STSOptions`."""
    from textsim.gem.sts import ngram_sweep

    opts = STSOptions.of(options)

    splits = read_splits(sts, opts.max_pairs)
    words = counted_vectors(vectors, docfreq)
    make = partial(
        build_with,
        (GEM,),
        embeddings=words.embeddings,
        probabilities=words.probabilities,
        settings=opts.methods,
    )
    evaluated = {k: v for k, v in splits.items() if k != "train"}
    kept: dict[str, Kept] = {}
    frame = ngram_sweep(
        make,
        evaluated,
        fit_sentences=sentences_to_fit(splits["train"]),
        ngrams=opts.ngrams,
        modes=opts.modes,
        keep=kept,
    )
    save_vectors(kept, evaluated, vectors_out)
    write_csv(frame, output)
