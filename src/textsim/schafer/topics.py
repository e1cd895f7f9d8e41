"""LDA topics of a prepared dataset (gensim), for the Table 4.1 analog."""

from __future__ import annotations

import numpy as np
import pandas as pd

from textsim.schafer.datasets import Vocabulary

__all__ = ["lda_topics"]


def lda_topics(
    frame: pd.DataFrame, vocab: Vocabulary, *, topics: int, passes: int, seed: int, topn: int = 5
) -> pd.DataFrame:
    """One row per LDA topic fitted on the training documents (pruned vocabulary):
    its ``topn`` terms, the documents it dominates and their most common label."""
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    train = frame[frame["split"] == "train"]
    kept = set(vocab.tokens[2:])
    docs = [[t for s in d for t in s if t in kept] for d in train["tokens"]]
    dictionary = Dictionary(docs)
    bow = [dictionary.doc2bow(d) for d in docs]
    lda = LdaModel(
        bow, num_topics=topics, id2word=dictionary, passes=passes, random_state=seed, alpha="auto"
    )
    dominant = np.asarray([max(lda.get_document_topics(b), key=lambda x: x[1])[0] for b in bow])
    labels = train["label"].to_numpy()
    rows = []
    for k in range(topics):
        members = labels[dominant == k]
        top = pd.Series(members).value_counts()
        share = f"{top.index[0]} ({100 * top.iloc[0] / len(members):.0f}%)" if len(top) else "—"
        rows.append(
            {
                "Topic": k + 1,
                f"Top {topn} terms": ", ".join(w for w, _ in lda.show_topic(k, topn=topn)),
                "Documents": len(members),
                "Most common label": share,
            }
        )
    return pd.DataFrame(rows)
