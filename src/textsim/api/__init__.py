"""The public API, at the top of the library beside the command line: what reads and
writes the files a user names.

* :mod:`textsim.api.fitting`: :func:`~textsim.api.fitting.fit`, a method by name from
  word-vector, document-frequency, text and weight files;
* :mod:`textsim.api.persistence`: :func:`~textsim.api.persistence.save` and
  :func:`~textsim.api.persistence.load` of a fitted model as one model file;
* :mod:`textsim.api.files`: the file-to-file operations of ``textsim fit``, ``embed``
  and ``similarity``.

The estimators and the method names are :mod:`textsim.methods`; nothing below this
package imports it.
"""
