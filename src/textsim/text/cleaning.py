"""The paper's text cleaning (De Boom et al. 2015, 2016): lowercase, every number
(``[-+]?[\\d,]*\\.*\\d+``) becomes the token ``0``, every non-word character a space.

:func:`clean_tokens_reference` is that definition written as two regular
expressions over the whole text. :func:`clean_tokens` gives identical tokens faster
(``textsim bench``): the few distinct non-ASCII non-word characters of a line are
replaced by spaces (they are never part of a number), then one ``bytes.translate``
over the UTF-8 text blanks the ASCII non-word characters and ``split`` cuts the words.
Before that, in text with a digit, each maximal run of digits and number punctuation
``-+,.`` becomes `` 0 `` per number match of the run (one regular expression that
starts at a digit, so the engine skips to digits; the number expression runs on the
run alone). A number match never leaves its run, so this equals the number
expression over the whole text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["NON_WORD_RE", "NUMBER_RE", "clean_lines", "clean_tokens", "clean_tokens_reference"]

NUMBER_RE = re.compile(r"[-+]?[\d,]*\.*\d+")
NON_WORD_RE = re.compile(r"\W+")
#: the non-word characters a number match may contain
_NUMBER_PUNCTUATION = "-+,."
#: the non-ASCII characters seen so far -> whether they are non-word characters
_NON_WORD: dict[str, bool] = {}
_NON_ASCII = re.compile(r"[^\x00-\x7f]").findall
_HAS_DIGIT = re.compile(r"\d").search
#: a maximal run of digits and number punctuation, from its first digit on
_RUN_FROM_DIGIT = re.compile(r"\d[-+,.\d]*")
_ASCII_NON_WORD = "".join(chr(i) for i in range(128) if not (chr(i).isalnum() or chr(i) == "_"))


def _byte_table(blank: str) -> bytes:
    """A ``bytes.translate`` table: the ASCII characters in ``blank`` → space; every
    other byte (UTF-8 lead and continuation bytes included) unchanged."""
    return bytes(32 if i < 128 and chr(i) in blank else i for i in range(256))


#: every ASCII non-word character → space
_BLANK_ALL = _byte_table(_ASCII_NON_WORD)
#: the same but the line break, which separates the texts of :func:`clean_lines`
_BLANK_ALL_BUT_NEWLINE = _byte_table(_ASCII_NON_WORD.replace("\n", ""))
#: the same but the number punctuation (text with digits)


def _blank_non_ascii(text: str) -> str:
    """``text`` with every non-ASCII non-word character replaced by a space (the line
    break is ASCII: it stays)."""
    for ch in set(_NON_ASCII(text)):
        non_word = _NON_WORD.get(ch)
        if non_word is None:
            non_word = _NON_WORD[ch] = not ch.isalnum()  # \w: isalnum() or "_" (ASCII)
        if non_word:
            text = text.replace(ch, " ")
    return text


def clean_tokens_reference(text: str) -> list[str]:
    """The cleaning as specified: two regular expressions over the lowercased text."""
    text = NUMBER_RE.sub(" 0 ", text.lower())
    return NON_WORD_RE.sub(" ", text).split()


def _blanked(text: str, table: bytes) -> str:
    """Lowercased, numbers → `` 0 ``, non-word characters → spaces (those ``table``
    blanks: all but the line break for :func:`clean_lines`)."""
    text = text.lower()
    if not text.isascii():
        text = _blank_non_ascii(text)
    if _HAS_DIGIT(text) is not None:
        text = _RUN_FROM_DIGIT.sub(_run_to_zeros, text)
    return text.encode().translate(table).decode()


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


def _run_to_zeros(m: re.Match[str]) -> str:
    """A run of digits and number punctuation (from its first digit) → `` 0 `` per number
    match, counted from the punctuation just before it (``+.5,3`` is two numbers,
    ``5,3`` one); what is not a match is non-word and blanked afterwards."""
    text, start = m.string, m.start()
    if start == 0 or text[start - 1] not in _NUMBER_PUNCTUATION:
        run = m.group()
        return " 0 " if run.isdecimal() else " 0 " * len(NUMBER_RE.findall(run))
    while start > 0 and text[start - 1] in _NUMBER_PUNCTUATION:
        start -= 1
    return " 0 " * len(NUMBER_RE.findall(text, start, m.end()))
