"""Workflow glue of the Twitter stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textsim.core.io import PathLike
from textsim.core.options import settings_of

if TYPE_CHECKING:
    from textsim.deboom.tweets import Variant


@dataclass(frozen=True)
class TwitterOptions:
    """Rule curate_twitter_pairs' settings (one mapping, read by :func:`settings_of`):
    ``variant`` (``paper``, ``slot``, ``code`` or ``authors``: :mod:`textsim.deboom.tweets`);
    ``stop_hashtags``, dropped before couples are made (``authors``: the code's list);
    ``window_minutes``, a related couple's time window; ``proportions`` of the splits;
    ``max_couples`` (None: no cap); ``seed``."""

    variant: Variant
    stop_hashtags: Sequence[str]
    window_minutes: int
    proportions: Mapping[str, float]
    max_couples: int | None
    seed: int


def curate_twitter_pairs(
    tweets: Sequence[PathLike],
    vectors: PathLike,
    output: PathLike,
    summary: PathLike,
    *,
    options: Mapping[str, Any],
) -> None:
    """Related / non-related tweet couples (PRL §4.2) with splits; texts keep vocabulary
    words. ``options``: :class:`TwitterOptions`."""
    from textsim.deboom.curation import write_couples
    from textsim.deboom.tweets import make_twitter_couples, prepare_tweets_for, read_tweets
    from textsim.formats.vectorfile import read_vectors

    opts = settings_of(TwitterOptions, options, "Twitter couples")
    vocab = set(read_vectors(vectors).index_to_key)
    prepared = prepare_tweets_for(read_tweets(tweets), opts.variant, opts.stop_hashtags)
    couples = make_twitter_couples(
        prepared,
        seed=opts.seed,
        variant=opts.variant,
        proportions=opts.proportions,
        vocab=vocab,
        window=60 * opts.window_minutes,
        max_couples=opts.max_couples,
    )
    write_couples(couples, output, summary)
