"""Each closed list of names is defined once, in the library: the config schema's enums
must equal the library's registries (a name added to one and not the other fails here)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from textsim.backend import BACKENDS
from textsim.deboom.fused import TFIDF_NORMS
from textsim.schafer.baselines import BASELINES as SCHAFER_BASELINES
from textsim.schafer.models import MODELS
from textsim.schafer.models.autoencoders import RECONSTRUCTIONS
from textsim.schafer.models.base import (
    ADAGRAD_FORMS,
    BATCHINGS,
    OPTIMIZERS,
    RECURRENT_ACTIVATIONS,
)
from textsim.schafer.models.fused import RECURRENT
from textsim.schafer.selection import ROWS
from textsim.stages.schafer.data import READERS

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())


def _node(path: str) -> Any:
    """The schema node at a dotted config path (``[]``: an array's items, ``*``: a map's
    entries, ``keys``: a map's property names)."""
    node = SCHEMA
    for part in path.split("."):
        if part == "[]":
            node = node["items"]
        elif part == "*":
            node = node["additionalProperties"]
        elif part == "keys":
            node = node["propertyNames"]
        else:
            node = node["properties"][part]
    return node


CASES: list[tuple[str, Sequence[str]]] = [
    ("keras.backend", BACKENDS),
    ("evaluation.tfidf_norm", TFIDF_NORMS),
    ("schafer.models.[]", tuple(MODELS)),
    ("schafer.fixed.keys", tuple(MODELS)),
    ("schafer.fixed.*.optimizer", OPTIMIZERS),
    ("schafer.baselines.[]", tuple(SCHAFER_BASELINES)),
    ("schafer.datasets.*.reader", READERS),
    ("schafer.training.batching", BATCHINGS),
    ("schafer.training.reconstruct", RECONSTRUCTIONS),
    ("schafer.training.recurrent", RECURRENT),
    ("schafer.training.adagrad", ADAGRAD_FORMS),
    ("schafer.training.recurrent_activation", RECURRENT_ACTIVATIONS),
    ("schafer.selection.models.[]", ROWS),
    ("schafer.selection.long.models.[]", ROWS),
]


@pytest.mark.parametrize(("path", "names"), CASES, ids=[c[0] for c in CASES])
def test_the_schema_lists_the_librarys_names(path: str, names: Sequence[str]) -> None:
    assert list(_node(path)["enum"]) == list(names), path


def test_the_selection_defaults_name_every_row_and_the_optimizers_grids() -> None:
    selection = _node("schafer.selection")["properties"]
    assert selection["models"]["default"] == list(ROWS)
    assert set(selection["learning_rates"]["properties"]) == {*OPTIMIZERS, "doc2vec"}
