"""Numbers published in the papers, for side-by-side tables.

De Boom, Van Canneyt, Bohez, Demeester, Dhoedt (2015), "Learning semantic
similarity for very short texts", ICDMW. Split errors in percent.
"""

from __future__ import annotations

__all__ = ["ICDMW_TABLE_I", "ICDMW_TABLE_II", "ICDMW_TABLE_I_LENGTHS"]

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
