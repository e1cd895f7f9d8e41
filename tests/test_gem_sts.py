from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from textsim.gem.sts import STSFormatError, read_sts, sts_correlations


def test_reader_takes_fields_by_position(tmp_path: Path) -> None:
    path = tmp_path / "sts-dev.csv"
    path.write_text(
        "main-captions\tMSRvid\t2012test\t0001\t5.000\tA man plays.\tA man is playing.\n"
        "main-forums\tx\t2015\t0002\t1.5\tOne\tTwo\textra\tfields\n"
    )
    frame = read_sts(path)
    assert frame["score"].tolist() == [5.0, 1.5]
    assert frame["sentence2"].tolist() == ["A man is playing.", "Two"]


@pytest.mark.parametrize(
    ("line", "message"),
    [("a\tb\tc\td\t3.0\tonly one", "at least 7"), ("a\tb\tc\td\tx\ts1\ts2", "not a number")],
)
def test_reader_names_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "sts.csv"
    path.write_text("g\tf\ty\t1\t2.0\ts\tt\n" + line + "\n")
    with pytest.raises(STSFormatError, match=rf"sts\.csv:2: .*{message}"):
        read_sts(path)


def test_real_sts_files_parse(mirror: Path) -> None:
    root = mirror / "stsbenchmark" / "stsbenchmark"
    sizes = {name: len(read_sts(root / f"sts-{name}.csv")) for name in ("train", "dev", "test")}
    assert sizes == {"train": 5749, "dev": 1500, "test": 1379}


def test_correlations() -> None:
    out = sts_correlations([1, 2, 3, 4], [2, 4, 6, 9])
    assert out["spearman"] == pytest.approx(100.0)
    assert 95 < out["pearson"] < 100


def _toy_sts(n: int = 60, seed: int = 0) -> tuple[object, object, dict[str, object]]:
    """Sentences over a 40-word vocabulary; the gold score is the share of shared words."""
    import numpy as np
    import pandas as pd

    from textsim.vectors.words import WordEmbeddings

    rng = np.random.default_rng(seed)
    words = [f"w{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(40)]  # no digits
    emb = WordEmbeddings.from_arrays(words, rng.normal(size=(40, 64)), np.arange(1, 41), 100)
    prob = 1.0 / np.arange(1, 41) ** 2  # Zipf-like, a few frequent words
    prob /= prob.sum()

    def split(k: int) -> pd.DataFrame:
        rows = []
        for _ in range(k):
            a = list(rng.choice(words, 8, replace=False))
            keep = int(rng.integers(0, 9))
            b = a[:keep] + list(rng.choice(words, 8 - keep))
            rows.append(("g", 5.0 * keep / 8, " ".join(a), " ".join(b)))
        return pd.DataFrame(rows, columns=["genre", "score", "sentence1", "sentence2"])

    return emb, prob, {"train": split(n), "dev": split(n), "test": split(n)}


def test_every_method_correlates_with_word_overlap_and_reports_speed() -> None:
    from textsim.gem.sts import clean_split, evaluate_methods, standard_methods
    from textsim.methods.registry import build

    emb, prob, splits = _toy_sts()
    a, b = clean_split(splits["train"])  # type: ignore[arg-type]
    frame = evaluate_methods(
        standard_methods(partial(build, embeddings=emb, probabilities=prob)),
        {k: v for k, v in splits.items() if k != "train"},  # type: ignore[misc]
        fit_sentences=a + b,
        progress=False,
    )
    assert set(zip(frame["method"], frame["mode"], strict=True)) == {
        ("mean", "none"),
        ("idf-weighted mean", "none"),
        *((m, mode) for m in ("SIF", "uSIF", "GEM") for mode in ("transductive", "inductive")),
    }
    assert len(frame) == 8 * 2 and set(frame["split"]) == {"dev", "test"}
    assert (frame["pearson"] > 50).all(), frame  # overlap drives similarity for every method
    assert (frame["sentences_per_s"] > 0).all() and (frame["n_sentences"] == 120).all()
    ind = frame[frame["mode"] == "inductive"]
    assert (ind["fit_seconds"] > 0).all()
    # transductive and inductive fits differ (components from other sentences)
    gem = frame[frame["method"] == "GEM"].set_index(["mode", "split"])["pearson"]
    assert gem["transductive", "dev"] != gem["inductive", "dev"]


def test_sts_table_puts_published_numbers_beside_ours() -> None:
    import pandas as pd

    from textsim.gem.tables.sts import sts_table

    scores = pd.DataFrame(
        [
            ("GEM", "transductive", s, r, r - 1, 100, 200, 2.0, 0.0)
            for s, r in (("dev", 70.04), ("test", 60.0))
        ],
        columns=[
            "method",
            "mode",
            "split",
            "pearson",
            "spearman",
            "n_pairs",
            "n_sentences",
            "seconds",
            "fit_seconds",
        ],
    )
    row = sts_table(scores).iloc[0]
    assert (row["dev r"], row["test r"], row["test ρ"]) == ("70.0", "60.0", "59.0")
    assert row["fit"] == "evaluated split" and row["sentences/s"] == "100"
    assert "81.9 / 76.5 (LexVec, paper)" in row["published dev / test (vectors, source)"]
