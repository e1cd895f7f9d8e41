"""Numbers published in the papers, for side-by-side tables.

De Boom, Van Canneyt, Bohez, Demeester, Dhoedt (2015), "Learning semantic
similarity for very short texts", ICDMW. Split errors in percent.
"""

from __future__ import annotations

__all__ = [
    "GEM_PARAGRAPHS",
    "GEM_STS",
    "ICDMW_TABLE_I",
    "ICDMW_TABLE_II",
    "ICDMW_TABLE_III",
    "ICDMW_TABLE_I_LENGTHS",
    "LEARNED_LABELS",
    "PRL_TABLE_1",
    "PRL_TABLE_2",
]

ICDMW_TABLE_I_LENGTHS = ("10", "20", "30")

#: method -> length -> (split error %, JS divergence)
ICDMW_TABLE_I: dict[str, dict[str, tuple[float, float]]] = {
    "tfidf": {"10": (36.15, 0.11946), "20": (20.09, 0.35991), "30": (12.55, 0.54468)},
    "mean": {"10": (30.67, 0.16186), "20": (21.05, 0.34109), "30": (16.33, 0.45534)},
    "max": {"10": (28.27, 0.20831), "20": (19.06, 0.40030), "30": (15.18, 0.49882)},
    "min": {"10": (28.89, 0.19694), "20": (19.54, 0.38696), "30": (15.69, 0.48592)},
    "minmax": {"10": (26.89, 0.22946), "20": (16.86, 0.45004), "30": (12.76, 0.56253)},
    "mean_top": {"10": (23.69, 0.30044), "20": (15.86, 0.48260), "30": (12.42, 0.56456)},
    "max_top": {"10": (26.56, 0.24028), "20": (20.63, 0.36809), "30": (16.66, 0.45522)},
    "minmax_top": {"10": (25.43, 0.25761), "20": (19.13, 0.39775), "30": (14.91, 0.49927)},
    "mean_idf": {"10": (23.35, 0.30400), "20": (15.77, 0.48028), "30": (12.43, 0.56028)},
}

#: method -> (split error %, JS divergence), texts of 20 words
ICDMW_TABLE_II: dict[str, tuple[float, float]] = {
    "mean_cosine": (21.05, 0.34109),
    "mean_euclidean": (19.55, 0.37788),
    "mean_l3": (19.62, 0.37511),
    "mean_l4": (19.77, 0.37061),
    "mean_braycurtis": (21.22, 0.33775),
}

#: ICDMW Table III: test error % (20 words; Euclidean distance except tf-idf cosine)
ICDMW_TABLE_III: dict[str, float] = {
    "tfidf": 19.60,
    "mean_euclidean": 19.43,
    "max_euclidean": 19.05,
    "minmax_euclidean": 16.78,
    "mean_top_euclidean": 17.02,
    "max_top_euclidean": 18.05,
    "minmax_top_euclidean": 16.40,
    "mean_idf_euclidean": 24.00,
    "learned_icdmw": 14.44,
}

#: PRL Table 1: block -> method -> (split error %, JS divergence)
PRL_TABLE_1: dict[str, dict[str, tuple[float, float]]] = {
    "20": {
        "tfidf": (19.60, 0.3698),
        "mean_euclidean": (19.43, 0.3781),
        "max_euclidean": (19.05, 0.3981),
        "minmax_euclidean": (16.78, 0.4520),
        "mean_top_euclidean": (17.02, 0.4435),
        "max_top_euclidean": (18.05, 0.4193),
        "minmax_top_euclidean": (16.40, 0.4581),
        "mean_idf_euclidean": (24.00, 0.2767),
        "learned_contrastive": (14.44, 0.5080),
        "learned_median": (14.06, 0.5184),
    },
    "var": {
        "tfidf": (22.23, 0.3190),
        "mean_euclidean": (25.61, 0.2543),
        "max_euclidean": (27.09, 0.2308),
        "minmax_euclidean": (26.19, 0.2487),
        "mean_top_euclidean": (22.67, 0.3182),
        "max_top_euclidean": (28.32, 0.2150),
        "minmax_top_euclidean": (27.86, 0.2260),
        "mean_idf_euclidean": (27.51, 0.2139),
        "learned_contrastive": (21.20, 0.3503),
        "learned_median": (16.41, 0.4602),
    },
    # third block: the same weights applied to Google News 300-d vectors (our "transfer" set)
    "transfer": {
        "tfidf": (22.50, 0.3130),
        "mean_euclidean": (34.41, 0.1130),
        "max_euclidean": (37.05, 0.0842),
        "minmax_euclidean": (35.82, 0.1032),
        "mean_top_euclidean": (32.07, 0.1512),
        "max_top_euclidean": (36.38, 0.0999),
        "minmax_top_euclidean": (35.61, 0.1140),
        "mean_idf_euclidean": (33.88, 0.1185),
        "learned_contrastive": (30.50, 0.1776),
        "learned_median": (25.10, 0.2641),
    },
}

#: PRL Table 2 (Twitter, Wikipedia embeddings): method -> (split error %, JS divergence)
PRL_TABLE_2: dict[str, tuple[float, float]] = {
    "tfidf": (43.09, 0.0634),
    "mean_euclidean": (33.68, 0.0783),
    "max_euclidean": (34.85, 0.0668),
    "minmax_euclidean": (33.80, 0.0734),
    "mean_top_euclidean": (32.60, 0.0811),
    "max_top_euclidean": (33.38, 0.0740),
    "minmax_top_euclidean": (32.86, 0.0762),
    "mean_idf_euclidean": (31.28, 0.0886),
    "learned_contrastive": (35.48, 0.0658),
    "learned_median": (30.88, 0.0900),
}

LEARNED_LABELS = {
    "learned_icdmw": "Mean, importance factors",
    "learned_contrastive": "Learned weights, contrastive",
    "learned_median": "Learned weights, median",
}

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
