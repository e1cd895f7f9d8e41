from __future__ import annotations

import bz2
import subprocess
import sys
from pathlib import Path

import pytest
from gensim.test.utils import datapath

from textsim.text.wikiextract import extract_dump_shards
from textsim.text.wikipedia import (
    CleanCorpus,
    CorpusFormatError,
    clean_corpus,
    clean_tokens,
    extract_dump,
    iter_clean,
    iter_documents,
    split_evenly,
)

GENSIM_DUMP = datapath("enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2")

SHARD = """<doc id="12" url="https://en.wikipedia.org/wiki?curid=12" title="Anarchism">
Anarchism

Anarchism is a political philosophy, born in 1,840.5 or so.
</doc>
<doc id="25" url="https://en.wikipedia.org/wiki?curid=25" title="Autism &amp; more">
Autism
Autism is a developmental disorder (ASD).
</doc>
"""


def test_clean_tokens_paper_rules() -> None:
    assert clean_tokens("The U.S. had 1,000.5 cats in -3 years!") == [
        "the",
        "u",
        "s",
        "had",
        "0",
        "cats",
        "in",
        "0",
        "years",
    ]
    assert clean_tokens("Café-au-lait, 3.14") == ["café", "au", "lait", "0"]
    assert clean_tokens("  ...  ") == []


def test_iter_documents_plain_and_bz2(tmp_path: Path) -> None:
    plain = tmp_path / "wiki_00"
    plain.write_text(SHARD)
    packed = tmp_path / "wiki_01.bz2"
    packed.write_bytes(bz2.compress(SHARD.encode()))
    for path in (plain, packed):
        docs = list(iter_documents(path))
        assert [d.id for d in docs] == ["12", "25"]
        assert docs[1].title == "Autism & more"
        assert docs[0].lines == (
            "Anarchism",
            "Anarchism is a political philosophy, born in 1,840.5 or so.",
        )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            SHARD.replace('</doc>\n<doc id="25"', '<doc id="25"', 1),
            r"wiki:5: <doc> opened while the one from line 1",
        ),
        (SHARD.rsplit("</doc>", 1)[0], r"wiki:8: truncated file, <doc> from line 6 never closed"),
        ("stray text\n" + SHARD, r"wiki:1: text outside any <doc>"),
        (SHARD + "</doc>\n", r"wiki:10: </doc> without an open <doc>"),
        ('<doc title="x">\n</doc>\n', r"wiki:1: malformed <doc> header"),
    ],
)
def test_iter_documents_errors_name_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "wiki"
    path.write_text(text)
    with pytest.raises(CorpusFormatError, match=message):
        list(iter_documents(path))


def test_truncated_bz2_shard_is_reported(tmp_path: Path) -> None:
    data = bz2.compress((SHARD * 200).encode())
    path = tmp_path / "wiki_02.bz2"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CorpusFormatError, match=r"wiki_02.bz2: unreadable after line \d+"):
        list(iter_documents(path))


def test_clean_corpus_and_streaming(tmp_path: Path) -> None:
    src = tmp_path / "wiki_00"
    src.write_text(SHARD)
    out = tmp_path / "clean.tsv"
    stats = clean_corpus([src], out)
    assert stats == {"documents": 2, "lines": 4, "tokens": 18}
    rows = list(iter_clean([out]))
    expected = "anarchism is a political philosophy born in 0 or so"
    assert rows[1] == ("12", expected.split(" "))
    corpus = CleanCorpus([out])
    assert list(corpus) == list(corpus)  # restartable
    bad = tmp_path / "bad.tsv"
    bad.write_text("12\tfine\nno tab here\n")
    with pytest.raises(CorpusFormatError, match=r"bad.tsv:2"):
        list(iter_clean([bad]))


def test_extract_real_dump_shard(tmp_path: Path) -> None:
    outs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    n = extract_dump(GENSIM_DUMP, outs, processes=1, max_articles=6)
    assert n == 6
    docs = [d for o in outs for d in iter_documents(o)]
    assert len(docs) == 6
    assert docs[0].title == "Anarchism"
    assert any("anarchism" in line.lower() for line in docs[0].lines[1:])
    assert "[[" not in "".join(docs[0].lines)  # wiki markup removed


@pytest.mark.parametrize("preload", ["", "import jax; "])
def test_extract_dump_same_for_any_process_count(tmp_path: Path, preload: str) -> None:
    """Two processes in a fresh interpreter (this test process may have loaded JAX,
    where extraction falls back to one process: a fork there once hung CI)."""
    one = [tmp_path / "1a.txt", tmp_path / "1b.txt"]
    two = [tmp_path / "2a.txt", tmp_path / "2b.txt"]
    extract_dump(GENSIM_DUMP, one, processes=1, max_articles=10)
    code = (
        f"{preload}from textsim.text.wikipedia import extract_dump; "
        f"extract_dump({str(GENSIM_DUMP)!r}, {[str(p) for p in two]!r}, processes=2, "
        "max_articles=10)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert [p.read_text() for p in one] == [p.read_text() for p in two]
    assert ("extracting in one process: jax is loaded" in done.stderr) == bool(preload)


@pytest.mark.parametrize("layout", ["files", "wikiextractor"])
def test_truncated_xml_dump_is_an_error(tmp_path: Path, layout: str) -> None:
    with bz2.open(GENSIM_DUMP, "rt", encoding="utf-8") as f:
        text = f.read()
    cut = tmp_path / "cut.xml"
    cut.write_text(text[: len(text) // 3])
    with pytest.raises(CorpusFormatError, match=r"cut.xml:\d+: truncated XML dump"):
        if layout == "files":
            extract_dump(cut, [tmp_path / "o.txt"], processes=1)
        else:
            extract_dump_shards(cut, tmp_path / "shards", processes=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cut.xml"]  # nothing half-written


def test_not_a_dump_is_an_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.xml"
    junk.write_text("hello\n</mediawiki>\n")
    with pytest.raises(CorpusFormatError, match="no articles found"):
        extract_dump(junk, [tmp_path / "o.txt"])


def test_the_dump_in_wikiextractor_s_own_layout(tmp_path: Path) -> None:
    whole = tmp_path / "whole.txt"
    n = extract_dump(GENSIM_DUMP, [whole], processes=1)
    # one article a file at the smallest size: past 100 files, the next folder
    names = extract_dump_shards(GENSIM_DUMP, tmp_path / "one", max_bytes=1, processes=1)
    assert len(names) > 100
    assert names[:2] == ["AA/wiki_00.bz2", "AA/wiki_01.bz2"] and names[100] == "AB/wiki_00.bz2"
    # at WikiExtractor's 1 MiB: fewer files, each under the size, the same text in order
    names = extract_dump_shards(GENSIM_DUMP, tmp_path / "shards", processes=1)
    files = [tmp_path / "shards" / name for name in names]
    texts = [bz2.decompress(f.read_bytes()).decode() for f in files]
    assert 1 < len(names) < n and all(len(t.encode()) <= 1 << 20 for t in texts)
    assert "".join(texts) == whole.read_text(encoding="utf-8")
    assert sum(1 for f in files for _ in iter_documents(f)) == n  # the pipeline's reader
    assert not (tmp_path / "shards.partial").exists()


def test_split_evenly() -> None:
    assert split_evenly(list("abcdefg"), 3) == [["a", "b", "c"], ["d", "e"], ["f", "g"]]
    assert split_evenly(["a"], 4) == [["a"]]
