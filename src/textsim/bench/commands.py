"""The ``textsim bench*`` subcommands: each fast implementation timed against its
reference in the same run (kept apart from the everyday commands in
:mod:`textsim.cli`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from textsim.runtime.backend import BACKENDS

__all__ = ["add_bench_commands"]


def _bench_scoring(args: argparse.Namespace) -> int:
    from textsim.bench.scoring import run_scoring_benchmark

    result = run_scoring_benchmark(
        args.couples,
        reference_couples=args.reference_couples,
        threads=args.threads,
        seed=args.seed,
    )
    print(result.report())
    return 0


def _bench_training(args: argparse.Namespace) -> int:
    from textsim.bench.training import run_training_benchmark

    try:
        result = run_training_benchmark(
            args.couples,
            backends=args.backends,
            n_docs=args.documents,
            max_words=args.max_words,
            seed=args.seed,
        )
    except (ValueError, RuntimeError) as err:
        print(f"textsim bench-training: error: {err}", file=sys.stderr)
        return 2
    print(result.report())
    return 0


def _bench_gem(args: argparse.Namespace) -> int:
    from textsim.bench.gem import run_gem_benchmark
    from textsim.formats.source import open_vectors
    from textsim.gem.sts import read_sts

    sts = read_sts(args.sts)
    if args.limit:
        sts = sts.iloc[: args.limit]
    emb = open_vectors(args.vectors, args.docfreq).embeddings
    result = run_gem_benchmark(
        list(sts["sentence1"]), list(sts["sentence2"]), emb, sts["score"].to_numpy()
    )
    print(result.report())
    return 0


def _bench(args: argparse.Namespace) -> int:
    from textsim.bench.report import run_all
    from textsim.report.ratios import format_report, write_rows

    rows = run_all(
        results=Path(args.results),
        resources=Path(args.resources),
        couples=args.couples,
        reference_couples=args.reference_couples,
        paragraphs=args.paragraphs,
        training_couples=args.training_couples,
        recurrent_documents=args.recurrent_documents,
        skip=args.skip,
        progress=lambda msg: print(msg, file=sys.stderr, flush=True),
    )
    report = format_report(rows)
    print(report)
    if args.output:
        Path(args.output).write_text(report + "\n", encoding="utf-8")
    if args.csv:
        write_rows(rows, args.csv)
    return 0


def add_bench_commands(sub: Any) -> None:
    """Add ``bench``, ``bench-scoring``, ``bench-training`` and ``bench-gem`` to the
    ``textsim`` subcommands ``sub``."""
    every = sub.add_parser(
        "bench",
        help="every benchmark against its reference, single-threaded: one report of ratios",
        description="Time each fast implementation against its reference on the same inputs "
        "in one process, with BLAS limited to one thread, and print one Markdown table of "
        "throughputs, ratios, targets and output agreement (cleaning, scoring, GEM on STS-B "
        "and OHSUMED paragraphs, Keras training, the recurrent Schäfer models on news10's "
        "document lengths). Rows whose inputs are missing say so.",
    )
    every.add_argument("--results", default="results", help="a run's results (word vectors)")
    every.add_argument("--resources", default="resources", help="a run's downloaded inputs")
    every.add_argument("--couples", type=int, default=200_000, help="scoring: couples")
    every.add_argument(
        "--reference-couples", type=int, default=20_000, help="scoring: couples of the loop"
    )
    every.add_argument("--paragraphs", type=int, default=150, help="GEM: OHSUMED paragraphs")
    every.add_argument(
        "--training-couples", type=int, default=20_000, help="training: couples of an epoch"
    )
    every.add_argument(
        "--recurrent-documents",
        type=int,
        default=1_000,
        help="recurrent models: documents (lengths drawn from results/schafer/news10)",
    )
    every.add_argument(
        "--skip",
        nargs="+",
        default=[],
        choices=["cleaning", "scoring", "gem", "analogies", "training", "recurrent"],
        help="benchmarks to leave out",
    )
    every.add_argument("-o", "--output", help="also write the report (Markdown) here")
    every.add_argument(
        "--csv",
        help="also write the rows' seconds and counts here (CSV), for python -m textsim.pages "
        "record-bench",
    )
    every.set_defaults(func=_bench)
    bench = sub.add_parser(
        "bench-scoring", help="vectorised baselines vs a per-couple loop (throughput ratio)"
    )
    bench.add_argument(
        "--couples", type=int, default=200_000, help="couples scored (default: %(default)s)"
    )
    bench.add_argument(
        "--reference-couples",
        type=int,
        default=None,
        help="limit the per-couple loop (default: all)",
    )
    bench.add_argument(
        "--threads", type=int, nargs="+", default=[1, 2], help="thread counts to time"
    )
    bench.add_argument(
        "--seed", type=int, default=0, help="seed of the random couples (default: %(default)s)"
    )
    bench.set_defaults(func=_bench_scoring)
    train = sub.add_parser(
        "bench-training",
        help="Keras training throughput on every installed backend vs the NumPy reference",
    )
    train.add_argument("--couples", type=int, default=20_000, help="couples of one epoch")
    train.add_argument(
        "--backends",
        nargs="+",
        choices=BACKENDS,
        default=None,
        help="Keras backends to time (default: every installed one)",
    )
    train.add_argument(
        "--documents", type=int, default=400, help="synthetic Schäfer documents (0: skip them)"
    )
    train.add_argument("--max-words", type=int, default=200, help="words per Schäfer document")
    train.add_argument("--seed", type=int, default=0)
    train.set_defaults(func=_bench_training)
    gem = sub.add_parser(
        "bench-gem", help="vectorised GEM vs the per-word reference on STS sentences"
    )
    gem.add_argument("--vectors", required=True, help="word vectors (.npz, .bin, text, .kv)")
    gem.add_argument("--docfreq", required=True, help="document frequencies")
    gem.add_argument("--sts", required=True, help="an STS benchmark file (sts-dev.csv)")
    gem.add_argument("--limit", type=int, default=None, help="first N pairs only")
    gem.set_defaults(func=_bench_gem)
