"""Twitter readers, preprocessing and the PRL §4.2 pair rules on crafted tweets."""

from __future__ import annotations

import bz2
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from textsim.deboom.tweets import (
    TweetFormatError,
    make_twitter_couples,
    nonrelated_couples,
    prepare_tweets,
    prepare_tweets_for,
    read_jsonl_tweets,
    read_tweets,
    read_uci_tweets,
    related_couples,
    tokenize_tweet,
)

T0 = 1_428_000_000  # a multiple of 900 s: slots start at T0


def _words(i: int) -> str:
    """Five words unique to ``i`` (letters only: digits would become the token 0)."""
    stem = "".join(chr(ord("a") + int(d)) for d in str(i))
    return " ".join(f"q{stem}{c}" for c in "abcde")


def test_uci_reader_handles_pipes_quotes_and_cp1252(tmp_path: Path) -> None:
    path = tmp_path / "bbchealth.txt"
    path.write_bytes(
        b"585978391360221184|Thu Apr 09 01:31:50 +0000 2015|Breast cancer risk test http://bbc.in/x\t\t\r\n"
        b'"561699274128252928|Sun Feb 01 01:35:17 +0000 2015|Patients \'back babies"" http://bbc.in/y"\t\t\r\n'
        b"\r\n"
        b"561699273473937408|Sun Feb 01 01:35:17 +0000 2015|A | B in text \x85 more\r\n"
    )
    frame = read_uci_tweets(path)
    assert list(frame["id"]) == ["585978391360221184", "561699274128252928", "561699273473937408"]
    assert frame["source"].unique().tolist() == ["bbchealth"]
    assert frame["time"].iloc[0] == 1428543110  # 2015-04-09 01:31:50 UTC
    assert frame["text"].iloc[1] == "Patients 'back babies\" http://bbc.in/y"
    assert frame["text"].iloc[2] == "A | B in text … more"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"abc|Thu Apr 09 01:31:50 +0000 2015|text", "numeric id"),
        (b"123 no separators", "numeric id"),
        (b"123|2015-04-09 01:31|text", "Twitter's format"),
    ],
)
def test_uci_reader_names_file_and_line(tmp_path: Path, line: bytes, message: str) -> None:
    path = tmp_path / "x.txt"
    path.write_bytes(b"1|Thu Apr 09 01:31:50 +0000 2015|fine\n" + line + b"\n")
    with pytest.raises(TweetFormatError, match=rf"x\.txt:2: .*{message}"):
        read_uci_tweets(path)


