"""The public API, at the top of the library beside the command line.

* :mod:`textsim.api.registry`: the embedding methods by name (:data:`METHODS`, each
  naming its real estimator class), :func:`~textsim.api.registry.build` (an unfitted
  estimator over word vectors in memory) and :func:`~textsim.api.registry.fit` (from
  files); the paper stages build their models through it;
* :mod:`textsim.api.persistence`: :func:`~textsim.api.persistence.save` and
  :func:`~textsim.api.persistence.load` of a fitted model as one model file;
* :mod:`textsim.api.files`: the file-to-file operations of ``textsim fit``, ``embed``
  and ``similarity``.

The layers below (:mod:`textsim.formats`: word-vector files and the model-file
format; :mod:`textsim.vectors`: word vectors and the estimator base; the paper
families) never import this package.
"""
