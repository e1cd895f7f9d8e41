"""Workflow glue of the pairs stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textsim.io import PathLike, atomic_path


def extract_pair_candidates(
    shard: PathLike,
    vectors: PathLike,
    output: PathLike,
    *,
    shard_index: int,
    lengths: Sequence[str],
    variable_range: Sequence[int],
    seed: int,
    min_tokens_factor: float,
    skip: int,
) -> None:
    from textsim.deboom.pairs import extract_candidates, parse_length
    from textsim.formats.vectorfile import read_vectors

    vocab = set(read_vectors(vectors).index_to_key)
    lo, hi = variable_range
    specs = [parse_length(str(x), (int(lo), int(hi))) for x in lengths]
    frame = extract_candidates(
        shard, shard_index, vocab, specs, seed=seed, min_tokens_factor=min_tokens_factor, skip=skip
    )
    with atomic_path(output) as tmp:
        frame.to_parquet(tmp, index=False)


def curate_pairs(
    candidates: Sequence[PathLike],
    output: PathLike,
    summary: PathLike,
    *,
    length: str,
    options: Mapping[str, Any],
) -> None:
    """The couples of set ``length`` from every shard's candidates; ``options``: the
    rule's one mapping of :class:`~textsim.deboom.curation.CurationOptions`."""
    from textsim.deboom.curation import curate_couple_files, write_couples

    couples = curate_couple_files(candidates, length=length, **options)
    write_couples(couples, output, summary)
