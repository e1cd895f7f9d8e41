"""The paper's text cleaning (De Boom et al. 2015, 2016): lowercase, every number
(``[-+]?[\\d,]*\\.*\\d+``) becomes the token ``0``, every non-word character a space.

:func:`clean_tokens_reference` is that definition written as two regular
expressions over the whole text. :func:`clean_tokens` gives identical tokens faster
(``textsim bench``), working on the UTF-8 bytes of the lowercased text:

1. The few distinct non-ASCII characters of a text (found with one
   ``bytes.translate`` that deletes the ASCII bytes) are replaced in the text: a
   non-word character by a space, a decimal digit (``\\d`` matches any Unicode
   category Nd character) by ``0``. Only ASCII digits are left.
2. One ``bytes.translate`` turns every ASCII digit into ``0`` (which digit it was
   never matters: every digit ends up in a number) and every ASCII non-word
   character but the number punctuation ``-+,.`` (and the line break of
   :func:`clean_lines`) into a space.
3. Numbers, only in text holding a ``0``: each maximal run of ``0`` and ``-+,.``
   from its first digit on becomes `` 0 `` per number match of the run. The common
   runs that are exactly one number (a run that starts with its digit and has the
   shape ``0[0,]*(\\.+0+)?[,.]*``) are replaced by one expression with a constant
   replacement, the rest through a callback that runs the number expression on the
   run alone (a number match never leaves its run, so this equals the number
   expression over the whole text). Both expressions begin with the literal ``0``,
   which the regular expression engine finds by a fast literal search rather than
   by testing a character class at every position.
4. A last ``bytes.translate`` blanks the remaining number punctuation and ``split``
   cuts the words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = [
    "GEM_SKIPPED",
    "NON_WORD_RE",
    "NUMBER_RE",
    "clean_lines",
    "clean_tokens",
    "clean_tokens_reference",
    "wordpunct_tokens",
]

NUMBER_RE = re.compile(r"[-+]?[\d,]*\.*\d+")
NON_WORD_RE = re.compile(r"\W+")
#: the non-word characters a number match may contain
_NUMBER_PUNCTUATION = "-+,."
_ASCII_BYTES = bytes(range(128))
#: the non-ASCII characters seen so far -> their replacement (`0` for a decimal digit,
#: a space for a non-word character, empty for a word character: kept)
_NON_ASCII_REPLACEMENT: dict[str, str] = {}
_ASCII_NON_WORD = "".join(chr(i) for i in range(128) if not (chr(i).isalnum() or chr(i) == "_"))
#: stands for a number replaced by the constant pass: an ASCII non-word character, so
#: none is left in the text when that pass runs (step 2 blanks it)
_MARK = b"\x01"
#: a maximal run of `0` and number punctuation, from its first digit on
_RUN = re.compile(rb"0[-+,.0]*")
#: a run that starts with its digit (none of the run's characters before it) and holds
#: exactly one number match: digits and commas, optionally dots and digits, then only
#: commas and dots (the lookahead makes the run maximal)
_ONE_NUMBER_RUN = re.compile(rb"0(?<![-+,.0]0)[0,]*(?:\.+0+)?[,.]*(?![-+,.0])")
_NUMBER_BYTES = re.compile(rb"[-+]?[0,]*\.*0+")


def _byte_table(blank: str, zero: str = "", mark_to_zero: bool = False) -> bytes:
    """A ``bytes.translate`` table: the ASCII characters in ``blank`` → space, those in
    ``zero`` → ``0``, optionally :data:`_MARK` → ``0``; every other byte (UTF-8 lead
    and continuation bytes included) unchanged."""
    table = bytearray(range(256))
    for i in range(128):
        if chr(i) in blank:
            table[i] = ord(" ")
        if chr(i) in zero:
            table[i] = ord("0")
    if mark_to_zero:
        table[_MARK[0]] = ord("0")
    return bytes(table)


_NON_NUMBER_NON_WORD = _ASCII_NON_WORD.translate(str.maketrans("", "", _NUMBER_PUNCTUATION))
_DIGITS = "0123456789"
#: step 2: digits → `0`, ASCII non-word characters but number punctuation → space
_BLANK_ALL = _byte_table(_NON_NUMBER_NON_WORD, _DIGITS)
#: the same but the line break, which separates the texts of :func:`clean_lines`
_BLANK_ALL_BUT_NEWLINE = _byte_table(_NON_NUMBER_NON_WORD.replace("\n", ""), _DIGITS)
#: step 4: number punctuation → space, the constant pass's mark → `0`
_FINISH = _byte_table(_NUMBER_PUNCTUATION, mark_to_zero=True)


def _replace_non_ascii(text: str) -> str:
    """``text`` with every non-ASCII non-word character replaced by a space and every
    non-ASCII decimal digit by ``0`` (the line break is ASCII: it stays)."""
    for ch in set(text.encode().translate(None, _ASCII_BYTES).decode()):
        replacement = _NON_ASCII_REPLACEMENT.get(ch)
        if replacement is None:
            # \w: isalnum() or "_" (ASCII); \d: category Nd, i.e. isdecimal()
            replacement = "0" if ch.isdecimal() else "" if ch.isalnum() else " "
            _NON_ASCII_REPLACEMENT[ch] = replacement
        if replacement:
            text = text.replace(ch, replacement)
    return text


def clean_tokens_reference(text: str) -> list[str]:
    """The cleaning as specified: two regular expressions over the lowercased text."""
    text = NUMBER_RE.sub(" 0 ", text.lower())
    return NON_WORD_RE.sub(" ", text).split()


def _blanked(text: str, table: bytes) -> str:
    """Lowercased, numbers → `` 0 ``, non-word characters → spaces (those ``table``
    blanks, and the number punctuation: all but the line break for
    :func:`clean_lines`)."""
    text = text.lower()
    if not text.isascii():
        text = _replace_non_ascii(text)
    data = text.encode().translate(table)
    if b"0" in data:
        data = _ONE_NUMBER_RUN.sub(b" " + _MARK + b" ", data)
        if b"0" in data:
            data = _RUN.sub(_run_to_zeros, data)
    return data.translate(_FINISH).decode()


def clean_lines(texts: Sequence[str]) -> list[list[str]]:
    """:func:`clean_tokens` of each text, done for all of them at once (the texts are
    joined by line breaks, which no step crosses: they are non-word characters, never
    part of a number, and lowercasing treats them as a word boundary): each step runs
    once over the batch instead of once per text. A text holding a line break itself
    is cleaned on its own."""
    if any("\n" in t for t in texts):
        return [clean_tokens(t) for t in texts]
    if not texts:
        return []
    joined = _blanked("\n".join(texts), _BLANK_ALL_BUT_NEWLINE)
    return [line.split() for line in joined.split("\n")]


def clean_tokens(text: str) -> list[str]:
    """The paper's cleaning: lowercase, numbers → ``0``, non-word characters removed
    (the same tokens as :func:`clean_tokens_reference`, faster)."""
    return _blanked(text, _BLANK_ALL).split()


_PUNCTUATION_BYTES = _NUMBER_PUNCTUATION.encode()


def _run_to_zeros(m: re.Match[bytes]) -> bytes:
    """A run of `0` and number punctuation (from its first digit) → `` 0 `` per number
    match, counted from the punctuation just before it (``+.5,3`` is two numbers,
    ``5,3`` one); what is not a match is blanked afterwards."""
    data, start = m.string, m.start()
    while start > 0 and data[start - 1] in _PUNCTUATION_BYTES:
        start -= 1
    return b" 0 " * len(_NUMBER_BYTES.findall(data, start, m.end()))


_WORDPUNCT = re.compile(r"\w+|[^\w\s]+")
#: the punctuation tokens the official GEM encoder skips (``sent_to_ids``)
GEM_SKIPPED = frozenset({"!", ".", ":", "?", "@", "-", '"', "'"})


def wordpunct_tokens(text: str) -> list[str]:
    """The official GEM encoder's tokens (``code/encoder.py``: ``sent_to_tokens`` and
    ``sent_to_ids``): quotes ``''`` and ````` `` ````` as ``"``, NLTK's ``wordpunct``
    split (runs of word characters, runs of other non-space characters), lowercased,
    the tokens ``! . : ? @ - " '`` dropped. Numbers stay numbers."""
    text = text.replace("''", '" ').replace("``", '" ')
    tokens = (t.lower() for t in _WORDPUNCT.findall(text))
    return [t for t in tokens if t not in GEM_SKIPPED]
