from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from textsim.deboom.curation import curate_couple_files, curate_couples
from textsim.deboom.pairs import CouplesFormatError, cut_pair, extract_candidates, parse_length

PROPS = {"train": 1.5, "test": 1.5, "validation": 1.9}


def test_cut_pair_skips_two_raw_tokens_and_oov() -> None:
    tokens = ["a", "x", "b", "c", "d", "e", "f", "g", "h", "i"]
    vocab = set("abcdefghi")
    # text1: first 3 in-vocabulary tokens a b c (x is OOV), skip d e, text2: f g h
    assert cut_pair(tokens, vocab, 3, 3, skip=2) == (["a", "b", "c"], ["f", "g", "h"])
    assert cut_pair(tokens, vocab, 3, 5, skip=2) is None


def test_parse_length() -> None:
    assert parse_length("20").low == 20 and not parse_length("20").variable
    spec = parse_length("var", (10, 30))
    assert spec.variable and (spec.low, spec.high) == (10, 30)
    with pytest.raises(ValueError):
        parse_length("0")


def _shard(tmp_path: Path, n_articles: int = 30, per_article: int = 4) -> Path:
    rng = np.random.default_rng(0)
    lines = []
    for a in range(n_articles):
        for _ in range(per_article):
            n = int(rng.integers(20, 90))
            lines.append(f"{a}\t" + " ".join(f"w{int(x)}" for x in rng.integers(0, 50, n)))
    path = tmp_path / "000.tsv"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_extract_candidates_respects_length_rules(tmp_path: Path) -> None:
    shard = _shard(tmp_path)
    vocab = {f"w{i}" for i in range(50)}
    cand = extract_candidates(
        shard, 0, vocab, [parse_length("10"), parse_length("var", (10, 30))], seed=1
    )
    fixed = cand[cand["length"] == "10"]
    assert len(fixed) > 0
    assert (fixed["text1"].str.split().str.len() == 10).all()
    assert (fixed["text2"].str.split().str.len() == 10).all()
    var = cand[cand["length"] == "var"]
    n1 = var["text1"].str.split().str.len()
    assert n1.between(10, 30).all() and n1.nunique() > 1
    again = extract_candidates(
        shard, 0, vocab, [parse_length("10"), parse_length("var", (10, 30))], seed=1
    )
    pd.testing.assert_frame_equal(cand, again)


def _candidates(n: int, n_articles: int) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "length": "10",
            "article": [str(i % n_articles) for i in range(n)],
            "paragraph": np.arange(n, dtype=np.int64),
            "text1": [f"p{i}a" for i in range(n)],
            "text2": [f"p{i}b" for i in range(n)],
        }
    )


def test_curate_balanced_splits_and_different_articles() -> None:
    cand = _candidates(4000, 50)
    couples = curate_couples(cand, seed=3, length="10", proportions=PROPS)
    assert couples["related"].sum() == (~couples["related"]).sum() == 2000
    rel = couples[couples["related"]]
    assert (rel["paragraph1"] == rel["paragraph2"]).all()
    assert (rel["text1"].str[:-1] == rel["text2"].str[:-1]).all()  # same paragraph's two texts
    non = couples[~couples["related"]]
    assert (non["article1"] != non["article2"]).all()
    assert (non["text1"].str.endswith("a") & non["text2"].str.endswith("b")).all()
    # paragraphs are used by one couple only
    used = pd.concat([rel["paragraph1"], non["paragraph1"]])
    assert used.is_unique
    shares = couples["split"].value_counts(normalize=True)
    for split, p in PROPS.items():
        assert shares[split] == pytest.approx(p / 4.9, abs=0.002)
    per_split = couples.groupby(["split", "related"], observed=True).size().unstack()
    assert (per_split[True] == per_split[False]).all()


def test_curate_is_deterministic_and_order_free() -> None:
    cand = _candidates(1000, 20)
    a = curate_couples(cand, seed=5, length="10", proportions=PROPS)
    b = curate_couples(cand.sample(frac=1, random_state=1), seed=5, length="10", proportions=PROPS)
    pd.testing.assert_frame_equal(a, b)
    c = curate_couples(cand, seed=6, length="10", proportions=PROPS)
    assert not a["text1"].equals(c["text1"])


@pytest.mark.parametrize(
    ("nonpair_source", "max_couples"),
    [("different-articles", None), ("different-paragraphs", None), ("different-articles", 300)],
)
def test_curate_from_files_equals_curate_in_memory(
    tmp_path: Path, nonpair_source: str, max_couples: int | None
) -> None:
    """The stage streams candidate files (ids first, then the chosen texts file by file);
    it must give exactly the in-memory couples of the files' concatenation."""
    rng = np.random.default_rng(4)
    cand = _candidates(3000, 40).sample(frac=1, random_state=2).reset_index(drop=True)
    cand["article"] = "a" + cand["article"]  # non-numeric ids too
    other = cand.assign(length="var", text1=cand["text1"] + "v")  # another length, same files
    both = pd.concat([cand, other]).sample(frac=1, random_state=3).reset_index(drop=True)
    cuts = np.sort(rng.choice(len(both), 3, replace=False))
    files = []
    for i, (lo, hi) in enumerate(zip([0, *cuts], [*cuts, len(both)], strict=True)):
        files.append(tmp_path / f"{i}.parquet")
        both.iloc[lo:hi].to_parquet(files[-1], index=False)
    kw = {
        "seed": 9,
        "length": "10",
        "proportions": PROPS,
        "nonpair_source": nonpair_source,
        "max_couples": max_couples,
    }
    streamed = curate_couple_files(files, **kw)  # type: ignore[arg-type]
    in_memory = curate_couples(both[both["length"] == "10"].reset_index(drop=True), **kw)  # type: ignore[arg-type]
    pd.testing.assert_frame_equal(streamed, in_memory)
    assert not streamed["text1"].str.endswith("v").any()


