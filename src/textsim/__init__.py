"""textsim: reproducible short-text and document embedding similarity.

The library behind the Snakemake workflow, grouped by domain:

* foundations: :mod:`textsim.core.io`, :mod:`textsim.sources.resources`, :mod:`textsim.text`
  (corpus readers and cleaning, document frequencies), :mod:`textsim.vectors`
  (word2vec, word vectors), :mod:`textsim.measures.distances`, :mod:`textsim.report` (table
  and figure writers);
* :mod:`textsim.methods`: every embedding method as a scikit-learn style estimator
  (pooling, SIF, uSIF, GEM, the learned weights, MiniLM) and the method names;
* one subpackage per paper family, using the methods: :mod:`textsim.deboom` (De Boom
  et al. 2015/2016), :mod:`textsim.gem` (the GEM paper's STS and paragraph
  evaluations), :mod:`textsim.schafer` (Schäfer 2018).
  Arrows point one way: schafer → gem → deboom → methods → foundations.

Fit once, embed anything::

    import textsim
    model = textsim.fit("gem", vectors="results/word2vec/vectors.npz", texts=sentences)
    textsim.save(model, "gem.npz")
    vectors = textsim.load("gem.npz").transform(["A new sentence.", "Another one."])
    scores = textsim.similarity(model, ["A cat sat."], ["A dog sat."])  # cosine per pair

(:mod:`textsim.api`; the same as ``textsim fit`` / ``textsim embed`` on the
command line). The public estimators are importable from here too
(``from textsim import GEM``).
They are loaded on first use, so ``import textsim`` stays cheap and importing one
submodule does not pull in every other one (this keeps the workflow's code
inputs, derived from the import graph, exact).
"""

from __future__ import annotations

import importlib
from importlib.metadata import version as _version
from typing import TYPE_CHECKING, Any

__version__ = _version("textsim")  # written once, in pyproject.toml

#: public name -> module that defines it
_EXPORTS = {
    "WordEmbeddings": "textsim.vectors.words",
    "PoolingEmbedding": "textsim.methods.pooling",
    "TfidfEmbedding": "textsim.methods.pooling",
    "GEM": "textsim.methods.gem.model",
    "SIF": "textsim.methods.sif",
    "USIF": "textsim.methods.sif",
    "WeightedEmbedding": "textsim.methods.learned.model",
    "fit": "textsim.api.fitting",
    "METHODS": "textsim.methods.registry",
    "load": "textsim.api.persistence",
    "load_vectors": "textsim.api.persistence",
    "save": "textsim.api.persistence",
    "similarity": "textsim.api.scoring",
}

__all__ = [
    "GEM",
    "METHODS",
    "SIF",
    "USIF",
    "PoolingEmbedding",
    "TfidfEmbedding",
    "WeightedEmbedding",
    "WordEmbeddings",
    "fit",
    "load",
    "load_vectors",
    "save",
    "similarity",
]

if TYPE_CHECKING:
    from textsim.api.fitting import fit
    from textsim.api.persistence import load, load_vectors, save
    from textsim.api.scoring import similarity
    from textsim.methods.gem.model import GEM
    from textsim.methods.learned.model import WeightedEmbedding
    from textsim.methods.pooling import PoolingEmbedding, TfidfEmbedding
    from textsim.methods.registry import METHODS
    from textsim.methods.sif import SIF, USIF
    from textsim.vectors.words import WordEmbeddings


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'textsim' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names (not the module's own imports)."""
    return sorted([*__all__, "__version__"])
