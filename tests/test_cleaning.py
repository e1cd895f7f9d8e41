"""The paper's cleaning: the fast tokenizer gives exactly the tokens of the two
regular expressions that define it, on hand-made edge cases, random text and the
whole first shard of the demo corpus."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from textsim.text.cleaning import clean_lines, clean_tokens, clean_tokens_reference
from textsim.text.wikipedia import iter_documents, split_evenly

CASES = {
    "Anarchism is a political philosophy.": ["anarchism", "is", "a", "political", "philosophy"],
    "In 1,000.5 BC, -3 and +4.": ["in", "0", "bc", "0", "and", "0"],
    "abc123def": ["abc", "0", "def"],
    "1.2.3": ["0", "0"],  # "1.2" then ".3"
    "+.5,3": ["0", "0"],  # "+.5" then ",3"
    "5.,6 5,,6 5-6": ["0", "0", "0", "0", "0"],
    "e.g. U.S. self-governed, well_known": ["e", "g", "u", "s", "self", "governed", "well_known"],
    "Zoë İstanbul – x²½ ٣٤ Ⅻ": clean_tokens_reference("Zoë İstanbul – x²½ ٣٤ Ⅻ"),
    "": [],
    " \t,.;:!? -- ": [],
    "a\x00b 7\x00 \x00": ["a", "b", "0"],  # NUL: non-word (the fast path's placeholder)
    ".12 12. 1-2 12 x12y": ["0", "0", "0", "0", "0", "x", "0", "y"],
    # \x01: non-word (the fast path's mark for a number); non-ASCII digits are \d
    "a\x01b 7\x01 \x017": ["a", "b", "0", "0"],
    "٣.٤ x３,５y ٣-7 1990, 2.5. 1,2,": ["0", "x", "0", "y", "0", "0", "0", "0", "0"],
}


@pytest.mark.parametrize("text", list(CASES))
def test_edge_cases(text: str) -> None:
    assert clean_tokens_reference(text) == CASES[text]
    assert clean_tokens(text) == CASES[text]


ALPHABET = "abcXYZ019_-+,.;:!? \t\n'\"()[]éÉß²½٣İ–—…’ⅫĲ\u0301\u00a0\u2028\x85ΣΟΔ\x00"


def test_random_text_equals_the_regular_expressions() -> None:
    rng = random.Random(0)
    for _ in range(20_000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30)))
        assert clean_tokens(text) == clean_tokens_reference(text), repr(text)


NUMBER_ALPHABET = "0159٣-+,.,.. a\x01\n"


def test_number_heavy_text_equals_the_regular_expressions() -> None:
    """Runs of digits and number punctuation of every shape (the fast path replaces
    the runs that are one number apart from the others)."""
    rng = random.Random(2)
    for _ in range(20_000):
        text = "".join(rng.choice(NUMBER_ALPHABET) for _ in range(rng.randint(0, 16)))
        assert clean_tokens(text) == clean_tokens_reference(text), repr(text)
        assert clean_lines(text.split("\n")) == [
            clean_tokens_reference(t) for t in text.split("\n")
        ], repr(text)


def test_batches_equal_text_by_text() -> None:
    """clean_lines joins its texts with line breaks: no step may cross one (a text that
    holds a line break itself, a final sigma at a text's end, numbers at the ends)."""
    rng = random.Random(1)
    for _ in range(3_000):
        texts = [
            "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 20)))
            for _ in range(rng.randint(0, 6))
        ]
        assert clean_lines(texts) == [clean_tokens_reference(t) for t in texts], texts
    assert clean_lines(["ΟΔΟΣ", "Σ 12", "-3", ".5 x"]) == [["οδος"], ["σ", "0"], ["0"], ["0", "x"]]
    assert clean_lines([]) == [] and clean_lines([""]) == [[]]


@pytest.mark.mirror
def test_whole_demo_shard_equals_the_regular_expressions(mirror: Path) -> None:
    files = sorted((mirror / "enwiki-2015-extracted").glob("*/wiki_*.bz2"))[:64]
    shard = split_evenly([str(f) for f in files], 4)[0]  # config.yaml: 64 files, 4 shards
    assert len(shard) == 16
    lines = 0
    for path in shard:
        for doc in iter_documents(path):
            expected = [clean_tokens_reference(line) for line in doc.lines]
            assert clean_lines(doc.lines) == expected, (path, doc.id)  # as clean_corpus
            for line, tokens in zip(doc.lines, expected, strict=True):
                assert clean_tokens(line) == tokens, (path, line)
            lines += len(doc.lines)
    assert lines > 40_000


def test_wordpunct_tokens_follow_the_official_gem_encoder() -> None:
    """``sent_to_tokens`` + ``sent_to_ids`` of GEM's code/encoder.py, by hand: quote
    pairs to '"', NLTK's wordpunct split, lower case, ``! . : ? @ - " '`` dropped,
    numbers and other punctuation kept."""
    from textsim.text.cleaning import wordpunct_tokens

    text = "He said ``Hi''. It's 3.5%! (A-B), e-mail: x@y.org; ok?"
    assert wordpunct_tokens(text) == [
        "he", "said", "hi", "it", "s", "3", "5", "%!", "(", "a", "b", "),", "e",
        "mail", "x", "y", "org", ";", "ok",
    ]  # fmt: skip
    assert wordpunct_tokens("") == [] and wordpunct_tokens("...") == ["..."]
