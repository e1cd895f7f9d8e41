"""Memory linear in a text's length: very long texts stream (GEM, SIF, uSIF, the
tokenisation) to the whole-text path's vectors, within a stated bound."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _vocabulary(n: int) -> list[str]:
    import itertools

    return ["".join(p) for p in itertools.islice(itertools.product(LETTERS, repeat=4), n)]


@pytest.fixture(scope="module")
def long_case() -> dict[str, object]:
    import numpy as np

    from textsim.vectors.words import WordEmbeddings

    rng = np.random.default_rng(0)
    words = _vocabulary(3000)
    emb = WordEmbeddings.from_arrays(
        words, rng.normal(size=(3000, 40)).astype("f4"), np.arange(1, 3001), 5000
    )
    fit = [" ".join(rng.choice(words, 12)) for _ in range(300)]
    seq = list(rng.choice(words, 9000))
    seq[4000:4004] = ["abab"] * 4  # a word repeated inside its own window
    seq[6000:6003] = ["zzzzz"] * 3  # out of vocabulary
    text = " ".join(seq)
    probabilities = rng.dirichlet(np.full(3000, 0.3))
    return {"emb": emb, "fit": fit, "texts": [text, "abac abad", text[:9000], text[:40000]],
            "p": probabilities}  # fmt: skip


def test_long_texts_stream_to_the_same_vectors(
    long_case: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """GEM in blocks of positions (window residuals and the streamed two-pass path),
    SIF, uSIF, the pooling baselines and the learned weights in blocks of words,
    tokenisation in pieces: the vectors of the whole-text path (the blocks are made
    small here so that every path is taken)."""
    import numpy as np

    import textsim.methods.base as base
    import textsim.methods.gem.model as gem_module
    import textsim.methods.gem.windows as windows
    import textsim.methods.pooling as pooling
    import textsim.methods.sif as sif_module
    from textsim.methods.gem.model import GEM
    from textsim.methods.learned.model import WeightedEmbedding
    from textsim.methods.pooling import PoolingEmbedding
    from textsim.methods.sif import SIF, USIF

    emb, fit, texts, p = (long_case[k] for k in ("emb", "fit", "texts", "p"))
    learned = WeightedEmbedding(emb, n_max=6)
    learned._restore({"weights_": np.array([1.0, 0.9, 0.7, 0.5, 0.3, 0.2])})
    models = [
        GEM(emb, n_components=12, n_sentence_components=5, window=5).fit(fit),
        GEM(emb, n_components=12, n_sentence_components=5, window=3, ngram=2).fit(fit),
        SIF(emb, p).fit(fit),
        USIF(emb, p, n_components=3).fit(fit),
        PoolingEmbedding(emb).fit(),
        PoolingEmbedding(emb, "max", "idf").fit(),
        PoolingEmbedding(emb, "minmax", top_fraction=0.3).fit(),
        PoolingEmbedding(emb, "mean", "idf", top_fraction=0.3).fit(),
        learned,
    ]
    whole = {
        (windows, "POSITION_BLOCK"): 10**9,
        (gem_module, "POSITION_BLOCK"): 10**9,
        (sif_module, "_CHUNK_VALUES"): 10**12,
        (pooling, "_LONG_BLOCK_VALUES"): 10**12,
        (base, "LONG_CHARS"): 10**12,
    }
    streamed = {k: v for k, v in zip(whole, (256, 256, 4000, 4000, 5000), strict=True)}
    monkeypatch.setattr(base, "PIECE_CHARS", 3000)
    results = []
    for setting in (whole, streamed):
        for (module, name), value in setting.items():
            monkeypatch.setattr(module, name, value)
        results.append([m.transform(texts) for m in models])
    for a, b in zip(*results, strict=True):
        np.testing.assert_allclose(a, b, rtol=2e-5, atol=1e-4 * np.abs(b).max())
        assert np.abs(b[0]).max() > 0


@pytest.mark.parametrize("method", ["gem", "sif"])
def test_a_100000_word_text_embeds_within_a_memory_limit(tmp_path: Path, method: str) -> None:
    """`textsim embed` of a 100,000-word line under a 1.5 GB address-space limit (GEM
    once allocated (n + 2m)² floats per text: 80 GB for this one)."""
    import resource

    import numpy as np
    from gensim.models import KeyedVectors

    from textsim.formats.vectorfile import write_vectors

    rng = np.random.default_rng(1)
    words = _vocabulary(20000)
    kv = KeyedVectors(300, count=0)
    kv.add_vectors(words, rng.normal(size=(20000, 300)).astype("f4"))
    kv.allocate_vecattrs()
    kv.expandos["count"] = rng.integers(1, 1000, 20000)
    write_vectors(tmp_path / "v.npz", kv)
    (tmp_path / "fit.txt").write_text(
        "\n".join(" ".join(rng.choice(words, 15)) for _ in range(500)) + "\n"
    )
    (tmp_path / "long.txt").write_text(" ".join(rng.choice(words, 100_000)) + "\nabcd abce\n")
    cli = [sys.executable, "-m", "textsim.cli"]
    model = tmp_path / f"{method}.npz"
    fit = [*cli, "fit", method, "--vectors", str(tmp_path / "v.npz"), "--texts",
           str(tmp_path / "fit.txt"), "-o", str(model)]  # fmt: skip
    assert subprocess.run(fit, capture_output=True, timeout=600).returncode == 0

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    out = tmp_path / "out.npy"
    done = subprocess.run(
        [*cli, "embed", str(model), str(tmp_path / "long.txt"), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=limit,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    vectors = np.load(out)
    assert vectors.shape == (2, 300) and np.abs(vectors[0]).max() > 0
