"""The authors' cleaning (textsim.text.wikitext) line by line, each expected output
worked out by hand from the rules of clean.pyx as the module documents them."""

from __future__ import annotations

import bz2
from pathlib import Path

import pytest

from textsim.text.wikipedia import CorpusFormatError, clean_corpus
from textsim.text.wikitext import (
    authors_lines_of_extracted,
    clean_wikitext_line,
    compare_with_port,
    extract_dump_authors,
    iter_dump_lines,
    split_lines,
)

LINES = [
    # links: [[target|label]] keeps the label, bold quotes become spaces
    (
        "'''Anarchism''' is a [[political philosophy]] that advocates "
        "[[self-governance|self-governed]] societies.\n",
        "anarchism is a political philosophy that advocates self governed societies",
    ),
    # escaped references survive the greedy <.*> and go one at a time: the text
    # between two references stays
    (
        "Text one.&lt;ref&gt;Smith 2001&lt;/ref&gt; Middle words."
        '&lt;ref name="b"&gt;Jones&lt;/ref&gt; End.\n',
        "text one middle words end",
    ),
    # literal tags meet the greedy <.*> first: everything from the first < to the last >
    ("Text one.<ref>a</ref> Middle.<ref>b</ref> End.\n", "text one end"),
    # numbers, signs, thousands separators and decimals: one 0 each
    ("In 1,984.5 there were -3 cats and 2.5 dogs\n", "in 0 there were 0 cats and 0 dogs"),
    # categories kept as text; interlanguage links removed
    ("[[Category:Political culture|Anarchism]]\n", "political culture"),
    ("[[de:Anarchismus]]\n", None),
    # image options, then the file link up to its last | removed: the caption stays
    ("[[File:Foo.jpg|thumb|left|200px|A caption here]]\n", "a caption here"),
    # re.IGNORECASE passed as re.sub's count: at most two |thumb removed per line
    ("a|thumb b|thumb c|thumb d\n", "a b c thumb d"),
    # bytes semantics of Python 2: non-ASCII letters are not word characters
    ("Café Zürich naïve\n", "caf z rich na ve"),
    ("Born {{birth date|1950|1|1}} in town\n", "born in town"),
    ("A&amp;nbsp;B &quot;quoted&quot;\n", "a b quoted"),
    ("[http://example.com Example site] text\n", "example site text"),
    # line rules (after leading white space is removed)
    ("==History==\n", None),
    ("a == b\n", None),
    ("{{Infobox person\n", None),
    ("   | name = X\n", None),
    ("! header\n", None),
    (": indented quote\n", None),
    ("{| class=wikitable\n", None),
    (":no space after the colon\n", "no space after the colon"),
    ("__NOTOC__\n", None),
    ("x\n", None),
    ("\n", None),
]


@pytest.mark.parametrize(("line", "expected"), LINES)
def test_one_line_as_the_authors_script(line: str, expected: str | None) -> None:
    assert clean_wikitext_line(line) == expected
    assert clean_wikitext_line(line.encode()) == expected  # bytes as the script read them


DUMP = """<mediawiki>
  <page>
    <title>Anarchism</title>
    <ns>0</ns>
    <id>12</id>
    <revision>
      <id>999</id>
      <text xml:space="preserve">{{Redirect|x}} The first text line is dropped.
'''Anarchism''' is a philosophy.

== History ==
Early anarchists wrote.</text>
    </revision>
  </page>
  <page>
    <title>Redir</title>
    <ns>0</ns>
    <id>13</id>
    <revision>
      <id>5</id>
      <text xml:space="preserve">Intro line
Before the redirect.
#REDIRECT [[Anarchism]]
After the redirect nothing is read.</text>
    </revision>
  </page>
  <page>
    <title>Template:T</title>
    <ns>10</ns>
    <id>14</id>
    <revision>
      <id>6</id>
      <text xml:space="preserve">x
Template pages are read too.</text>
    </revision>
  </page>
</mediawiki>
"""

DUMP_LINES = [
    ("12", "anarchism is a philosophy"),
    ("12", "early anarchists wrote"),  # the </text> line is cleaned, its tag removed
    ("13", "before the redirect"),
    ("14", "template pages are read too"),
]


def test_dump_pages_line_by_line_with_their_page_ids() -> None:
    # the revision's <id> is not the page's; a #redirect line ends the text
    assert list(iter_dump_lines(DUMP.splitlines(keepends=True))) == DUMP_LINES


def test_the_dump_cleaned_into_shards_keeps_page_order(tmp_path: Path) -> None:
    dump = tmp_path / "dump.xml.bz2"
    dump.write_bytes(bz2.compress(DUMP.encode()))
    outputs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    assert extract_dump_authors(dump, outputs) == 3
    shard = tmp_path / "a.tsv"
    clean_corpus([outputs[0]], shard, split_lines)
    # pages 0 and 2 of those with text go to the first file
    assert shard.read_text().splitlines() == [
        "12\tanarchism is a philosophy",
        "12\tearly anarchists wrote",
        "14\ttemplate pages are read too",
    ]
    assert extract_dump_authors(dump, outputs, max_articles=1) == 1
    truncated = tmp_path / "cut.xml.bz2"
    truncated.write_bytes(bz2.compress(DUMP.encode()[: DUMP.index("</mediawiki>")]))
    fresh = [tmp_path / "c.txt", tmp_path / "d.txt"]
    with pytest.raises(CorpusFormatError, match="truncated XML dump"):
        extract_dump_authors(truncated, fresh)
    assert not any(o.exists() for o in fresh)  # nothing half-written is kept


def test_the_subset_on_extracted_text_drops_the_title_only() -> None:
    lines = ["Title", "Lead paragraph.", "Second, 1999 café.", "History."]
    assert authors_lines_of_extracted(lines) == [
        ["lead", "paragraph"],
        ["second", "0", "caf"],
        ["history"],
    ]


def test_the_stand_in_keeps_what_the_port_keeps_on_a_real_dump_shard() -> None:
    # gensim's 206-page shard of a real dump: both cleanings on the same pages
    from gensim.test.utils import datapath

    dump = datapath("enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2")
    c = compare_with_port(dump)
    assert c.pages > 100
    # the raw <text> line is a template or hatnote on nearly every page: the lead
    # paragraph is the stand-in's first line and the port keeps it too
    assert c.leads >= 0.9 * c.pages
    # most stand-in lines are port lines; of the rest most are short (section headings,
    # which the port drops and WikiExtractor writes as one-line paragraphs)
    assert c.shared_stand_in_lines >= 0.7 * c.stand_in_lines
    headings = sum(len(line.split()) <= 4 for _, line in c.only_stand_in)
    assert headings >= 0.8 * len(c.only_stand_in)
    # the port keeps what WikiExtractor removed (lists, captions, references): more lines
    assert c.port_lines > c.stand_in_lines
    assert c.shared_port_lines + len(c.only_port) == c.port_lines
