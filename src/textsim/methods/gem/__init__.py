"""GEM (Yang et al. 2018): the estimator (:mod:`~textsim.methods.gem.model`), its
compiled Gram and window kernels, and a slow reference implementation for tests.
"""
