"""Workflow glue of the pairs stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
    seed: int,
    proportions: Mapping[str, float],
    nonpair_source: str,
    max_couples: int | None,
    construction: str = "paper",
    article_range: Sequence[int | None] | None = None,
    selection: str = "spread",
) -> None:
    from textsim.deboom.curation import curate_couple_files, write_couples

    couples = curate_couple_files(
        candidates,
        seed=seed,
        length=length,
        proportions=proportions,
        nonpair_source=nonpair_source,  # type: ignore[arg-type]
        max_couples=max_couples,
        construction=construction,  # type: ignore[arg-type]
        article_range=article_range,
        selection=selection,  # type: ignore[arg-type]
    )
    write_couples(couples, output, summary)
