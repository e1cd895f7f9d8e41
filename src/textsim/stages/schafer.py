"""Workflow glue of the Schäfer (2018) evaluation framework (see :mod:`textsim.stages`):
datasets, WISDM references, word matrices, the swarm's generations and
evaluations, final runs, baselines, tables, figures, t-SNE maps, LDA topics."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from textsim.io import PathLike, atomic_path

log = logging.getLogger(__name__)

READERS = ("ohsumed", "newsgroups")
_RUN = re.compile(r"^(?P<model>[a-z0-9_]+)-(?P<wv>\d+)wv-(?P<dv>\d+|pso)dv$")


def _write_json(obj: Any, path: PathLike) -> None:
    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps(obj, indent=1), encoding="utf-8")


def _write_npz(path: PathLike, **arrays: Any) -> None:
    """Arrays to exactly ``path`` (no suffix added), atomically, without pickles."""
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        np.savez_compressed(fh, allow_pickle=False, **arrays)


def _read_json(path: PathLike) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def prepare(
    source: PathLike,
    output: PathLike,
    statistics: PathLike,
    *,
    reader: str,
    topics: int,
    per_topic: int | None,
    fractions: Mapping[str, float],
    min_documents: int,
    max_fraction: float,
    seed: int,
) -> None:
    from textsim.docsets import dataset_statistics, prepare_dataset, read_newsgroups, write_dataset
    from textsim.documents import read_ohsumed

    if reader not in READERS:
        raise ValueError(f"config key schafer.datasets.*.reader: {reader!r} not in {READERS}")
    collection = read_ohsumed(source) if reader == "ohsumed" else read_newsgroups(source)
    log.info("%s: %d documents, %d labels", source, len(collection), collection["label"].nunique())
    frame, vocab = prepare_dataset(
        collection,
        n_topics=topics,
        per_topic=per_topic,
        fractions=dict(fractions),
        seed=seed,
        min_documents=min_documents,
        max_fraction=max_fraction,
    )
    stats = dataset_statistics(frame, vocab)
    log.info("prepared: %s", stats)
    write_dataset(frame, vocab, output)
    _write_json(stats, statistics)


def reference(
    dataset: PathLike,
    vectors: PathLike,
    outputs: Mapping[str, PathLike],
    *,
    top_words: int,
    triplets: int,
    queries: int,
    near: int,
    far_fraction: float,
    seed: int,
) -> None:
    """WISDM similarities, triplets and rank queries of each split in ``outputs``."""
    from textsim.docmetrics import Reference, rv_similarity_matrix, wisdm_matrices
    from textsim.docsets import read_dataset
    from textsim.word2vec import load_vectors

    frame, vocab = read_dataset(dataset)
    kv = load_vectors(vectors)
    for i, (split, path) in enumerate(outputs.items()):
        docs = list(frame.loc[frame["split"] == split, "tokens"])
        mats = wisdm_matrices(docs, kv, vocab.doc_freq, vocab.n_documents, top_words)
        S = rv_similarity_matrix(mats)
        ref = Reference.draw(
            S,
            n_triplets=triplets,
            n_queries=queries,
            near=near,
            far_fraction=far_fraction,
            seed=seed + i,
        )
        log.info("%s: %d documents, mean RV %.3f", split, len(S), S.mean())
        _write_npz(path, similarity=ref.similarity, triplets=ref.triplets, queries=ref.queries)


def words(
    dataset: PathLike, vectors: PathLike, output: PathLike, *, sizes: Sequence[int], seed: int
) -> None:
    from textsim.docsearch import word_matrices
    from textsim.docsets import read_dataset
    from textsim.word2vec import load_vectors

    _, vocab = read_dataset(dataset)
    mats = word_matrices(vocab, load_vectors(vectors), sizes, seed)
    _write_npz(output, **{str(k): v for k, v in mats.items()})


def _space(model: str, search: Mapping[str, Any]) -> Any:
    from textsim.docsearch import search_space

    return search_space(model, search["bounds"], search["learning_rate_scale"])


def swarm_start(output: PathLike, *, model: str, search: Mapping[str, Any], seed: int) -> None:
    from textsim.pso import initial_swarm

    state = initial_swarm(_space(model, search), search["particles"], search["generations"], seed)
    _write_json(state, output)


def swarm_step(
    state: PathLike, evaluations: Sequence[PathLike], output: PathLike, *, model: str, search: Any
) -> None:
    from textsim.pso import next_swarm

    fitness = [_read_json(p)["scores"]["total"] for p in evaluations]
    new = next_swarm(_space(model, search), _read_json(state), fitness)
    log.info("generation %d -> %d, fitness %s", new["generation"] - 1, new["generation"], fitness)
    _write_json(new, output)


def _load_reference(path: PathLike) -> Any:
    from textsim.docmetrics import Reference

    return Reference.load(path)


def _evaluate(
    dataset: PathLike,
    words_path: PathLike,
    reference_path: PathLike,
    *,
    model: str,
    params: Mapping[str, Any],
    word_size: int,
    split: str,
    settings: Mapping[str, Any],
    seed: int,
) -> tuple[dict[str, Any], Any, Any]:
    from textsim.docsearch import evaluate_model
    from textsim.docsets import read_dataset

    frame, vocab = read_dataset(dataset)
    with np.load(words_path) as z:
        W = z[str(word_size)]
    record, vectors = evaluate_model(
        model, params, frame, vocab, W, _load_reference(reference_path), split, settings, seed
    )
    log.info(
        "%s %s: %s, %d epochs, %.1f s",
        model,
        params,
        {k: round(v, 4) for k, v in record["scores"].items()},
        record["epochs"],
        record["train_seconds"],
    )
    return record, vectors, frame.loc[frame["split"] == split, "label"].to_numpy()


def swarm_evaluate(
    state: PathLike,
    dataset: PathLike,
    words_path: PathLike,
    reference_path: PathLike,
    output: PathLike,
    *,
    model: str,
    particle: int,
    word_size: int,
    search: Mapping[str, Any],
    settings: Mapping[str, Any],
    seed: int,
) -> None:
    """One particle of one generation, scored on the validation split."""
    from textsim.pso import decode

    swarm = _read_json(state)
    params = decode(_space(model, search), swarm["position"][particle])
    record, _, _ = _evaluate(
        dataset,
        words_path,
        reference_path,
        model=model,
        params=params,
        word_size=word_size,
        split="valid",
        settings=settings,
        seed=seed,
    )
    record.update(generation=swarm["generation"], particle=particle)
    _write_json(record, output)


def swarm_best(evaluations: Sequence[PathLike], output: PathLike) -> None:
    """The best evaluation of the search (validation total score; first on ties)."""
    records = [_read_json(p) for p in evaluations]
    best = max(records, key=lambda r: r["scores"]["total"])
    log.info("best: %s %s", best["params"], best["scores"])
    _write_json(best, output)


def final_run(
    best: PathLike,
    dataset: PathLike,
    words_path: PathLike,
    reference_path: PathLike,
    output: PathLike,
    vectors_out: PathLike,
    *,
    run: str,
    settings: Mapping[str, Any],
    seed: int,
) -> None:
    """A Table A.1/A.2 row: the search's best hyperparameters, the run's word and
    document sizes (``pso``: the search's), scored on the test split."""
    m = _RUN.match(run)
    if m is None:
        raise ValueError(f"run name {run!r} is not <model>-<word>wv-<doc|pso>dv")
    params = dict(_read_json(best)["params"])
    if m["dv"] != "pso":
        params["doc_size"] = int(m["dv"])
    record, vectors, labels = _evaluate(
        dataset,
        words_path,
        reference_path,
        model=m["model"],
        params=params,
        word_size=int(m["wv"]),
        split="test",
        settings=settings,
        seed=seed,
    )
    record["run"] = run
    _write_json(record, output)
    _write_npz(vectors_out, vectors=vectors, labels=np.asarray(labels, dtype=str))


def baseline_run(
    dataset: PathLike,
    vectors: PathLike,
    docfreq: PathLike,
    reference_path: PathLike,
    output: PathLike,
    vectors_out: PathLike,
    *,
    name: str,
) -> None:
    """A zero-training baseline (pretrained vectors, full size) on the test split."""
    import time

    from textsim.docsearch import baseline_model, score_vectors
    from textsim.docsets import read_dataset
    from textsim.stages.gem import _word_model

    frame, vocab = read_dataset(dataset)
    kept = set(vocab.tokens[2:])
    texts = {
        split: [" ".join(t for s in d for t in s if t in kept) for d in part["tokens"]]
        for split, part in frame.groupby("split")
    }
    labels = {split: part["label"].to_numpy() for split, part in frame.groupby("split")}
    emb, prob = _word_model(vectors, docfreq)
    t0 = time.perf_counter()
    model = baseline_model(name, emb, prob, texts["train"])
    t1 = time.perf_counter()
    train = np.asarray(model.transform(texts["train"]), dtype=np.float32)
    test = np.asarray(model.transform(texts["test"]), dtype=np.float32)
    fit_seconds, seconds = t1 - t0, time.perf_counter() - t1
    ref = _load_reference(reference_path)
    scores = score_vectors(train, labels["train"], test, labels["test"], ref)
    log.info("%s: %s", name, scores)
    record = {
        "model": name,
        "run": name,
        "split": "test",
        "params": {},
        "word_size": int(emb.dim),
        "doc_size": int(test.shape[1]),
        "scores": scores,
        "epochs": 0,
        "history": {},
        "train_seconds": fit_seconds,  # SIF / GEM components; 0 for the means
        "inference_seconds": seconds,
    }
    _write_json(record, output)
    _write_npz(vectors_out, vectors=test, labels=np.asarray(labels["test"], dtype=str))


def _records(paths: Sequence[PathLike]) -> pd.DataFrame:
    rows = []
    for p in paths:
        r = _read_json(p)
        rows.append(
            {
                "run": r.get("run", Path(p).stem),
                "model": r["model"],
                "word_size": r["word_size"],
                "doc_size": r["doc_size"],
                **{k: r["scores"][k] for k in r["scores"]},
                "epochs": r["epochs"],
                "train_seconds": r["train_seconds"],
                "inference_seconds": r["inference_seconds"],
                "generation": r.get("generation"),
                "particle": r.get("particle"),
                **{f"param_{k}": v for k, v in r["params"].items()},
                "history": r["history"],
            }
        )
    return pd.DataFrame(rows)


def _seconds(s: float) -> str:
    return f"{s:.1f} s" if s < 120 else f"{s / 60:.1f} min"


def results_table(
    runs: Sequence[PathLike], stats: PathLike, stem: str, *, title: str, note: str
) -> None:
    """Table A.1/A.2 analog: one row per run, the thesis' columns (percent)."""
    from textsim.docmetrics import expected_random_score, paper_random_baseline
    from textsim.tables import write_plain_table

    counts = _read_json(stats)
    n_topics, n_test = int(counts["labels"]), int(counts["test documents"])
    frame = _records(runs)
    table = pd.DataFrame(
        {
            "Model": frame["run"],
            "Topic Acc": (100 * frame["topic"]).map("{:.2f}%".format),
            "Triplet Acc": (100 * frame["triplets"]).map("{:.2f}%".format),
            "Ranks@10 Acc": (100 * frame["ranks_accuracy"]).map("{:.2f}%".format),
            "Ranks@10 Prec": (100 * frame["ranks_precision"]).map("{:.2f}%".format),
            "Average": (100 * frame["total"]).map("{:.2f}%".format),
            "Inference Time": frame["inference_seconds"].map(_seconds),
            "Training Time": frame["train_seconds"].map(_seconds),
        }
    )
    baselines = (
        f" Random baseline: eq. 3.2 as printed {100 * paper_random_baseline(n_topics):.2f}%; "
        f"expected eq. 3.1 score of random vectors here "
        f"{100 * expected_random_score(n_topics, n_test):.2f}% "
        f"({n_topics} topics, ranks among {n_test} test documents)."
    )
    write_plain_table(table, stem, title=title, note=note + baselines)
    with atomic_path(Path(stem).with_suffix(".scores.csv")) as tmp:
        frame.drop(columns="history").to_csv(tmp, index=False, float_format="%.6g")


def statistics_table(stats: Sequence[PathLike], stem: str, *, title: str, note: str) -> None:
    """Table 3.1 analog: documents, sentences, words, labels per dataset (named by folder)."""
    from textsim.tables import write_plain_table

    rows = {Path(path).parent.name: _read_json(path) for path in stats}
    frame = pd.DataFrame(rows).reset_index(names="statistic")
    write_plain_table(frame, stem, title=title, note=note)


def lda_table(
    dataset: PathLike, stem: str, *, topics: int, passes: int, seed: int, title: str, note: str
) -> None:
    """Table 4.1 analog: top-5 terms of each LDA topic (gensim, training documents,
    pruned vocabulary) and the labels most common among the documents it dominates."""
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    from textsim.docsets import read_dataset
    from textsim.tables import write_plain_table

    frame, vocab = read_dataset(dataset)
    train = frame[frame["split"] == "train"]
    kept = set(vocab.tokens[2:])
    docs = [[t for s in d for t in s if t in kept] for d in train["tokens"]]
    dictionary = Dictionary(docs)
    bow = [dictionary.doc2bow(d) for d in docs]
    lda = LdaModel(
        bow, num_topics=topics, id2word=dictionary, passes=passes, random_state=seed, alpha="auto"
    )
    dominant = [max(lda.get_document_topics(b), key=lambda x: x[1])[0] for b in bow]
    labels = train["label"].to_numpy()
    rows = []
    for k in range(topics):
        members = labels[np.asarray(dominant) == k]
        top = pd.Series(members).value_counts()
        share = f"{top.index[0]} ({100 * top.iloc[0] / len(members):.0f}%)" if len(top) else "—"
        rows.append(
            {
                "Topic": k + 1,
                "Top 5 terms": ", ".join(w for w, _ in lda.show_topic(k, topn=5)),
                "Documents": len(members),
                "Most common label": share,
            }
        )
    write_plain_table(pd.DataFrame(rows), stem, title=title, note=note)


def search_figures(
    evaluations: Sequence[PathLike],
    stems: Mapping[str, str],
    *,
    n_topics: int,
    dpi: int,
) -> None:
    """Figures 4.1–4.4 analogs from every evaluation of every model's search."""
    from textsim.docmetrics import paper_random_baseline
    from textsim.docplots import plot_curves, plot_epochs, plot_parameters, plot_scores

    records = _records(evaluations)
    frames = {str(m): f.reset_index(drop=True) for m, f in records.groupby("model", sort=False)}
    plot_epochs(frames, stems["epochs"], dpi=dpi)
    plot_curves(frames, stems["curves"], dpi=dpi)
    plot_parameters(frames, stems["parameters"], dpi=dpi)
    plot_scores(frames, stems["scores"], baseline=paper_random_baseline(n_topics), dpi=dpi)


def size_figures(
    runs: Sequence[PathLike], stems: Mapping[str, str], *, word_size: int, dpi: int
) -> None:
    """Figures 4.5–4.7 analogs: metric vs word size (left) and document size (right)."""
    from textsim.docplots import plot_sizes

    frame = _records(runs)
    for metric, stem in stems.items():
        plot_sizes(frame, metric, stem, word_size=word_size, dpi=dpi)


def tsne_figure(
    vectors: Sequence[PathLike],
    stem: str,
    *,
    perplexity: float,
    iterations: int,
    seed: int,
    dpi: int,
) -> None:
    """Figure 4.8 analog: t-SNE maps of the test documents' vectors by topic (one
    panel per vectors file, named by the model part of its name)."""
    from textsim.docplots import plot_tsne
    from textsim.tsne import tsne

    maps = {}
    for path in vectors:
        name = Path(path).stem.split("-")[0]
        with np.load(path, allow_pickle=False) as z:
            maps[name] = (tsne(z["vectors"], perplexity, iterations, seed=seed), z["labels"])
    plot_tsne(maps, stem, dpi=dpi)
