"""A model file is verified before it is trusted (:mod:`textsim.formats.modelfile`):
shapes from the parameters, finite values, bounded members, no content in errors."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest
from gensim.models import Word2Vec

import textsim
from textsim.core.io import InputFileError
from textsim.formats.vectorfile import write_vectors

SENTENCES = ["the cat sat on the mat", "a dog sat on the log", "the cat chased the dog"] * 5
FIT = ["the cat sat", "a dog", "the mat", "a log", "the dog sat on the log"] * 3


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("modelfile")
    model = Word2Vec([s.split() for s in SENTENCES], vector_size=8, min_count=1, seed=1, workers=1)
    return write_vectors(d / "v.npz", model.wv)


def _fitted(method: str, vectors: Path, folder: Path, **params: object) -> Path:
    texts = FIT if textsim.METHODS[method].needs.texts else None
    model = textsim.fit(method, vectors=vectors, texts=texts, **params)
    return textsim.save(model, folder / f"{method}.npz")


def _arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as npz:
        return {k: npz[k] for k in npz.files}


def _rewrite(path: Path, out: Path, **changes: object) -> Path:
    """A copy of a model file with arrays replaced (``meta`` given as a dict)."""
    arrays = _arrays(path)
    for name, value in changes.items():
        if name == "meta":
            value = np.frombuffer(json.dumps(value).encode(), np.uint8)
        arrays[name] = np.asarray(value)
    np.savez(out, **arrays)
    return out


def _meta(path: Path) -> dict[str, object]:
    return json.loads(_arrays(path)["meta"].tobytes())


GEM = {"n_components": 4, "n_sentence_components": 2}


@pytest.mark.parametrize(
    ("method", "params", "member"),
    [
        ("sif", {}, "components_"),
        ("sif", {}, "probabilities"),
        ("usif", {"n_components": 2, "n": 2}, "component_weights_"),
        ("gem", GEM, "directions_"),
        ("gem", GEM, "singular_values_"),
    ],
)
def test_a_non_finite_array_is_refused_at_load_naming_the_member(
    vectors: Path, tmp_path: Path, method: str, params: dict[str, object], member: str
) -> None:
    good = _fitted(method, vectors, tmp_path, **params)
    textsim.load(good).transform(["the cat"])  # the unchanged file loads
    for bad_value in (np.nan, np.inf):
        values = _arrays(good)[member].astype(np.float64)
        values.flat[0] = bad_value
        bad = _rewrite(good, tmp_path / "bad.npz", **{member: values})
        with pytest.raises(InputFileError, match=rf"bad\.npz: member '{member}' holds NaN"):
            textsim.load(bad)


def test_probabilities_outside_zero_one_are_refused(vectors: Path, tmp_path: Path) -> None:
    good = _fitted("sif", vectors, tmp_path)
    for value in (0.0, 1.5, -0.1):
        p = _arrays(good)["probabilities"].copy()
        p[0] = value
        bad = _rewrite(good, tmp_path / "p.npz", probabilities=p)
        with pytest.raises(InputFileError, match=r"member 'probabilities' must lie in \(0, 1\]"):
            textsim.load(bad)


def test_arrays_must_have_the_shape_the_parameters_give(vectors: Path, tmp_path: Path) -> None:
    good = _fitted("sif", vectors, tmp_path)
    meta = _meta(good)
    meta["params"]["n_components"] = 5  # type: ignore[index]
    bad = _rewrite(good, tmp_path / "n5.npz", meta=meta)  # still one component inside
    with pytest.raises(InputFileError, match=r"member 'components_' has shape \(1, 8\).*\(5, 8\)"):
        textsim.load(bad)
    gem = _fitted("gem", vectors, tmp_path, **GEM)
    short = _rewrite(gem, tmp_path / "g.npz", singular_values_=np.ones(3))
    with pytest.raises(InputFileError, match=r"member 'singular_values_' has shape \(3,\)"):
        textsim.load(short)
    df = _rewrite(good, tmp_path / "df.npz", df=_arrays(good)["df"][:-1])
    with pytest.raises(InputFileError, match=r"member 'df' has shape"):
        textsim.load(df)
    words = _rewrite(good, tmp_path / "w.npz", df=np.zeros_like(_arrays(good)["df"]))
    with pytest.raises(InputFileError, match=r"member 'df' must hold document frequencies ≥ 1"):
        textsim.load(words)


def test_parameters_in_the_metadata_are_checked_before_any_array(
    vectors: Path, tmp_path: Path
) -> None:
    good = _fitted("gem", vectors, tmp_path, **GEM)
    for params, message in [
        ({**GEM, "n_components": "many"}, "n_components='many' is not allowed"),
        ({**GEM, "n_components": 10**12}, "n_components=1000000000000 is not allowed"),
        ({**GEM, "n_sentence_components": 9}, "n_sentence_components=9 is more than"),
    ]:
        meta = _meta(good)
        meta["params"] = params
        bad = _rewrite(good, tmp_path / "m.npz", meta=meta)
        with pytest.raises(InputFileError, match=rf"m\.npz: member 'meta': GEM: {message}"):
            textsim.load(bad)


def _inflated(model: Path, out: Path, spaces: int) -> Path:
    """``model`` with its ``meta`` followed by ``spaces`` spaces (valid JSON still),
    deflated: a small file that is large once decompressed."""
    arrays = _arrays(model)
    body = arrays.pop("meta").tobytes()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, value in arrays.items():
            with zf.open(f"{name}.npy", "w") as fh:
                np.lib.format.write_array(fh, value)
        with zf.open("meta.npy", "w", force_zip64=True) as fh:
            header = {"descr": "|u1", "fortran_order": False, "shape": (len(body) + spaces,)}
            np.lib.format.write_array_header_1_0(fh, header)
            fh.write(body)
            block = b" " * (1 << 24)
            for _ in range(spaces // len(block)):
                fh.write(block)
            fh.write(b" " * (spaces % len(block)))
    return out


def test_an_inflated_meta_is_refused_before_it_is_decompressed(
    vectors: Path, tmp_path: Path
) -> None:
    """600 MB of spaces after valid JSON (under 4 MB on disk): refused from the
    archive's directory, the process never holding the member (peak memory measured
    in a process of its own, against the 600 MB it would take to read it)."""
    spaces = 600 << 20
    bad = _inflated(_fitted("mean", vectors, tmp_path), tmp_path / "big.npz", spaces)
    assert bad.stat().st_size < 4 << 20
    texts = tmp_path / "t.txt"
    texts.write_text("the cat\n")
    probe = (
        "import resource, subprocess, sys\n"
        "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024\n"
        "print(done.returncode, peak, done.stderr.strip().replace('\\n', ' | '))\n"
    )
    command = [sys.executable, "-m", "textsim.cli", "embed", bad, texts, tmp_path / "o.npy"]
    out = subprocess.run(
        [sys.executable, "-c", probe, *map(str, command)], capture_output=True, text=True
    )
    code, peak, message = out.stdout.strip().split(" ", 2)
    assert code == "2", message
    assert "member 'meta' declares" in message and "|" not in message, message
    assert int(peak) < spaces * 3 // 4, f"peak {int(peak) >> 20} MB"
    assert not (tmp_path / "o.npy").exists()


def test_errors_never_quote_a_files_content(vectors: Path, tmp_path: Path) -> None:
    """A model recording a private file as its vectors, word vectors and a weight file
    whose parsers would quote a line: the messages name the file, never its lines."""
    secret = tmp_path / "private.txt"
    secret.write_text("SECRET-LINE alpha beta\nSECRET-TWO gamma\n")
    good = _fitted("mean", vectors, tmp_path)
    meta = _meta(good)
    meta["source"]["vectors_path"] = str(secret)  # type: ignore[index]
    bad = _rewrite(good, tmp_path / "points-at-secret.npz", meta=meta)
    texts = tmp_path / "t.txt"
    texts.write_text("the cat\n")
    weights = tmp_path / "w.json"
    doc = {"format": "textsim-weights/1", "n_max": 1, "weights": ["SECRET-W"]}
    weights.write_text(json.dumps({**doc, "procedure": "median", "kappa": 1.0}))
    docfreq = tmp_path / "df.tsv"
    docfreq.write_text("#n_documents\t3\nthe\tSECRET-DF\n")
    runs = [
        ("embed", bad, texts, tmp_path / "o.npy"),
        ("fit", "mean", "--vectors", secret, "-o", tmp_path / "m.npz"),
        ("fit", "learned", "--vectors", vectors, "--weights", weights, "-o", tmp_path / "l.npz"),
        ("fit", "idf-mean", "--vectors", vectors, "--docfreq", docfreq, "-o", tmp_path / "i.npz"),
    ]
    for args in runs:
        done = subprocess.run(
            [sys.executable, "-m", "textsim.cli", *map(str, args)], capture_output=True, text=True
        )
        assert done.returncode == 2, (args, done.stderr)
        assert "SECRET" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
