"""Fit once, embed anything: one API and one model file for every embedding method.

* :mod:`textsim.embedding.source`: the word vectors a model is fitted on, read once,
  with their identity (dimension, vocabulary size, content checksum) and the
  document frequencies;
* :mod:`textsim.embedding.methods`: the method names (``mean``, ``idf-mean``,
  ``sif``, ``usif``, ``gem``, ``learned``, ``minilm``, …) and :func:`fit`;
* :mod:`textsim.embedding.modelfile`: :func:`save` / :func:`load` of a fitted
  model as one ``.npz`` file (arrays + JSON, no pickle).
"""
