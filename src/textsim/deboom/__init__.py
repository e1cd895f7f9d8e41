"""De Boom et al. (ICDMW 2015, PRL 2016): related/non-related text pairs (Wikipedia,
tweets), the aggregation baselines' scores and metrics, learned idf-rank weights
(NumPy reference and Keras trainer), the papers' tables and figures.
"""
