"""Schäfer (2018) preprocessing: cleaning, de-duplication, balanced subsets,
vocabulary pruning, 20 Newsgroups reader, dataset files."""

import io
import tarfile

import pandas as pd
import pytest

from textsim.schafer.datasets import (
    PAD,
    UNK,
    Vocabulary,
    balanced_subset,
    clean_sentences,
    dataset_statistics,
    prepare_dataset,
    read_dataset,
    read_newsgroups,
    write_dataset,
)
from textsim.text.documents import DocumentFormatError


def test_clean_sentences_lemmatise_strip_and_drop_short_tokens():
    out = clean_sentences(["The studies were (re-)analysed: 3 x-rays, a T-cell!", "?!"])
    assert out == [["the", "study", "be", "re", "analyse", "xray", "tcell"]]


def test_vocabulary_pruning_rules():
    # 100 documents; "ten" in 10 (dropped: <= 10), "eleven" in 11 (kept),
    # "common" in 10% (dropped: >= 10%)... with 200 documents, 20 = 10% dropped, 19 kept
    docs = [[["filler"]] for _ in range(200)]
    for i in range(10):
        docs[i][0].append("ten")
    for i in range(11):
        docs[i][0].append("eleven")
    for i in range(20):
        docs[i][0].append("twenty")
    for i in range(19):
        docs[i][0].append("nineteen")
    vocab = Vocabulary.build(docs, min_documents=10, max_fraction=0.1)
    assert vocab.tokens[:2] == (PAD, UNK)
    assert set(vocab.tokens[2:]) == {"eleven", "nineteen"}
    assert vocab.tokens[2] == "nineteen"  # by document frequency
    assert vocab.encode([["eleven", "ten", "filler"]]) == [[3, 1, 1]]
    assert vocab.doc_freq["filler"] == 200 and vocab.n_documents == 200


def _collection(n_labels=4, per_label=30):
    rows = []
    for k in range(n_labels):
        for i in range(per_label + k * 5):
            rows.append(
                {
                    "doc_id": f"{k}-{i}",
                    "label": f"L{k}",
                    "title": f"Title topic{k} item{i}" if i % 10 else f"Same title topic{k}",
                    "sentences": ["-", f"Word{k} studies of topic{k} item{i}."],
                }
            )
    return pd.DataFrame(rows)


def test_prepare_dataset_dedupes_balances_and_splits():
    frame, vocab = prepare_dataset(
        _collection(),
        n_topics=3,
        per_topic=20,
        fractions={"valid": 0.2, "test": 0.25},
        seed=0,
        min_documents=1,
        max_fraction=0.5,
    )
    # the largest three labels, 20 each; duplicated titles ("Same title k") kept once
    assert sorted(frame["label"].unique()) == ["L1", "L2", "L3"]
    assert frame["label"].value_counts().eq(20).all()
    assert not frame["title"].duplicated().any()
    counts = frame.groupby(["label", "split"]).size().unstack()
    assert (counts["test"] == 5).all() and (counts["valid"] == 4).all()
    assert frame["tokens"].map(lambda d: d[1][1] == "study").all()
    # the vocabulary comes from the whole cleaned collection (4 labels, 138
    # distinct titles), so L0's word is in it although L0 is not in the dataset
    assert vocab.n_documents == 138 and "word0" in vocab.tokens
    stats = dataset_statistics(frame, vocab)
    assert stats["documents"] == 60 and stats["labels"] == 3 and stats["sentences"] == 120


def test_balanced_subset_errors():
    with pytest.raises(ValueError, match="only 4 labels"):
        balanced_subset(_collection(), 5, None, 0)
    with pytest.raises(ValueError, match="per_topic 99"):
        balanced_subset(_collection(), 2, 99, 0)
    assert len(balanced_subset(_collection(), 2, None, 0)) == 2 * 40  # the smaller of L3, L2


def _tar(tmp_path, members):
    path = tmp_path / "news.tar.gz"
    with tarfile.open(path, "w:gz") as tf:
        for name, text in members.items():
            data = text.encode("latin-1")
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return path


def test_read_newsgroups_drops_headers_and_quotes(tmp_path):
    post = (
        "From: a@b.c\nSubject: Re: Hockey scores\nLines: 4\n\n"
        "In article <x> someone writes:\n> quoted line\nThe Leafs won. Great game!\n"
    )
    path = _tar(tmp_path, {"20news-bydate-train/rec.sport.hockey/1": post})
    frame = read_newsgroups(path)
    row = frame.iloc[0]
    assert row["label"] == "rec.sport.hockey" and row["title"] == "Re: Hockey scores"
    assert row["sentences"] == ["Re: Hockey scores", "The Leafs won.", "Great game!"]
    bad = _tar(tmp_path, {"other/1": post})
    with pytest.raises(DocumentFormatError, match="member other/1"):
        read_newsgroups(bad)


def test_dataset_round_trip_and_errors(tmp_path):
    frame, vocab = prepare_dataset(
        _collection(),
        n_topics=2,
        per_topic=10,
        fractions={"valid": 0.2, "test": 0.2},
        seed=1,
        min_documents=0,
        max_fraction=1.0,
    )
    path = tmp_path / "d.jsonl"
    write_dataset(frame, vocab, path)
    back, vocab2 = read_dataset(path)
    assert vocab2 == vocab
    pd.testing.assert_frame_equal(back, frame.reset_index(drop=True))
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines[:3], "{not json", *lines[4:]]))
    with pytest.raises(DocumentFormatError, match=r"d.jsonl:4"):
        read_dataset(path)