def test_curate_from_files_names_a_corrupt_file(tmp_path: Path) -> None:
    good = tmp_path / "0.parquet"
    _candidates(200, 5).to_parquet(good, index=False)
    bad = tmp_path / "1.parquet"
    bad.write_bytes(good.read_bytes()[:100])
    with pytest.raises(CouplesFormatError, match=r"1\.parquet"):
        curate_couple_files([good, bad], seed=1, length="10", proportions=PROPS)


def test_curate_max_couples_and_single_article() -> None:
    cand = _candidates(1000, 20)
    assert len(curate_couples(cand, seed=1, length="10", proportions=PROPS, max_couples=100)) == 100
    # one article only: no non-related couple can come from a different article
    with pytest.raises(ValueError, match="no couples"):
        curate_couples(_candidates(50, 1), seed=1, length="10", proportions=PROPS)
    # the code's variant only needs different paragraphs
    ok = curate_couples(
        _candidates(50, 1),
        seed=1,
        length="10",
        proportions=PROPS,
        nonpair_source="different-paragraphs",
    )
    non = ok[~ok["related"]]
    assert (non["paragraph1"] != non["paragraph2"]).all()


def test_curate_refuses_unknown_or_missing_keywords() -> None:
    cand = _candidates(100, 5)
    with pytest.raises(TypeError, match=r"unknown setting\(s\) \['max_couple'\]"):
        curate_couples(cand, seed=1, length="10", proportions=PROPS, max_couple=10)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"missing \['proportions'\]"):
        curate_couples(cand, seed=1, length="10")  # type: ignore[call-arg]


def test_candidates_and_corpus_stream_do_not_depend_on_sharding(tmp_path: Path) -> None:
    """The same articles split into 1 or 3 shards (round-robin, as the dump extraction
    does): identical candidates and an identical word2vec sentence stream."""
    from textsim.text.wikipedia import CleanCorpus

    lines = _shard(tmp_path).read_text().splitlines()
    by_article: dict[str, list[str]] = {}
    for line in lines:
        by_article.setdefault(line.split("\t")[0], []).append(line)
    articles = list(by_article)
    vocab = {f"w{i}" for i in range(50)}
    specs = [parse_length("10"), parse_length("var", (10, 30))]
    results = {}
    for n in (1, 3):
        paths = []
        for s in range(n):
            p = tmp_path / f"n{n}-{s}.tsv"
            p.write_text("".join(x + "\n" for a in articles[s::n] for x in by_article[a]))
            paths.append(p)
        cand = pd.concat(
            [extract_candidates(p, i, vocab, specs, seed=4) for i, p in enumerate(paths)]
        )
        results[n] = (
            cand.sort_values(["length", "paragraph"]).reset_index(drop=True),
            list(CleanCorpus(paths)),
        )
    pd.testing.assert_frame_equal(results[1][0], results[3][0])
    assert results[1][1] == results[3][1]
    assert results[1][0]["paragraph"].is_unique is False  # one id per paragraph and length
    assert results[1][0].groupby("length")["paragraph"].apply(lambda p: p.is_unique).all()


def test_read_couples_names_a_corrupt_or_incomplete_file(tmp_path: Path) -> None:
    from textsim.deboom.pairs import CouplesFormatError, read_couples

    good = tmp_path / "couples.parquet"
    frame = pd.DataFrame({"split": ["test"], "related": [True], "text1": ["a b"], "text2": ["c d"]})
    frame.to_parquet(good)
    pd.testing.assert_frame_equal(read_couples(good), frame)
    truncated = tmp_path / "truncated.parquet"
    truncated.write_bytes(good.read_bytes()[:-20])
    with pytest.raises(
        CouplesFormatError, match=r"truncated\.parquet: not a readable couples file"
    ):
        read_couples(truncated)
    frame.drop(columns="text2").to_parquet(tmp_path / "cols.parquet")
    with pytest.raises(CouplesFormatError, match=r"cols\.parquet: missing column.*text2"):
        read_couples(tmp_path / "cols.parquet")
    frame.assign(text1=[None]).to_parquet(tmp_path / "na.parquet")
    with pytest.raises(CouplesFormatError, match=r"na\.parquet: row 0: missing value"):
        read_couples(tmp_path / "na.parquet")
