"""File formats: word-vector files and model files. The layer between the word vectors
(:mod:`textsim.vectors`) and the API (:mod:`textsim.api`), knowing no estimator class.

* :mod:`textsim.formats.source`: the one loader of word-vector files, read once,
  with their identity (dimension, vocabulary size, content checksum) and the document
  frequencies;
* :mod:`textsim.formats.modelfile`: the model-file format (``.npz``: arrays + JSON,
  no pickle), written and read for :func:`textsim.save` / :func:`textsim.load`.
"""
