"""File-level entry points of the workflow stages.

Each function takes input paths, output paths and the few parameters the
rule passes, and does the I/O around the library functions. The Snakemake
scripts in ``workflow/scripts`` only unpack ``snakemake`` and call one of
these, so every stage can also be run (and tested) without Snakemake.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from textsim.io import atomic_path

log = logging.getLogger(__name__)

PathLike = str | os.PathLike[str]


def fetch_resource(
    resource: str,
    outputs: Sequence[PathLike],
    *,
    files: Sequence[str] | None = None,
    mirror: str | None = None,
    date: str | None = None,
) -> None:
    """Fetch and verify ``files`` of ``resource`` (or its single file) to ``outputs``."""
    from textsim.resources import fetch_file, resolve_mirror

    root = resolve_mirror(mirror)
    if files is None:
        (out,) = outputs
        fetch_file(resource, out, mirror=root, date=date)
        return
    if len(files) != len(outputs):
        raise ValueError("one output per file expected")
    from tqdm import tqdm

    for name, out in tqdm(
        list(zip(files, outputs, strict=True)), desc=resource, unit="file", mininterval=10
    ):
        fetch_file(resource, out, file=name, mirror=root)


def extract_wiki_dump(
    dump: PathLike, outputs: Sequence[PathLike], *, processes: int, max_articles: int | None
) -> None:
    from textsim.corpus import extract_dump

    extract_dump(dump, outputs, processes=processes, max_articles=max_articles)


def clean_wiki_shard(inputs: Sequence[PathLike], output: PathLike, stats: PathLike) -> None:
    from textsim.corpus import clean_corpus

    counts = clean_corpus(inputs, output)
    with atomic_path(stats) as tmp:
        tmp.write_text(json.dumps(counts, indent=1))


def count_docfreq(shard: PathLike, output: PathLike) -> None:
    from textsim.docfreq import count_document_frequencies

    count_document_frequencies([shard]).save(output)


def merge_docfreq(inputs: Sequence[PathLike], output: PathLike) -> None:
    from textsim.docfreq import DocumentFrequencies, merge_document_frequencies

    merge_document_frequencies(DocumentFrequencies.load(p) for p in inputs).save(output)


def corpus_statistics(stats: Sequence[PathLike], output: PathLike) -> None:
    rows = [{"shard": Path(p).stem, **json.loads(Path(p).read_text())} for p in stats]
    frame = pd.DataFrame(rows)
    frame.loc[len(frame)] = {"shard": "total", **frame.drop(columns="shard").sum().to_dict()}
    with atomic_path(output) as tmp:
        frame.to_csv(tmp, index=False)


def train_word2vec(
    shards: Sequence[PathLike],
    output: PathLike,
    *,
    params: Mapping[str, Any],
    seed: int,
    workers: int,
) -> None:
    from textsim.word2vec import train_word2vec as train

    train(shards, output, params, seed=seed, workers=workers)


def evaluate_word2vec(
    vectors: PathLike, analogies: PathLike, wordsim: PathLike, output: PathLike
) -> None:
    from textsim.word2vec import evaluate_word_vectors, load_vectors

    frame = evaluate_word_vectors(load_vectors(vectors), analogies, wordsim)
    with atomic_path(output) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.4f")


def extract_pair_candidates(
    shard: PathLike,
    vectors: PathLike,
    output: PathLike,
    *,
    shard_index: int,
    lengths: Sequence[str],
    variable_range: Sequence[int],
    seed: int,
    min_tokens_factor: float,
    skip: int,
) -> None:
    from textsim.pairs import extract_candidates, parse_length
    from textsim.word2vec import load_vectors

    vocab = set(load_vectors(vectors).index_to_key)
    lo, hi = variable_range
    specs = [parse_length(str(x), (int(lo), int(hi))) for x in lengths]
    frame = extract_candidates(
        shard, shard_index, vocab, specs, seed=seed, min_tokens_factor=min_tokens_factor, skip=skip
    )
    with atomic_path(output) as tmp:
        frame.to_parquet(tmp, index=False)


def curate_pairs(
    candidates: Sequence[PathLike],
    output: PathLike,
    summary: PathLike,
    *,
    length: str,
    seed: int,
    proportions: Mapping[str, float],
    nonpair_source: str,
    max_couples: int | None,
) -> None:
    from textsim.pairs import curate_couples

    frames = [pd.read_parquet(p, filters=[("length", "==", length)]) for p in candidates]
    cand = pd.concat(frames, ignore_index=True)
    couples = curate_couples(
        cand,
        seed=seed,
        length=length,
        proportions=proportions,
        nonpair_source=nonpair_source,  # type: ignore[arg-type]
        max_couples=max_couples,
    )
    with atomic_path(output) as tmp:
        couples.to_parquet(tmp, index=False)
    counts = (
        couples.groupby(["split", "related"], observed=True).size().rename("couples").reset_index()
    )
    with atomic_path(summary) as tmp:
        counts.to_csv(tmp, index=False)


def score_baselines(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    *,
    methods: Sequence[str],
    normalize: bool,
    top_fraction: float,
    idf_variant: str,
    n_jobs: int = 1,
) -> None:
    from textsim.embeddings import WordEmbeddings
    from textsim.evaluate import get_methods, score_couples

    emb = WordEmbeddings.from_files(vectors, docfreq, normalize=normalize)
    frame = pd.read_parquet(couples, columns=["split", "related", "text1", "text2"])
    scores = score_couples(
        frame,
        emb,
        get_methods(methods),
        top_fraction=top_fraction,
        idf_variant=idf_variant,  # type: ignore[arg-type]
        n_jobs=n_jobs,
    )
    with atomic_path(output) as tmp:
        scores.to_parquet(tmp, index=False)


def evaluate_baselines(
    scores: PathLike, output: PathLike, *, methods: Sequence[str], metric_params: Mapping[str, Any]
) -> None:
    from textsim.evaluate import evaluate_scores

    frame = evaluate_scores(pd.read_parquet(scores), methods, **metric_params)
    with atomic_path(output) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.6g")


def table_icdmw_1(
    metrics: Sequence[PathLike],
    stem: PathLike,
    *,
    lengths: Sequence[str],
    vectors: Sequence[str],
    note: str,
) -> None:
    """``metrics`` in length-major, vectors-minor order (as ``expand`` lists them)."""
    from textsim.tables import icdmw_table_1, write_table

    if len(metrics) != len(lengths) * len(vectors):
        raise ValueError("expected one metrics file per (length, vectors)")
    it = iter(metrics)
    paths: dict[str, dict[str, PathLike]] = {v: {} for v in vectors}
    for length in lengths:
        for v in vectors:
            paths[v][length] = next(it)
    frames = {v: {k: pd.read_csv(p) for k, p in by_len.items()} for v, by_len in paths.items()}
    long = icdmw_table_1(frames, lengths)
    write_table(
        long,
        stem,
        title="ICDMW 2015 Table I: word-vector aggregation techniques, cosine similarity "
        "(test split error and JS divergence).",
        note=note,
    )


def table_icdmw_2(
    metrics: Sequence[PathLike], stem: PathLike, *, vectors: Sequence[str], note: str
) -> None:
    from textsim.tables import icdmw_table_2, write_table

    long = icdmw_table_2({v: pd.read_csv(p) for v, p in zip(vectors, metrics, strict=True)})
    write_table(
        long,
        stem,
        title="ICDMW 2015 Table II: distance metrics for the mean embedding, texts of 20 words.",
        note=note,
        by_length=False,
    )


def plot_similarity_histogram(
    scores: PathLike, stem: PathLike, *, method: str, xlabel: str, bins: int, dpi: int
) -> None:
    from textsim.plots import plot_similarity_histogram as plot

    frame = pd.read_parquet(scores, columns=["related", method])
    plot(
        frame[method].to_numpy(),
        frame["related"].to_numpy(),
        stem,
        xlabel=xlabel,
        bins=bins,
        dpi=dpi,
    )


def _embeddings(vectors: PathLike, docfreq: PathLike, normalize: bool) -> Any:
    from textsim.embeddings import WordEmbeddings

    return WordEmbeddings.from_files(vectors, docfreq, normalize=normalize)


def train_learned_weights(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    output: PathLike,
    *,
    length: str,
    procedure: str,
    n_max_variable: int,
    kappa: float,
    seed: int,
    deterministic: bool,
    normalize: bool,
) -> None:
    """Train idf-rank weights on the train split of one couple set."""
    from textsim.learned import WeightedEmbedding

    emb = _embeddings(vectors, docfreq, normalize)
    frame = pd.read_parquet(couples, columns=["split", "related", "text1", "text2"])
    train = frame[frame["split"] == "train"]
    n_max = int(length) if length.isdigit() else n_max_variable
    model = WeightedEmbedding(
        emb,
        n_max=n_max,
        procedure=procedure,
        kappa=kappa,
        random_state=seed,
        deterministic=deterministic,
    )
    model.fit((train["text1"], train["text2"]), train["related"].to_numpy())
    log.info(
        "trained %s weights (%d epochs): %s",
        procedure,
        len(model.history_),
        model.weights_.round(3),
    )
    model.save(
        output,
        length=length,
        normalized_vectors=normalize,
        n_train=len(train),
        deterministic=deterministic,
    )


def score_learned(
    couples: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    weights: PathLike,
    output: PathLike,
    *,
    name: str,
    normalize: bool,
) -> None:
    """Similarity (1 − Euclidean distance) of validation and test couples under learned weights."""
    from textsim.distances import paired_similarity
    from textsim.learned import WeightedEmbedding

    emb = _embeddings(vectors, docfreq, normalize)
    model = WeightedEmbedding.load(weights, emb)
    frame = pd.read_parquet(couples, columns=["split", "related", "text1", "text2"])
    sel = frame[frame["split"].isin(["validation", "test"])].reset_index(drop=True)
    sim = paired_similarity(
        model.transform(sel["text1"]), model.transform(sel["text2"]), "euclidean"
    )
    out = pd.DataFrame({"split": sel["split"].astype(str), "related": sel["related"], name: sim})
    with atomic_path(output) as tmp:
        out.to_parquet(tmp, index=False)


def comparison_table(
    baseline_metrics: Mapping[str, PathLike],
    learned_metrics: Mapping[str, Sequence[PathLike]],
    stem: PathLike,
    *,
    table: str,
    vectors: str,
    title: str,
    note: str,
) -> None:
    """ICDMW Table III or PRL Table 1 (per block: baselines + learned weights)."""
    from textsim.published import ICDMW_TABLE_III, LEARNED_LABELS, PRL_TABLE_1
    from textsim.tables import comparison_table as build
    from textsim.tables import write_table

    if table == "icdmw-3":
        published = {"20": {k: (v, float("nan")) for k, v in ICDMW_TABLE_III.items()}}
    else:
        published = {k: v for k, v in PRL_TABLE_1.items() if k in baseline_metrics}
    blocks = {
        block: pd.concat(
            [
                pd.read_csv(baseline_metrics[block]),
                *(pd.read_csv(p) for p in learned_metrics[block]),
            ]
        )
        for block in published
    }
    labels = {**LEARNED_LABELS, "mean_euclidean": "Mean"}
    long = build(blocks, published, vectors=vectors, labels=labels)
    write_table(long, stem, title=title, note=note, by_length=table != "icdmw-3")


def plot_learned_weights(
    weights: Mapping[str, PathLike], stem: PathLike, *, ylabel: str, dpi: int
) -> None:
    from textsim.plots import plot_weights

    plot_weights(
        {label: json.loads(Path(p).read_text())["weights"] for label, p in weights.items()},
        stem,
        ylabel=ylabel,
        dpi=dpi,
    )


def plot_mean_vs_learned(
    baseline_scores: PathLike,
    learned_scores: PathLike,
    stem: PathLike,
    *,
    learned: str,
    bins: int,
    dpi: int,
) -> None:
    """ICDMW Figure 5: normalised Euclidean similarity, mean embedding vs importance factors."""
    from textsim.metrics import minmax_normalise
    from textsim.plots import plot_histogram_panels

    panels = {}
    for title, path, col in (
        ("mean", baseline_scores, "mean_euclidean"),
        ("importance factors", learned_scores, learned),
    ):
        frame = pd.read_parquet(path, columns=["split", "related", col])
        val = frame.loc[frame["split"] == "validation", col]
        sim = minmax_normalise(frame[col].to_numpy(), float(val.min()), float(val.max()))
        panels[title] = (sim, frame["related"].to_numpy())
    plot_histogram_panels(
        panels, stem, xlabel="normalised Euclidean similarity", bins=bins, dpi=dpi
    )
