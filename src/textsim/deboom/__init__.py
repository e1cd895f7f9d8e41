"""De Boom et al. (ICDMW 2015, PRL 2016): related/non-related text pairs (Wikipedia,
tweets), the aggregation baselines' scores and metrics, κ's search, the papers' tables
and figures (the learned weights' estimator and trainer are in
:mod:`textsim.methods.learned`).
"""
