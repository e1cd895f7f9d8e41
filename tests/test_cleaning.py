"""The paper's cleaning: the fast tokenizer gives exactly the tokens of the two
regular expressions that define it, on hand-made edge cases, random text and the
whole first shard of the demo corpus."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from textsim.text.cleaning import clean_tokens, clean_tokens_reference
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
}


@pytest.mark.parametrize("text", list(CASES))
def test_edge_cases(text: str) -> None:
    assert clean_tokens_reference(text) == CASES[text]
    assert clean_tokens(text) == CASES[text]


def test_random_text_equals_the_regular_expressions() -> None:
    rng = random.Random(0)
    alphabet = "abcXYZ019_-+,.;:!? \t\n'\"()[]éÉß²½٣İ–—…’ⅫĲ\u0301\u00a0"
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        assert clean_tokens(text) == clean_tokens_reference(text), repr(text)


@pytest.mark.mirror
def test_whole_demo_shard_equals_the_regular_expressions(mirror: Path) -> None:
    files = sorted((mirror / "enwiki-2015-extracted").glob("*/wiki_*.bz2"))[:64]
    shard = split_evenly([str(f) for f in files], 4)[0]  # config.yaml: 64 files, 4 shards
    assert len(shard) == 16
    lines = 0
    for path in shard:
        for doc in iter_documents(path):
            for line in doc.lines:
                assert clean_tokens(line) == clean_tokens_reference(line), (path, line)
                lines += 1
    assert lines > 40_000
