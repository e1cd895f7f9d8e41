"""``textsim bench``: every benchmark of the project in one run, one report.

Each row times one of our implementations and its reference on the same inputs in
the same process, single-threaded (BLAS limited to one thread), and gives the ratio
beside the target it should reach and how far the outputs are apart:

* cleaning: :func:`textsim.text.cleaning.clean_lines` (one article at a time, as
  the corpus stage cleans) against the two regular expressions that define the
  cleaning, line by line, on every line of the demo's first corpus shard;
* scoring: the vectorised baselines against a per-couple loop (synthetic couples);
* GEM on STS-B (dev and test sentences) and on OHSUMED paragraphs: the vectorised
  GEM against the per-word reference (the official encoder's computation);
* training: the Keras trainings on each installed backend against the NumPy
  reference (one row per backend);
* word analogies: :func:`textsim.vectors.analogies.analogy_accuracy` against gensim's
  ``evaluate_word_analogies`` on the run's word vectors (the reference timed once);
* recurrent models: an epoch of Topic-LSTM and of the recurrent autoencoder on the
  fast path (fused LSTMs, bucketed batches) against the padded path, on documents of
  news10's lengths (:mod:`textsim.bench.recurrent`; Keras, so not single-threaded).

Rows whose inputs are missing (a run's vectors, the mirror's files) are reported as
skipped with the reason, never silently left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from textsim.bench.gem import best_of, time_gem
from textsim.report.ratios import BenchRow

__all__ = [
    "bench_analogies",
    "bench_cleaning",
    "bench_gem",
    "bench_recurrent",
    "bench_scoring",
    "bench_training",
    "run_all",
]


def bench_cleaning(files: Sequence[Path]) -> BenchRow:
    from textsim.text.cleaning import clean_lines, clean_tokens_reference
    from textsim.text.wikipedia import iter_documents

    documents = [doc.lines for f in files for doc in iter_documents(f)]
    lines = [line for doc in documents for line in doc]
    # as clean_corpus does: the lines of one article at a time
    ours_s, ours = best_of(3, lambda: [t for doc in documents for t in clean_lines(doc)])
    ref_s, ref = best_of(3, lambda: [clean_tokens_reference(s) for s in lines])
    same = sum(a == b for a, b in zip(ours, ref, strict=True))
    agreement = "identical tokens" if same == len(lines) else f"{len(lines) - same} lines differ"
    return BenchRow(
        f"cleaning ({len(files)} files, {len(lines):,} lines)",
        "lines",
        ours_s,
        ref_s,
        len(lines),
        len(lines),
        3.0,
        agreement,
    )


def bench_scoring(n_couples: int, reference_couples: int) -> BenchRow:
    from textsim.bench.scoring import run_scoring_benchmark

    res = run_scoring_benchmark(n_couples, reference_couples=reference_couples, threads=[1])
    return BenchRow(
        f"scoring ({res.n_methods} baselines, 20-word couples)",
        "couples",
        res.vectorised_s[1],
        res.reference_s,
        res.n_couples,
        res.reference_couples,
        50.0,
        f"max |diff| {res.max_abs_diff:.1e}",
    )


def bench_gem(name: str, sentences: list[str], embeddings: Any, target: float | None) -> BenchRow:
    fast_s, ref_s, fast, ref = time_gem(sentences, embeddings, repeats=3)
    diff = float(np.max(np.abs(fast - ref)))
    n = len(fast)
    return BenchRow(name, "texts", fast_s, ref_s, n, n, target, f"max |diff| {diff:.1e}")


def bench_analogies(vectors: Path, questions: Path) -> BenchRow:
    from textsim.formats.vectorfile import read_vectors
    from textsim.vectors.analogies import analogy_accuracy, gensim_sections

    kv = read_vectors(vectors)
    ours_s, ours = best_of(3, lambda: analogy_accuracy(kv, questions))
    ref_s, theirs = best_of(1, lambda: gensim_sections(kv, questions))
    n = ours.correct + ours.incorrect
    agreement = "identical answers" if theirs == ours.sections else "section counts differ"
    return BenchRow(
        f"word analogies ({n:,} questions, {len(kv):,} words)",
        "questions",
        ours_s,
        ref_s,
        n,
        n,
        None,
        f"{agreement} ({ours.fallbacks} near ties by gensim)",
    )


def bench_training(n_couples: int) -> list[BenchRow]:
    from textsim.bench.training import run_training_benchmark

    res = run_training_benchmark(n_couples, n_docs=0)
    ref = np.asarray(res.numpy["weights"])
    rows = []
    for backend, run in res.backends.items():
        diff = float(np.max(np.abs(np.asarray(run["weights"]) - ref)))
        rows.append(
            BenchRow(
                f"training, Keras {backend} vs NumPy (2nd epoch)",
                "couples",
                float(run["epoch_seconds"][-1]),
                float(res.numpy["epoch_seconds"][-1]),
                res.n_couples,
                res.n_couples,
                None,
                f"max |w diff| {diff:.1e}",
            )
        )
    return rows


def bench_recurrent(dataset: Path, n_docs: int, backend: str | None = None) -> list[BenchRow]:
    """Topic-LSTM and the recurrent autoencoder: an epoch on the fast path against the
    padded path (:mod:`textsim.bench.recurrent`), on the fastest installed backend."""
    from textsim.bench.recurrent import MODELS, dataset_lengths, run_recurrent_benchmark
    from textsim.bench.recurrent import training_flops as flops
    from textsim.runtime.backend import available_backends

    names = {"topic_lstm": "Topic-LSTM", "rae": "recurrent autoencoder"}
    if not dataset.exists():
        why = f"no {dataset} (run the Schäfer stages first)"
        return [BenchRow(f"{names[m]} epoch", "documents", skipped=why) for m in MODELS]
    installed = available_backends()
    backend = backend or ("jax" if "jax" in installed else installed[0])
    lengths = dataset_lengths(dataset, 400)
    res = run_recurrent_benchmark(lengths, backend=backend, n_docs=n_docs)
    rows = []
    for model, units in MODELS.items():
        run = res[model]
        fast, padded = min(run["fast"][1:]), min(run["padded"][1:])
        cold = run["fast"][0] - fast
        warm = run["warm"][0] - min(run["warm"][1:])
        work = flops(model, run["tokens"], units)
        at_9000 = fast * 9000 / run["documents"]
        rows.append(
            BenchRow(
                f"{names[model]} epoch ({run['documents']} of {n_docs} documents, "
                f"news10 lengths, {backend}): fused + bucketed vs padded",
                "documents",
                fast,
                padded,
                run["documents"],
                run["documents"],
                3.0,
                f"max |diff| {run['max_abs_diff']:.1e} to Keras' LSTM on the same batches padded; "
                f"{work / fast / 1e9:.1f} vs {work / padded / 1e9:.1f} GFLOP/s on "
                f"real tokens; {fast:.2f} s vs {padded:.2f} s an epoch, ≈{at_9000:.0f} s "
                f"at 9,000 documents; compilation {cold:.1f} s cold, {warm:.1f} s warm "
                f"({cold / at_9000:.2f} and {warm / at_9000:.2f} of an epoch at 9,000)",
            )
        )
    return rows


def run_all(
    *,
    results: Path,
    resources: Path,
    couples: int = 200_000,
    reference_couples: int = 20_000,
    paragraphs: int = 150,
    training_couples: int = 20_000,
    recurrent_documents: int = 1_000,
    skip: Sequence[str] = (),
    progress: Callable[[str], None] = print,
) -> list[BenchRow]:
    """Every benchmark whose inputs exist, single-threaded."""
    from threadpoolctl import threadpool_limits

    rows: list[BenchRow] = []
    with threadpool_limits(1):
        if "cleaning" not in skip:
            progress("cleaning ...")
            wiki = sorted((resources / "enwiki-2015-extracted").glob("*/wiki_*"))[:16]
            rows.append(
                bench_cleaning(wiki)
                if wiki
                else BenchRow("cleaning", "lines", skipped=f"no corpus files under {resources}")
            )
        if "scoring" not in skip:
            progress("scoring ...")
            rows.append(bench_scoring(couples, reference_couples))
        if "gem" not in skip:
            rows += _gem_rows(results, resources, paragraphs, progress)
        if "analogies" not in skip:
            progress("word analogies ...")
            vectors = results / "word2vec/vectors.npz"
            questions = resources / "package/questions-words"
            rows.append(
                bench_analogies(vectors, questions)
                if vectors.exists() and questions.exists()
                else BenchRow("word analogies", "questions", skipped=f"no {vectors} / {questions}")
            )
        if "training" not in skip:
            progress("training ...")
            rows += bench_training(training_couples)
    if "recurrent" not in skip:
        progress("recurrent Schäfer models ...")
        rows += bench_recurrent(results / "schafer/news10/dataset.jsonl", recurrent_documents)
    return rows


def _gem_rows(
    results: Path, resources: Path, paragraphs: int, progress: Callable[[str], None]
) -> list[BenchRow]:
    from textsim.formats.source import open_vectors

    vectors, docfreq = results / "word2vec/vectors.npz", results / "docfreq/docfreq.tsv"
    if not vectors.exists() or not docfreq.exists():
        why = f"no {vectors} / {docfreq} (run the workflow first)"
        return [BenchRow("GEM", "texts", skipped=why)]
    emb = open_vectors(vectors, docfreq).embeddings
    rows = []
    sts = [resources / f"stsbenchmark/stsbenchmark/sts-{s}.csv" for s in ("dev", "test")]
    if all(p.exists() for p in sts):
        from textsim.gem.sts import read_sts

        frames = [read_sts(p) for p in sts]
        sentences = [s for f in frames for c in ("sentence1", "sentence2") for s in f[c]]
        progress("GEM on STS-B ...")
        rows.append(bench_gem(f"GEM, STS-B dev+test ({emb.dim}-d)", sentences, emb, 20.0))
    else:
        rows.append(BenchRow("GEM, STS-B", "texts", skipped=f"no {sts[0]}"))
    ohsumed = resources / "ohsumed-single-23/ohsumed_single_23.tar.xz"
    if ohsumed.exists():
        from textsim.text.documents import read_ohsumed

        docs = read_ohsumed(ohsumed, max_documents=paragraphs).head(paragraphs)
        texts = [" ".join(s) for s in docs["sentences"]]
        progress("GEM on OHSUMED paragraphs ...")
        rows.append(bench_gem(f"GEM, {len(texts)} OHSUMED paragraphs", texts, emb, None))
    else:
        rows.append(BenchRow("GEM, OHSUMED paragraphs", "texts", skipped=f"no {ohsumed}"))
    return rows
