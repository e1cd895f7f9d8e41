"""Word-analogy accuracy (3CosAdd), batched over questions, with gensim's answers.

gensim's ``KeyedVectors.evaluate_word_analogies`` (the reference: the original C
word2vec's ``compute-accuracy``) answers each question a : b :: c : ? with one
matrix-vector product over the whole vocabulary. :func:`analogy_accuracy` answers a
block of questions with one matrix product and keeps gensim's rules: upper-cased
words, the first (most frequent) case variant's vector, the first ``restrict_vocab``
words, questions with an unknown word skipped, the three question words excluded,
and among the five best candidates the first whose upper-cased form is not a
question word is the answer.

The similarities come from one float32 matrix product with the unit word vectors
(gensim: a matrix-vector product, then a division by the norms), so they may round
differently from gensim's (by about 1e-7). Where two candidates that decide a question
are closer than ``margin`` (default 1e-5, a hundred times that rounding), the
question is answered by gensim's own ``most_similar``, so the answers are gensim's.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from gensim.models import KeyedVectors

__all__ = ["AnalogyResult", "analogy_accuracy", "gensim_sections"]

log = logging.getLogger(__name__)

_TOPN = 5  # candidates gensim looks at (most_similar(topn=5))


@dataclass
class AnalogyResult:
    """Counts per section (file order) and in total, as gensim reports them."""

    sections: list[tuple[str, int, int]] = field(default_factory=list)  # name, correct, incorrect
    questions: int = 0  # well-formed question lines
    oov: int = 0  # questions skipped for an unknown word
    fallbacks: int = 0  # questions answered by gensim's most_similar (near ties)

    @property
    def correct(self) -> int:
        return sum(c for _, c, _ in self.sections)

    @property
    def incorrect(self) -> int:
        return sum(i for _, _, i in self.sections)

    @property
    def score(self) -> float:
        seen = self.correct + self.incorrect
        return self.correct / seen if seen else 0.0


def _read_questions(
    path: str | os.PathLike[str], vocab: dict[str, int]
) -> tuple[list[str], list[int], list[tuple[str, str, str, str]], int, int]:
    """Section names, each kept question's section, the kept questions (upper case),
    the number of well-formed questions and of skipped (out-of-vocabulary) ones."""
    names: list[str] = []
    section_of: list[int] = []
    kept: list[tuple[str, str, str, str]] = []
    questions = oov = 0
    with open(path, "rb") as fin:
        for line_no, raw in enumerate(fin):
            try:
                line = raw.decode("utf8")
            except UnicodeDecodeError:
                raise ValueError(f"{path}: line {line_no + 1}: not UTF-8 text") from None
            if line.startswith(": "):
                names.append(line.lstrip(": ").strip())
                continue
            if not names:
                raise ValueError(
                    f"{path}: line {line_no + 1}: a question before any section header"
                )
            words = [w.upper() for w in line.split()]
            if len(words) != 4:
                continue  # gensim skips a malformed line without counting it
            questions += 1
            if any(w not in vocab for w in words):
                oov += 1
                continue
            a, b, c, e = words
            kept.append((a, b, c, e))
            section_of.append(len(names) - 1)
    return names, section_of, kept, questions, oov


def gensim_sections(
    kv: KeyedVectors, analogies: str | os.PathLike[str], restrict_vocab: int = 300_000
) -> list[tuple[str, int, int]]:
    """gensim's ``evaluate_word_analogies`` as :attr:`AnalogyResult.sections` (the
    reference: sections with at least one answered question)."""
    _, sections = kv.evaluate_word_analogies(str(analogies), restrict_vocab=restrict_vocab)
    return [
        (s["section"], len(s["correct"]), len(s["incorrect"]))
        for s in sections[:-1]
        if s["correct"] or s["incorrect"]
    ]


def _gensim_answer(
    kv: KeyedVectors, vocab: dict[str, int], question: tuple[str, str, str, str], restrict: int
) -> str | None:
    """The answer gensim's evaluate_word_analogies gives (its own code path)."""
    a, b, c, _ = question
    original = kv.key_to_index
    kv.key_to_index = vocab
    try:
        sims = kv.most_similar(positive=[b, c], negative=[a], topn=_TOPN, restrict_vocab=restrict)
    finally:
        kv.key_to_index = original
    predicted = None
    for key, _ in sims:
        predicted = key.upper()
        if predicted in vocab and predicted not in {a, b, c}:
            break
    return predicted


