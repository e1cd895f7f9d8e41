"""Learned idf-rank weights (De Boom et al. 2015, 2016): the estimator
(:mod:`~textsim.methods.learned.model`), the training procedures
(:mod:`~textsim.methods.learned.procedures`), the NumPy reference of Algorithm 1
(:mod:`~textsim.methods.learned.weighting`) and the Keras trainer
(:mod:`~textsim.methods.learned.training`).
"""
