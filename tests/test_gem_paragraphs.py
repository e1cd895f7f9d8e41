"""Paragraph embeddings on synthetic topics: each topic has its own words."""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd
import pytest

from textsim.gem.paragraphs import evaluate_paragraphs
from textsim.methods.registry import build
from textsim.vectors.words import WordEmbeddings


def _letters(i: int) -> str:
    return "w" + chr(97 + i // 26) + chr(97 + i % 26)


def _topics(n_docs: int = 120, seed: int = 0) -> tuple[WordEmbeddings, np.ndarray, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    words = [_letters(i) for i in range(60)]
    vectors = rng.normal(size=(60, 100))  # d well above GEM's h = 17 removed directions
    emb = WordEmbeddings.from_arrays(words, vectors, np.full(60, 5), 100)
    prob = np.full(60, 1 / 60)
    prob[:2] = 1.0  # two very frequent "function words" (uSIF needs words above its threshold)
    prob /= prob.sum()
    rows = []
    for i in range(n_docs):
        topic = i % 3
        own = words[5 + 18 * topic : 5 + 18 * (topic + 1)]
        sentences = [
            " ".join([*rng.choice(own, 4), *rng.choice(words[:5], 3)]) + "."
            for _ in range(int(rng.integers(2, 5)))
        ]
        rows.append(
            {"sentences": sentences, "split": "train" if i < 60 else "test", "label": topic}
        )
    return emb, prob, pd.DataFrame(rows)


def test_every_technique_beats_the_majority_class() -> None:
    emb, prob, docs = _topics()
    frame = evaluate_paragraphs(
        partial(build, embeddings=emb, probabilities=prob), docs, c_grid=[0.1, 1.0], progress=False
    )
    assert list(zip(frame["method"], frame["technique"], strict=True)) == [
        ("majority class", "-"),
        ("mean", "whole"),
        ("idf-weighted mean", "whole"),
        ("SIF", "whole"),
        ("uSIF", "whole"),
        ("GEM", "whole"),
        ("GEM", "sentence-mean"),
        ("GEM", "sentences-as-words"),
    ]
    majority = frame["accuracy"].iloc[0]
    assert majority == pytest.approx(1 / 3, abs=0.02)
    # word-level methods separate the topics; GEM removes each paragraph's dominant
    # corpus directions, which here are the three topics themselves, so it keeps less
    assert (frame["accuracy"].iloc[1:5] > 0.9).all(), frame
    assert (frame["accuracy"].iloc[5:] > majority + 0.15).all(), frame
    assert (frame["n_test"] == 60).all()
    # the two sentence-based techniques both pay for the sentence embeddings
    sent = frame[frame["technique"].isin(["sentence-mean", "sentences-as-words"])]
    assert (sent["seconds"] > 0).all()


def test_a_split_is_required() -> None:
    emb, prob, docs = _topics(12)
    docs["split"] = "train"
    with pytest.raises(ValueError, match="train and a test split"):
        evaluate_paragraphs(
            partial(build, embeddings=emb, probabilities=prob), docs, progress=False
        )


def test_worker_processes_give_the_same_table() -> None:
    emb, prob, docs = _topics(90, seed=3)
    make = partial(build, embeddings=emb, probabilities=prob)
    grid = [0.01, 0.1, 1.0]
    serial = evaluate_paragraphs(make, docs, c_grid=grid, progress=False)
    parallel = evaluate_paragraphs(make, docs, c_grid=grid, progress=False, n_jobs=2)
    same = ["method", "technique", "accuracy", "C", "n_train", "n_test"]
    pd.testing.assert_frame_equal(serial[same], parallel[same])


def test_each_test_document_outcome_is_kept_for_the_verdicts(tmp_path) -> None:
    """``keep`` receives whether each test document is predicted right, per technique:
    its mean is the table's accuracy, and the verdicts read it as paired evidence."""
    from textsim.verdicts.evidence import paragraph_evidence
    from textsim.verdicts.registry import load
    from textsim.verdicts.table import comparison_table

    emb, prob, docs = _topics()
    kept: dict = {}
    frame = evaluate_paragraphs(
        partial(build, embeddings=emb, probabilities=prob),
        docs,
        c_grid=[0.1, 1.0],
        progress=False,
        keep=kept,
    )
    n_test = int((docs["split"] == "test").sum())
    for row in frame.iloc[1:].itertuples():
        correct = kept[(row.method, row.technique)]
        assert correct.shape == (n_test,) and correct.mean() == pytest.approx(row.accuracy)
    rows = [
        pd.DataFrame({"method": m, "technique": t, "document": range(len(c)), "correct": c})
        for (m, t), c in kept.items()
    ]
    path = tmp_path / "predictions.parquet"
    pd.concat(rows, ignore_index=True).to_parquet(path)
    registry = load(
        "- {id: p, source: gem, where: x, quote: q, family: paragraphs, sets: [test],"
        " better: ['mean, whole'], worse: ['GEM, whole']}"
    )
    row = comparison_table(paragraph_evidence(path), registry=registry, n_boot=200).iloc[0]
    accuracy = frame.set_index(["method", "technique"])["accuracy"]
    assert row["ours better"] == pytest.approx(100 * accuracy[("mean", "whole")])
    assert row["ours worse"] == pytest.approx(100 * accuracy[("GEM", "whole")])
    assert row["published worse"] == 65.30 and row["low"] <= row["difference"] <= row["high"]