def _jsonl(tmp_path: Path, lines: list[str], name: str = "t.jsonl.bz2") -> Path:
    path = tmp_path / name
    with bz2.open(path, "wt", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return path


def test_jsonl_reader(tmp_path: Path) -> None:
    tweet = {
        "id_str": "1",
        "created_at": "Mon Jul 06 19:28:07 +0000 2020",
        "text": "RT @AP_Europe: Turkey called…",
        "user": {"screen_name": "AP"},
    }
    frame = read_jsonl_tweets(_jsonl(tmp_path, [json.dumps(tweet)]))
    assert frame.iloc[0].to_dict() == {
        "id": "1",
        "time": 1594063687,
        "source": "AP",
        "text": "RT @AP_Europe: Turkey called…",
    }


@pytest.mark.parametrize(
    ("bad", "message"),
    [("{not json", "invalid JSON"), ('{"id_str": "2", "text": "x"}', "a tweet needs id_str")],
)
def test_jsonl_reader_names_file_and_line(tmp_path: Path, bad: str, message: str) -> None:
    good = json.dumps(
        {
            "id_str": "1",
            "created_at": "Mon Jul 06 19:28:07 +0000 2020",
            "text": "a",
            "user": {"screen_name": "AP"},
        }
    )
    path = _jsonl(tmp_path, [good, bad])
    with pytest.raises(TweetFormatError, match=rf"t\.jsonl\.bz2:2: {message}"):
        read_jsonl_tweets(path)


def test_jsonl_reader_detects_truncated_file(tmp_path: Path) -> None:
    good = json.dumps(
        {
            "id_str": "1",
            "created_at": "Mon Jul 06 19:28:07 +0000 2020",
            "text": "a",
            "user": {"screen_name": "AP"},
        }
    )
    path = _jsonl(tmp_path, [good] * 200)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(TweetFormatError, match="truncated or corrupt"):
        read_jsonl_tweets(path)


def test_read_tweets_dispatches_by_name(tmp_path: Path) -> None:
    uci = tmp_path / "cnnhealth.txt"
    uci.write_text("1|Thu Apr 09 01:31:50 +0000 2015|a\n")
    js = _jsonl(
        tmp_path,
        [
            json.dumps(
                {
                    "id_str": "2",
                    "created_at": "Mon Jul 06 19:28:07 +0000 2020",
                    "text": "b",
                    "user": {"screen_name": "AP"},
                }
            )
        ],
    )
    assert read_tweets([uci, js])["source"].tolist() == ["cnnhealth", "AP"]


def test_tokenize_tweet_paper_preprocessing() -> None:
    assert tokenize_tweet("RT @AP: 3 dead in #Ebola outbreak &amp; more http://t.co/x") == [
        "@ap", "0", "dead", "in", "#ebola", "outbreak", "more", "url",
    ]  # fmt: skip
    assert tokenize_tweet("Price 1,500.25 up www.x.com #BREAKING") == [
        "price",
        "0",
        "up",
        "url",
        "#breaking",
    ]


def _tweets(rows: list[tuple[int, str]]) -> pd.DataFrame:
    """Crafted tweets: (seconds after T0, text)."""
    return pd.DataFrame(
        {
            "id": [str(i) for i in range(len(rows))],
            "time": [T0 + s for s, _ in rows],
            "source": "test",
            "text": [t for _, t in rows],
        }
    )


def test_prepare_applies_rule_1_and_drops_non_informative_tags() -> None:
    frame = prepare_tweets(
        _tweets(
            [
                (0, "one two three four five #ebola"),  # kept
                (1, "one two three four #ebola @cnn 42 http://x"),  # only 4 real words
                (2, "one two three four five #breaking"),  # no informative hashtag left
                (3, "one two three four five #Breaking #Zika"),  # kept, tags {zika}
            ]
        ),
        ["breaking", "#News"],
    )
    assert frame["id"].tolist() == ["0", "3"]
    assert frame["tags"].tolist() == [("ebola",), ("zika",)]
    assert frame["words"].iloc[0] == ("five", "four", "one", "three", "two")


RULES = [
    (0, "alpha beta gamma delta epsilon #ebola #outbreak"),  # 0
    (300, "zeta eta theta iota kappa #ebola #outbreak"),  # 1: related to 0
    (600, "alpha beta gamma delta epsilon zeta #ebola #outbreak"),  # 2: words too similar to 0
    (400, "lambda mu nu xi omicron #ebola #health #zika #flu"),  # 3: tag Jaccard 1/5 with 0
    (4000, "pi rho sigma tau upsilon #ebola #outbreak"),  # 4: more than 15 minutes after all
    (850, "phi chi psi omega ypsilon #vaccine"),  # 5
    (950, "one two three four five #vaccine"),  # 6: 100 s after 5 but in the next slot
]


def test_related_rules_paper_window() -> None:
    frame = prepare_tweets(_tweets(RULES), [])
    ids = frame["id"].to_numpy()
    a, b = related_couples(frame, "paper", window=900)
    pairs = {tuple(sorted((ids[i], ids[j]))) for i, j in zip(a, b, strict=True)}
    # 0-1 related; 0-2 fails rule 4; 0-3 fails rule 2; 4 is too late; 5-6 within 15 minutes;
    # 1-2 (300 s apart, tags equal, words disjoint but for zeta: Jaccard 1/10) is related
    assert pairs == {("0", "1"), ("1", "2"), ("5", "6")}


def test_related_rules_code_slot() -> None:
    frame = prepare_tweets(_tweets(RULES), [])
    ids = frame["id"].to_numpy()
    a, b = related_couples(frame, "slot", window=900)
    pairs = {tuple(sorted((ids[i], ids[j]))) for i, j in zip(a, b, strict=True)}
    # 5 (850 s) and 6 (950 s) fall in different aligned slots
    assert pairs == {("0", "1"), ("1", "2")}


def test_nonrelated_rules() -> None:
    rows = [(60 * i, f"{_words(i)} #tag{i % 4}") for i in range(40)]
    frame = prepare_tweets(_tweets(rows), [])
    rng = np.random.default_rng(0)
    a, b = nonrelated_couples(frame, 30, rng, "paper")
    assert len(a) == 30 and len(set(zip(a, b, strict=True))) == 30
    tags = frame["tags"].to_numpy()
    assert all(not set(tags[i]) & set(tags[j]) for i, j in zip(a, b, strict=True))
    a, b = nonrelated_couples(frame, 20, rng, "slot", window=900)
    slot = (frame["time"].to_numpy() - T0) // 900
    assert np.array_equal(slot[a], slot[b])
    assert all(not set(tags[i]) & set(tags[j]) for i, j in zip(a, b, strict=True))


def test_the_codes_nonrelated_couples_need_no_hashtag() -> None:
    # even rows have a hashtag, odd rows none; all within one 15-minute slot
    rows = [(10 * i, f"{_words(i)}" + (f" #tag{i}" if i % 2 == 0 else "")) for i in range(40)]
    assert len(prepare_tweets(_tweets(rows), [])) == 20  # the paper's pool: hashtags only
    frame = prepare_tweets(_tweets(rows), [], require_hashtags=False)
    assert len(frame) == 40
    tagless = frame["tags"].map(len).to_numpy() == 0
    a, b = nonrelated_couples(frame, 60, np.random.default_rng(0), "code", window=900)
    assert len(a) == 60
    assert (tagless[a] | tagless[b]).any()  # couples with a tweet without hashtags
    # related couples still need shared hashtags: none here (every tag is unique)
    assert len(related_couples(frame, "code", window=900)[0]) == 0
    with pytest.raises(ValueError, match="paper, slot, code"):
        related_couples(frame, "other")  # type: ignore[arg-type]


def test_couples_drop_shared_hashtags_and_balance() -> None:
    rows = [
        (0, "alpha beta gamma delta epsilon #ebola #outbreak"),
        (300, "zeta eta theta iota kappa #ebola #outbreak #who @cnn http://t.co/x"),
        *[(5000 + 60 * i, f"{_words(i)} #other{i}") for i in range(10)],
    ]
    frame = prepare_tweets(_tweets(rows), [])
    couples = make_twitter_couples(
        frame, seed=1, variant="paper", proportions={"train": 1, "test": 0, "validation": 0}
    )
    assert couples["related"].tolist().count(True) == 1
    assert couples["related"].tolist().count(False) == 1
    rel = couples[couples["related"]].iloc[0]
    texts = {rel["text1"], rel["text2"]}
    # shared #ebola #outbreak removed, the unshared #who stays as the word "who";
    # the url placeholder and the mention are not words
    assert texts == {"alpha beta gamma delta epsilon", "zeta eta theta iota kappa who"}
    non = couples[~couples["related"]].iloc[0]
    assert non["text1"].split()[-1].startswith("other") or non["text2"].split()[-1].startswith(
        "other"
    )


def test_couples_keep_only_vocabulary_words() -> None:
    rows = [
        (0, "alpha beta gamma delta epsilon #ebola"),
        (300, "zeta eta theta iota kappa #ebola"),
        *[(5000 + 60 * i, f"{_words(i)} #other{i}") for i in range(10)],
    ]
    frame = prepare_tweets(_tweets(rows), [])
    vocab = {"alpha", "zeta", "eta"} | {_words(i).split()[0] for i in range(10)}
    couples = make_twitter_couples(
        frame,
        seed=1,
        variant="paper",
        proportions={"train": 1, "test": 0, "validation": 0},
        vocab=vocab,
    )
    rel = couples[couples["related"]].iloc[0]
    assert {rel["text1"], rel["text2"]} == {"alpha", "zeta eta"}
    assert couples["n1"].min() >= 1


def test_the_authors_variant_prepares_tweets_as_their_code() -> None:
    rows = [
        (0, "one two three four five #G20 #video"),  # #video: in the code's list
        (1, "one two three four five #breaking2"),  # configured list ignored; 2 -> 0
        (2, "one two three four five"),  # no hashtag: kept, as for "code"
        (3, "one two three four five #health"),
    ]
    frame = prepare_tweets_for(_tweets(rows), "authors", ["health"])
    assert frame["tags"].tolist() == [("g0",), ("breaking0",), (), ("health",)]
    assert frame["tokens"].iloc[0][-2:] == ["#g0", "#video"]
    paper = prepare_tweets_for(_tweets(rows), "paper", ["health"])
    assert paper["tags"].tolist() == [("g20", "video"), ("breaking2",)]


def test_the_authors_word_overlap_counts_repeats_over_all_tokens() -> None:
    rows = [
        (0, "alpha beta gamma delta epsilon #ebola"),
        # real words {alpha, zeta, eta, theta}: set Jaccard 1/8 with tweet 0; the code
        # counts its tokens found in tweet 0 (alpha 4 times, #ebola): 5 / (6 + 8 - 5)
        (300, "alpha alpha alpha alpha zeta eta theta #ebola"),
    ]
    for variant, related in (("code", 1), ("authors", 0)):
        frame = prepare_tweets_for(_tweets(rows), variant, [])  # type: ignore[arg-type]
        assert len(related_couples(frame, variant, window=900)[0]) == related  # type: ignore[arg-type]


def test_the_authors_texts_keep_urls_mentions_and_hashtags() -> None:
    rows = [
        (0, "alpha beta gamma delta epsilon #ebola #outbreak"),
        (300, "zeta eta theta iota kappa #ebola #outbreak #who @cnn http://t.co/x"),
        *[(5000 + 60 * i, f"{_words(i)} #other{chr(97 + i)}") for i in range(10)],  # no digit
    ]
    frame = prepare_tweets_for(_tweets(rows), "authors", [])
    split = {"train": 1, "test": 0, "validation": 0}
    couples = make_twitter_couples(frame, seed=1, variant="authors", proportions=split)
    rel = couples[couples["related"]].iloc[0]
    # only the shared hashtags go; the rest keeps its own form
    assert {rel["text1"], rel["text2"]} == {
        "alpha beta gamma delta epsilon",
        "zeta eta theta iota kappa #who @cnn url",
    }
    # then only vocabulary tokens, as their evaluation: a Wikipedia vocabulary has
    # "url" but no hashtag or mention
    vocab = {"alpha", "zeta", "url"} | {_words(i).split()[0] for i in range(10)}
    couples = make_twitter_couples(frame, seed=1, variant="authors", proportions=split, vocab=vocab)
    rel = couples[couples["related"]].iloc[0]
    assert {rel["text1"], rel["text2"]} == {"alpha", "zeta url"}
