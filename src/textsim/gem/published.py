"""Published numbers of the GEM paper and slides (STS, paragraph embeddings)."""

from __future__ import annotations

#: STS benchmark, Pearson x 100 (dev, test). Method -> [(word vectors, source, dev, test)].
#: "paper": Yang, Zhu, Chen (2018) as quoted in parentheses on the GEM slides
#: (../papers/gem2018-*); "slides": the slides' own reproduction; SIF (GloVe):
#: Arora et al. as quoted in the fidelity notes §3. None = not reported.
GEM_STS: dict[str, list[tuple[str, str, float | None, float | None]]] = {
    "GEM": [
        ("LexVec", "paper", 81.9, 76.5),
        ("LexVec", "slides", 77.1, 63.9),
        ("GloVe", "slides", 78.9, 63.7),
    ],
    "mean": [
        ("LexVec", "paper", 58.78, 50.43),
        ("LexVec", "slides", 66.6, 28.8),
        ("GloVe", "paper", 52.4, 40.6),
        ("GloVe", "slides", 51.8, 23.8),
    ],
    "SIF": [("GloVe", "SIF paper", 80.1, 72.0)],
}


#: GEM slides, paragraph embeddings: accuracy (%) of logistic regression on IMDb
#: sentiment (2,000 of 25,000 reviews for training) per technique; the paper's
#: own IMDb number for the whole-paragraph technique is 73.28.
GEM_PARAGRAPHS: dict[str, float] = {
    "whole": 65.30,
    "sentence-mean": 61.75,
    "sentences-as-words": 56.50,
}
