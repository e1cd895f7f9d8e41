from __future__ import annotations

import math
from pathlib import Path

import pytest

from textsim.text.docfreq import (
    DocumentFrequencies,
    count_document_frequencies,
    idf_from_df,
    merge_document_frequencies,
)
from textsim.text.wikipedia import CorpusFormatError


def test_idf_variants_by_hand() -> None:
    assert idf_from_df([9], 100, "paper")[0] == pytest.approx(math.log(100 / 10))
    assert idf_from_df([10], 100, "code")[0] == pytest.approx(math.log(100) - math.log(10))
    with pytest.raises(ValueError):
        idf_from_df([1], 10, "other")  # type: ignore[arg-type]


def test_df_counts_lines_not_occurrences(tmp_path: Path) -> None:
    shard = tmp_path / "s.tsv"
    shard.write_text("1\ta b a\n1\tb c\n2\ta a a\n")
    dfs = count_document_frequencies([shard])
    assert dfs.n_documents == 3
    assert dfs.counts == {"a": 2, "b": 2, "c": 1}
    merged = merge_document_frequencies([dfs, dfs])
    assert merged.n_documents == 6 and merged.counts["c"] == 2


def test_save_load_roundtrip_and_bad_file(tmp_path: Path) -> None:
    dfs = DocumentFrequencies({"x": 3, "y": 1}, 7)
    dfs.save(tmp_path / "df.tsv")
    back = DocumentFrequencies.load(tmp_path / "df.tsv")
    assert back.counts == dfs.counts and back.n_documents == 7
    assert back.df(["y", "zzz"]).tolist() == [1, 0]
    bad = tmp_path / "bad.tsv"
    bad.write_text("#n_documents\t7\nx\tthree\n")
    with pytest.raises(CorpusFormatError, match=r"bad.tsv:2"):
        DocumentFrequencies.load(bad)
