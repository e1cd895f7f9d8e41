"""Published numbers of De Boom et al. (ICDMW 2015, PRL 2016), read off the papers."""

from __future__ import annotations

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