def _batched_answers(
    kv: KeyedVectors,
    vocab: dict[str, int],
    kept: list[tuple[str, str, str, str]],
    restrict: int,
    block: int,
    margin: float,
) -> tuple[list[str | None], int]:
    """Each question's answer, and how many near ties gensim answered."""
    upper = [k.upper() for k in kv.index_to_key[:restrict]]
    vectors = np.asarray(kv.vectors[:restrict], dtype=np.float32)
    unit = vectors / np.linalg.norm(vectors, axis=1)[:, None]
    idx = np.array([[vocab[w] for w in q[:3]] for q in kept], dtype=np.int64).reshape(-1, 3)
    depth = _TOPN + 1  # the five candidates and the next one (for the margin)
    answers: list[str | None] = []
    fallbacks = 0
    for start in range(0, len(kept), block):
        rows = idx[start : start + block]
        mean = unit[rows[:, 1]].astype(np.float64) + unit[rows[:, 2]] - unit[rows[:, 0]]
        mean /= np.linalg.norm(mean, axis=1, keepdims=True)
        sims = mean.astype(np.float32) @ unit.T  # gensim: (vectors @ mean) / norms
        sims[np.arange(len(rows))[:, None], rows] = -np.inf  # the question's own words
        top = np.argpartition(sims, -depth, axis=1)[:, -depth:]
        top_sims = np.take_along_axis(sims, top, axis=1)
        order = np.argsort(-top_sims, axis=1, kind="stable")
        top = np.take_along_axis(top, order, axis=1)
        top_sims = np.take_along_axis(top_sims, order, axis=1)
        for r, q in enumerate(kept[start : start + block]):
            pos = _TOPN - 1  # no candidate qualifies: gensim keeps the fifth
            for j in range(_TOPN):
                if upper[top[r, j]] not in q[:3]:
                    pos = j
                    break
            # the order up to the answer, and the answer against the next, must be clear
            if np.min(top_sims[r, : pos + 1] - top_sims[r, 1 : pos + 2]) < margin:
                answers.append(_gensim_answer(kv, vocab, q, restrict))
                fallbacks += 1
            else:
                answers.append(upper[top[r, pos]])
    return answers, fallbacks


def analogy_accuracy(
    kv: KeyedVectors,
    analogies: str | os.PathLike[str],
    *,
    restrict_vocab: int = 300_000,
    block: int = 512,
    margin: float = 1e-5,
) -> AnalogyResult:
    """gensim's ``evaluate_word_analogies(analogies, restrict_vocab)`` (case-insensitive,
    questions with unknown words skipped), answered ``block`` questions at a time."""
    restrict = min(restrict_vocab, len(kv.index_to_key))
    # upper-cased word -> index of its first (most frequent) case variant
    vocab: dict[str, int] = {}
    for i, k in enumerate(kv.index_to_key[:restrict]):
        vocab.setdefault(k.upper(), i)
    names, section_of, kept, questions, oov = _read_questions(analogies, vocab)
    if restrict >= _TOPN + 4:
        answers, fallbacks = _batched_answers(kv, vocab, kept, restrict, block, margin)
    else:  # too few words for five candidates beside the question's three
        answers = [_gensim_answer(kv, vocab, q, restrict) for q in kept]
        fallbacks = len(kept)
    counts = np.zeros((len(names), 2), dtype=np.int64)  # correct, incorrect
    for s, q, answer in zip(section_of, kept, answers, strict=True):
        counts[s, 0 if answer == q[3] else 1] += 1
    result = AnalogyResult(
        sections=[(n, int(c), int(i)) for n, (c, i) in zip(names, counts, strict=True) if c + i],
        questions=questions,
        oov=oov,
        fallbacks=fallbacks,
    )
    log.info(
        "analogies: %d of %d answered correctly (%.4f), %d skipped (unknown word), "
        "%d near ties answered by gensim",
        result.correct,
        result.correct + result.incorrect,
        result.score,
        oov,
        fallbacks,
    )
    return result
