"""Every embedding method, below the paper families that use it and never the reverse.

* :mod:`~textsim.methods.base`: the estimator base (``fit`` / ``transform``, what fitting
  needs, cleaning of raw text, parameter checks);
* :mod:`~textsim.methods.pooling`: mean, idf-weighted, max, min, min‖max and tf-idf;
* :mod:`~textsim.methods.sif`: SIF and uSIF;
* :mod:`textsim.methods.gem`: GEM and its kernels;
* :mod:`textsim.methods.learned`: De Boom's learned idf-rank weights, their training
  procedures, NumPy reference and Keras trainer;
* :mod:`~textsim.methods.minilm`: all-MiniLM-L6-v2 (optional package);
* :mod:`~textsim.methods.names`: the method names and what each fixes;
  :mod:`~textsim.methods.registry`: every name with its class.

Nothing here reads a file a user names (that is :mod:`textsim.api`), and importing one
estimator imports no other: a workflow rule's code inputs (the modules its script
imports) are exactly the methods it uses.
"""
