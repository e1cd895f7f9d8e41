"""The tweets' preprocessing for the Twitter couples (De Boom et al. 2016, §4.2): the
tokens, hashtag sets and real words of each tweet, as the paper describes them or as
the authors' code made them (:mod:`textsim.deboom.tweets` makes the couples)."""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Collection
from typing import Literal

import numpy as np
import pandas as pd

from textsim.text.cleaning import NUMBER_RE
from textsim.text.wikipedia import clean_tokens

__all__ = [
    "CODE_STOP_HASHTAGS",
    "COUPLE_SETS",
    "PAPER_STOP_HASHTAGS",
    "SLOT_VARIANTS",
    "Variant",
    "prepare_tweets",
    "prepare_tweets_for",
    "tokenize_tweet",
]

log = logging.getLogger(__name__)

Variant = Literal["paper", "slot", "code", "authors"]
#: the couple set each variant makes (config ``twitter.variants``): ``code`` is
#: ``slot`` plus the code's non-related couples, which need no hashtag; ``authors`` is
#: ``code`` with the code's hashtag list, word overlap and texts
COUPLE_SETS: dict[str, str] = {
    "paper": "twitter",
    "slot": "twitter-slot",
    "code": "twitter-code",
    "authors": "twitter-authors",
}
PAPER_STOP_HASHTAGS = ("breaking", "update", "news")
#: the hashtags the authors' ``tweets/corpus.py`` (FORBIDDEN_HASHTAGS) left out of the
#: hashtag sets, numbers already ``0`` (the bare ``#`` of their list is no tag here)
CODE_STOP_HASHTAGS = (
    "0", "breaking", "update", "tweet", "topstories", "photos", "news", "potusplaylist",
    "yoursay", "viralvideos", "longreads", "c0news", "ssnalerts", "sayfie", "flapol",
    "aljazeera", "lbcblogs", "video", "breakingnews", "bbcgofigure", "npreads", "nbc0ny",
    "abcnews0", "0abc", "nbc0today", "nyccw0", "cbs0", "developing", "theinsider", "bbc",
    "tomorrowspaperstoday", "cnnfc", "buffalo", "twcnews", "nbc0", "cny", "nbc0dc",
    "asktheglobe", "cambridge", "cambridgeshire", "a0", "fortuneinsider", "fortunelive",
    "fortunetech", "foxnews", "global0", "medhat", "expressfrontage", "expressopinion",
    "india", "beyondthenews", "sundayeye", "freetimeoutny", "wordonthestreet",
    "aljazeeramag", "aljazeerzworld", "jpost", "foxinthefastlane", "guardiangothenburg",
    "bbcafricalive", "bbcfocusafrica", "proverb", "africa", "bbcbreakfast", "huffpostnow",
    "washweek", "onthisday", "philly", "local", "periscope", "glasto0", "exploreny",
    "budget0", "icymi", "obama", "lateline", "tca0", "washweeklive", "myrtlebeach",
    "surfsidebeach", "mugshots", "go2mb",  # a digit left: it never matched there either
)  # fmt: skip
#: the variants whose couples come from one aligned time slot
SLOT_VARIANTS = ("slot", "code", "authors")
#: the variants whose non-related tweets need no hashtag
_ANY_NONPAIR = ("code", "authors")


_URL_RE = re.compile(r"(?:https?://|www\.)\S+")
_TAG_RE = re.compile(r"(?<!\w)([#@])(\w+)")


def tokenize_tweet(text: str) -> list[str]:
    """The paper's preprocessing: tokens with ``#``/``@`` prefixes kept on tags.

    >>> tokenize_tweet("RT @AP: 3 dead in #Ebola outbreak &amp; more http://t.co/x")
    ['@ap', '0', 'dead', 'in', '#ebola', 'outbreak', 'more', 'url']
    """
    text = _URL_RE.sub(" url ", html.unescape(text).lower())
    tokens: list[str] = []
    pos = 0
    for m in _TAG_RE.finditer(text):
        tokens += clean_tokens(text[pos : m.start()])
        tokens.append(m.group(1) + m.group(2))
        pos = m.end()
    tokens += clean_tokens(text[pos:])
    if len(tokens) > 1 and tokens[0] == "rt" and tokens[1].startswith("@"):
        tokens = tokens[1:]
    return tokens


def _is_real(token: str) -> bool:
    return token[0] not in "#@" and token not in ("0", "url")


def prepare_tweets(
    tweets: pd.DataFrame,
    stop_hashtags: Collection[str],
    *,
    require_hashtags: bool = True,
    tag_numbers: bool = False,
) -> pd.DataFrame:
    """Tokenise and derive the hashtag and real-word sets; keep rule-1 tweets with hashtags
    (``require_hashtags``, the paper) or all rule-1 tweets (the authors' code, whose
    non-related couples need no hashtag; related ones need shared hashtags either way).
    ``tag_numbers``: numbers inside hashtags become ``0`` too (``#g20`` → ``#g0``), as
    the authors' hashtag list shows their preprocessing did.

    Returns the input columns plus ``tokens``, ``tags`` and ``words`` (sorted
    tuples), sorted by time then id, with duplicate ids dropped.
    """
    stop = {t.lower().lstrip("#") for t in stop_hashtags}
    out = tweets.drop_duplicates("id").sort_values(["time", "id"], kind="stable")
    tokens = [tokenize_tweet(t) for t in out["text"]]
    if tag_numbers:
        tokens = [[_zero_numbers(t) if t[0] == "#" else t for t in toks] for toks in tokens]
    tags = [tuple(sorted({t[1:] for t in toks if t[0] == "#"} - stop)) for toks in tokens]
    words = [tuple(sorted({t for t in toks if _is_real(t)})) for toks in tokens]
    n_real = np.array([sum(_is_real(t) for t in toks) for toks in tokens], dtype=np.int64)
    out = out.assign(
        tokens=pd.Series(tokens, index=out.index, dtype=object),
        tags=pd.Series(tags, index=out.index, dtype=object),
        words=pd.Series(words, index=out.index, dtype=object),
    )
    keep = n_real >= 5
    if require_hashtags:
        keep &= np.array([len(t) > 0 for t in tags], dtype=bool)
    log.info(
        "%d tweets, %d with >= 5 real words, %d of those with an informative hashtag",
        len(out),
        int((n_real >= 5).sum()),
        int(keep.sum()),
    )
    result: pd.DataFrame = out[keep].reset_index(drop=True)
    return result


def _zero_numbers(tag: str) -> str:
    return "#" + NUMBER_RE.sub("0", tag[1:])


def prepare_tweets_for(
    tweets: pd.DataFrame, variant: Variant, stop_hashtags: Collection[str]
) -> pd.DataFrame:
    """:func:`prepare_tweets` as ``variant`` needs it: ``authors`` with the code's hashtag
    list (``stop_hashtags``, config ``twitter.stop_hashtags``, is not used), numbers in
    hashtags and tweets without a hashtag kept; ``code`` keeps those tweets too."""
    if variant == "authors":
        return prepare_tweets(tweets, CODE_STOP_HASHTAGS, require_hashtags=False, tag_numbers=True)
    return prepare_tweets(tweets, stop_hashtags, require_hashtags=variant not in _ANY_NONPAIR)
