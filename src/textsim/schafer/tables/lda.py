"""Table 4.1 analog: LDA topics of the search dataset (rule schafer_table_lda)."""

from __future__ import annotations

from textsim.core.io import PathLike
from textsim.report.tables import write_plain_table
from textsim.schafer.datasets import read_dataset
from textsim.schafer.topics import lda_topics


def lda_table(
    dataset: PathLike, stem: str, *, topics: int, passes: int, seed: int, title: str, note: str
) -> None:
    """Table 4.1 analog: top-5 terms of each LDA topic (gensim, training documents,
    pruned vocabulary) and the labels most common among the documents it dominates."""
    frame, vocab = read_dataset(dataset)
    table = lda_topics(frame, vocab, topics=topics, passes=passes, seed=seed)
    write_plain_table(table, stem, title=title, note=note)
