"""The paper's text cleaning (De Boom et al. 2015, 2016): lowercase, every number
(``[-+]?[\\d,]*\\.*\\d+``) becomes the token ``0``, every non-word character a space.

:func:`clean_tokens_reference` is that definition written as two regular
expressions over the whole text. :func:`clean_tokens` gives identical tokens about
three times faster (``textsim bench``): one ``str.translate`` turns every non-word
character that cannot be part of a number into a space, ``str.split`` cuts the
words, a word of letters (after stripping number punctuation ``-+,.`` from its ends)
is a token as it stands, and only the other words (digits, inner punctuation,
underscores) go through the regular expressions. Number matches never cross a
character the translation blanks, so cleaning word by word equals cleaning the text.
"""

from __future__ import annotations

import re

__all__ = ["NON_WORD_RE", "NUMBER_RE", "clean_tokens", "clean_tokens_reference"]

NUMBER_RE = re.compile(r"[-+]?[\d,]*\.*\d+")
NON_WORD_RE = re.compile(r"\W+")
#: the non-word characters a number match may contain
_NUMBER_PUNCTUATION = "-+,."
#: code point -> space for every non-word character outside _NUMBER_PUNCTUATION seen so far
_BLANK: dict[int, int] = {}
_SEEN: set[str] = set()


def _learn(chars: set[str]) -> None:
    """Classify characters not seen before (``\\w`` is ``isalnum()`` or ``_``)."""
    for ch in chars - _SEEN:
        if not (ch.isalnum() or ch == "_") and ch not in _NUMBER_PUNCTUATION:
            _BLANK[ord(ch)] = 32
        _SEEN.add(ch)


_learn({chr(i) for i in range(128)})


def clean_tokens_reference(text: str) -> list[str]:
    """The cleaning as specified: two regular expressions over the lowercased text."""
    text = NUMBER_RE.sub(" 0 ", text.lower())
    return NON_WORD_RE.sub(" ", text).split()


def clean_tokens(text: str) -> list[str]:
    """The paper's cleaning: lowercase, numbers → ``0``, non-word characters removed
    (the same tokens as :func:`clean_tokens_reference`, faster)."""
    text = text.lower()
    if not text.isascii():
        _learn(set(text))
    out: list[str] = []
    for word in text.translate(_BLANK).split():
        core = word.strip(_NUMBER_PUNCTUATION)
        if core.isalpha():
            out.append(core)
        elif core:
            out += NON_WORD_RE.sub(" ", NUMBER_RE.sub(" 0 ", word)).split()
    return out
