"""Word-vector files and model files: the layer between the word vectors
(:mod:`textsim.vectors`) and the API (:mod:`textsim.api`), knowing no estimator class.

* :mod:`textsim.embedding.source`: the one loader of word-vector files, read once,
  with their identity (dimension, vocabulary size, content checksum) and the document
  frequencies;
* :mod:`textsim.embedding.modelfile`: the model-file format (``.npz``: arrays + JSON,
  no pickle), written and read for :func:`textsim.save` / :func:`textsim.load`.
"""
