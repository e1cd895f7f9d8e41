"""The zero-training baselines of the Schäfer tables: mean, idf-weighted mean, SIF, GEM
(pretrained word vectors at full size, no document-level training). Their models are
built from their method names (:mod:`textsim.methods.names`) in the stage."""

from __future__ import annotations

#: the config's baseline name -> the registry's method name
BASELINES: dict[str, str] = {"mean": "mean", "idf": "idf-mean", "sif": "sif", "gem": "gem"}
