"""Batched word-analogy accuracy against gensim's evaluate_word_analogies."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gensim.models import KeyedVectors

from textsim.vectors.analogies import analogy_accuracy, gensim_sections


def _vectors(n: int = 400, dim: int = 24, seed: int = 0) -> KeyedVectors:
    rng = np.random.default_rng(seed)
    words = [f"w{i}" for i in range(n)]
    # case variants: the first (more frequent) one must give the vector
    words[10], words[11], words[12] = "Paris", "paris", "PARIS"
    vectors = rng.normal(size=(n, dim)).astype(np.float32)
    # exact analogies: w20 - w21 + w22 = w23 (and scaled copies, so norms matter)
    vectors[23] = vectors[22] + vectors[20] - vectors[21]
    vectors[24] = 3.0 * vectors[23]
    vectors[30] = vectors[31]  # two words with one vector: an exact tie
    kv = KeyedVectors(dim)
    kv.add_vectors(words, vectors)
    return kv


def _questions(kv: KeyedVectors, path: Path, n: int = 600, seed: int = 1) -> Path:
    rng = np.random.default_rng(seed)
    keys = list(kv.index_to_key)
    lines = [": capital-common", "w21 w20 w22 w23", "W21 w20 W22 w24", "paris w20 w21 PARIS"]
    lines += ["w40 w31 w41 w30", "w31 w40 w30 w41", "w1 w2 w3 unknownword", "too few words"]
    lines.append(": random")
    for _ in range(n):
        a, b, c, e = rng.choice(len(keys), size=4)
        lines.append(
            " ".join(keys[i].upper() if rng.random() < 0.3 else keys[i] for i in (a, b, c, e))
        )
    # questions whose answer is near (b - a + c): many correct ones
    lines.append(": near")
    vecs = kv.get_normed_vectors()
    for _ in range(n):
        a, b, c = rng.choice(len(keys), size=3, replace=False)
        target = vecs[b] - vecs[a] + vecs[c]
        e = int(np.argsort(-(vecs @ target))[rng.integers(0, 3)])
        lines.append(f"{keys[a]} {keys[b]} {keys[c]} {keys[e]}")
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("restrict", [300_000, 150])
def test_the_same_answers_as_gensim(tmp_path: Path, restrict: int) -> None:
    kv = _vectors()
    path = _questions(kv, tmp_path / "questions.txt")
    ours = analogy_accuracy(kv, path, restrict_vocab=restrict, block=97)
    assert ours.sections == gensim_sections(kv, path, restrict)
    score, _ = kv.evaluate_word_analogies(str(path), restrict_vocab=restrict)
    assert ours.score == pytest.approx(score, abs=1e-15)
    assert ours.questions == 1 + 2 + 2 + 1 + 600 + 600  # the malformed line is not counted
    if restrict > len(kv):
        assert ours.correct > 150  # a third of the near section's answers are the best word


def test_near_ties_are_answered_by_gensim(tmp_path: Path) -> None:
    kv = _vectors()
    path = _questions(kv, tmp_path / "questions.txt", n=50)
    ours = analogy_accuracy(kv, path)
    assert ours.fallbacks >= 1  # w30 and w31 share a vector
    wide = analogy_accuracy(kv, path, margin=10.0)  # every question through gensim
    assert wide.fallbacks == wide.correct + wide.incorrect
    assert wide.sections == ours.sections


def test_a_vocabulary_too_small_to_batch(tmp_path: Path) -> None:
    kv = KeyedVectors(3)
    kv.add_vectors(["a", "b", "c", "d", "e"], np.eye(5, 3, dtype=np.float32) + 0.1)
    path = tmp_path / "q.txt"
    path.write_text(": s\na b c d\nb c d e\n")
    ours = analogy_accuracy(kv, path)
    assert ours.sections == gensim_sections(kv, path)


def test_a_question_before_any_section_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    path.write_text("w1 w2 w3 w4\n")
    with pytest.raises(ValueError, match=r"q\.txt: line 1"):
        analogy_accuracy(_vectors(), path)


def test_a_file_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    path.write_bytes(b": s\nw1 w2 w3 \xff\n")
    with pytest.raises(ValueError, match=r"q\.txt: line 2: not UTF-8"):
        analogy_accuracy(_vectors(), path)
