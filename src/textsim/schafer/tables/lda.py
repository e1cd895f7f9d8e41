"""Table 4.1 analog: LDA topics of the search dataset (rule schafer_table_lda)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from textsim.io import PathLike


def lda_table(
    dataset: PathLike, stem: str, *, topics: int, passes: int, seed: int, title: str, note: str
) -> None:
    """Table 4.1 analog: top-5 terms of each LDA topic (gensim, training documents,
    pruned vocabulary) and the labels most common among the documents it dominates."""
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    from textsim.report.tables import write_plain_table
    from textsim.schafer.datasets import read_dataset

    frame, vocab = read_dataset(dataset)
    train = frame[frame["split"] == "train"]
    kept = set(vocab.tokens[2:])
    docs = [[t for s in d for t in s if t in kept] for d in train["tokens"]]
    dictionary = Dictionary(docs)
    bow = [dictionary.doc2bow(d) for d in docs]
    lda = LdaModel(
        bow, num_topics=topics, id2word=dictionary, passes=passes, random_state=seed, alpha="auto"
    )
    dominant = [max(lda.get_document_topics(b), key=lambda x: x[1])[0] for b in bow]
    labels = train["label"].to_numpy()
    rows = []
    for k in range(topics):
        members = labels[np.asarray(dominant) == k]
        top = pd.Series(members).value_counts()
        share = f"{top.index[0]} ({100 * top.iloc[0] / len(members):.0f}%)" if len(top) else "—"
        rows.append(
            {
                "Topic": k + 1,
                "Top 5 terms": ", ".join(w for w, _ in lda.show_topic(k, topn=5)),
                "Documents": len(members),
                "Most common label": share,
            }
        )
    write_plain_table(pd.DataFrame(rows), stem, title=title, note=note)
