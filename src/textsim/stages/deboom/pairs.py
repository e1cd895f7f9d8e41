"""Workflow glue of the pairs stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textsim.core.io import PathLike, atomic_path
from textsim.core.options import settings_of


@dataclass(frozen=True)
class CandidateOptions:
    """Rule extract_pair_candidates' settings (one mapping, read by
    :func:`settings_of`): ``shard_index`` (the shard's number, part of each candidate's
    id and seed); ``lengths``, the couple sets (``"20"``, ``"var"``, ...);
    ``variable_range``, the variable-length set's ``[min, max]`` words; ``seed``;
    ``min_tokens_factor`` and ``skip``: see :func:`textsim.deboom.pairs.extract_candidates`."""

    shard_index: int
    lengths: Sequence[str]
    variable_range: Sequence[int]
    seed: int
    min_tokens_factor: float
    skip: int


def extract_pair_candidates(
    shard: PathLike, vectors: PathLike, output: PathLike, *, options: Mapping[str, Any]
) -> None:
    """The couple candidates of one corpus shard; ``options``: :class:`CandidateOptions`."""
    from textsim.deboom.pairs import extract_candidates, parse_length
    from textsim.formats.vectorfile import read_vectors

    opts = settings_of(CandidateOptions, options, "pair candidates")
    vocab = set(read_vectors(vectors).index_to_key)
    lo, hi = opts.variable_range
    specs = [parse_length(str(x), (int(lo), int(hi))) for x in opts.lengths]
    frame = extract_candidates(
        shard,
        opts.shard_index,
        vocab,
        specs,
        seed=opts.seed,
        min_tokens_factor=opts.min_tokens_factor,
        skip=opts.skip,
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
