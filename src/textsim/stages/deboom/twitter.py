"""Workflow glue of the Twitter stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textsim.io import PathLike


def curate_twitter_pairs(
    tweets: Sequence[PathLike],
    vectors: PathLike,
    output: PathLike,
    summary: PathLike,
    *,
    variant: str,
    stop_hashtags: Sequence[str],
    window_minutes: int,
    proportions: Mapping[str, float],
    max_couples: int | None,
    seed: int,
) -> None:
    """Related / non-related tweet couples (PRL §4.2) with splits; texts keep vocabulary words."""
    from textsim.deboom.curation import write_couples
    from textsim.deboom.tweets import make_twitter_couples, prepare_tweets, read_tweets
    from textsim.formats.vectorfile import read_vectors

    vocab = set(read_vectors(vectors).index_to_key)
    # the code's non-related couples need no hashtag: keep the tweets without one
    prepared = prepare_tweets(
        read_tweets(tweets), stop_hashtags, require_hashtags=variant != "code"
    )
    couples = make_twitter_couples(
        prepared,
        seed=seed,
        variant=variant,  # type: ignore[arg-type]
        proportions=proportions,
        vocab=vocab,
        window=60 * window_minutes,
        max_couples=max_couples,
    )
    write_couples(couples, output, summary)
