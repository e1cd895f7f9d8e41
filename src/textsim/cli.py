"""The ``textsim`` command line.

Exit codes: 0 success; 2 a user error (bad file, option or method: one line on
stderr naming the file, nothing written); 3 an optional package is missing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textsim.api.registry import method_names
from textsim.backend import BACKENDS


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
    from textsim.embedding.source import open_vectors
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
    from textsim.bench.report import format_report, run_all

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
    return 0


#: exit codes (docs/usage.md "Errors and exit codes")
EXIT_OK, EXIT_BUG, EXIT_USER_ERROR, EXIT_MISSING_PACKAGE, EXIT_OUT_OF_MEMORY = 0, 1, 2, 3, 4


def _guarded(command: str, run: Callable[[], int]) -> int:
    """Run a command; every failure is one line on stderr and a documented exit code:
    2 a user's mistake (bad file, option, method), 3 a missing optional package, 4 out
    of memory, 1 anything else (a bug: ``TEXTSIM_DEBUG=1`` shows its traceback)."""
    import os

    try:
        return run()
    except ImportError as err:
        print(f"textsim {command}: error: {err}", file=sys.stderr)
        return EXIT_MISSING_PACKAGE
    except MemoryError:
        print(
            f"textsim {command}: error: out of memory (split very long texts, or give "
            "the process more memory)",
            file=sys.stderr,
        )
        return EXIT_OUT_OF_MEMORY
    except (ValueError, TypeError, OSError, RuntimeError) as err:
        print(f"textsim {command}: error: {err}", file=sys.stderr)
        return EXIT_USER_ERROR
    except Exception as err:
        if os.environ.get("TEXTSIM_DEBUG"):
            raise
        print(
            f"textsim {command}: internal error: {type(err).__name__}: {err} (a bug; "
            "rerun with TEXTSIM_DEBUG=1 for the traceback and please report it)",
            file=sys.stderr,
        )
        return EXIT_BUG


def _params(pairs: Sequence[str]) -> dict[str, Any]:
    """``--param key=value`` options, values parsed as YAML scalars (1e-3, 2, true)."""
    import yaml

    out: dict[str, Any] = {}
    for item in pairs:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--param expects key=value, got {item!r}")
        out[key] = yaml.safe_load(value)
    return out


def _fit(args: argparse.Namespace) -> int:
    import time

    from textsim.api.files import fit_file

    def run() -> int:
        start = time.perf_counter()
        model = fit_file(
            args.method,
            args.output,
            vectors=args.vectors,
            docfreq=args.docfreq,
            texts=args.texts,
            weights=args.weights,
            force=args.force,
            **_params(args.param),
        )
        print(
            f"fitted {model!r} in {time.perf_counter() - start:.1f} s; wrote {args.output}",
            file=sys.stderr,
        )
        return EXIT_OK

    return _guarded("fit", run)


def _embed(args: argparse.Namespace) -> int:

    from textsim.api.files import embed_file

    def run() -> int:
        stats = embed_file(
            args.model,
            args.input,
            args.output,
            vectors=args.vectors,
            allow_other_vectors=args.allow_other_vectors,
            force=args.force,
        )
        rate = stats["texts"] / max(stats["embed_seconds"], 1e-9)
        print(
            f"loaded {args.model} in {stats['load_seconds']:.1f} s; embedded "
            f"{stats['texts']:,} texts into {args.output} ({stats['dim']}-d) in "
            f"{stats['embed_seconds']:.2f} s ({rate:,.0f} texts/s); {stats['empty']:,} had "
            "no in-vocabulary word after cleaning (zero vectors)",
            file=sys.stderr,
        )
        return EXIT_OK

    return _guarded("embed", run)


def _similarity(args: argparse.Namespace) -> int:
    from textsim.api.files import similarity_file

    def run() -> int:
        output = None if args.output == "-" else args.output
        sim = similarity_file(
            args.model,
            args.pairs,
            output,
            columns=tuple(args.columns),
            vectors=args.vectors,
            allow_other_vectors=args.allow_other_vectors,
            force=args.force,
        )
        if output is None:
            sys.stdout.write("".join(f"{s:.6f}\n" for s in sim))
        return EXIT_OK

    return _guarded("similarity", run)


def _methods(args: argparse.Namespace) -> int:
    from textsim.api.registry import METHODS

    for name, m in METHODS.items():
        need = m.needs
        needs = [
            *(["--vectors"] if need.vectors else []),
            *(["--docfreq"] if need.docfreq else []),
            *(["--texts"] if need.texts else []),
            *(["--weights"] if need.weights else []),
        ]
        print(f"{name:10s} {m.summary:64s} fit needs: {' '.join(needs) or '-'}")
    return EXIT_OK


def _resources(args: argparse.Namespace) -> int:
    from textsim.resources import load_registry

    for name, r in load_registry().items():
        n = f"{len(r.files)} files" if r.files else "1 file"
        print(f"{name:24s} {r.kind:8s} {n:10s} {r.licence}")
    return 0


def _force_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-f", "--force", action="store_true", help="overwrite the output if it exists"
    )


def _vector_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--vectors",
        help="word vectors (default: the file the model records; a gensim .kv, which "
        "is a pickle, only when named here)",
    )
    parser.add_argument(
        "--allow-other-vectors",
        action="store_true",
        help="use word vectors other than those the model was fitted on",
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``textsim`` command and its subcommands (the docs' CLI reference reads it)."""
    parser = argparse.ArgumentParser(prog="textsim", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
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
    every.set_defaults(func=_bench)
    bench = sub.add_parser(
        "bench-scoring", help="vectorised baselines vs a per-couple loop (throughput ratio)"
    )
    bench.add_argument("--couples", type=int, default=200_000)
    bench.add_argument(
        "--reference-couples",
        type=int,
        default=None,
        help="limit the per-couple loop (default: all)",
    )
    bench.add_argument(
        "--threads", type=int, nargs="+", default=[1, 2], help="thread counts to time"
    )
    bench.add_argument("--seed", type=int, default=0)
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
    fit = sub.add_parser(
        "fit",
        help="fit an embedding method and write its model file",
        description="Fit an embedding method on word vectors (and texts) and write one "
        "model file (.npz) that `textsim embed` and `textsim similarity` use.",
    )
    fit.add_argument("method", choices=method_names(), help="see `textsim methods`")
    fit.add_argument(
        "--vectors",
        help="word vectors: textsim .npz, word2vec .bin or text, gensim .kv (a pickle: "
        "only a file you trust)",
    )
    fit.add_argument("--docfreq", help="document frequencies (results/docfreq/docfreq.tsv)")
    fit.add_argument("--texts", help="fitting texts, one raw text per line (sif, usif, gem)")
    fit.add_argument("--weights", help="trained weight file (learned: results/weights/...)")
    fit.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="estimator parameter, repeatable (e.g. ngram=2, a=0.001, cleaning=none)",
    )
    fit.add_argument("-o", "--output", required=True, help="model file to write (.npz)")
    _force_option(fit)
    fit.set_defaults(func=_fit)
    meth = sub.add_parser("methods", help="list the embedding methods `textsim fit` knows")
    meth.set_defaults(func=_methods)
    emb = sub.add_parser(
        "embed",
        help="embed texts (one per line) with a model file",
        description="Embed one raw text per line with a fitted model: a float32 .npy "
        "matrix, one row per line (a line without in-vocabulary words is a zero row).",
    )
    emb.add_argument("model", help="model file (.npz) from `textsim fit` or the workflow")
    emb.add_argument("input", help="UTF-8 text file, one raw text per line")
    emb.add_argument("output", help="output .npy file")
    _force_option(emb)
    _vector_options(emb)
    emb.set_defaults(func=_embed)
    sim = sub.add_parser(
        "similarity",
        help="cosine similarity of text pairs with a model file",
        description="Cosine similarity of each pair of a tab-separated file, one per line.",
    )
    sim.add_argument("model", help="model file (.npz)")
    sim.add_argument("pairs", help="UTF-8 tab-separated file, one text pair per line")
    sim.add_argument("output", nargs="?", default="-", help="output file (default: stdout)")
    _force_option(sim)
    sim.add_argument(
        "--columns",
        type=int,
        nargs=2,
        default=[1, 2],
        metavar=("A", "B"),
        help="the two text columns, counted from 1 (default: 1 2)",
    )
    _vector_options(sim)
    sim.set_defaults(func=_similarity)
    res = sub.add_parser("resources", help="list the declared external inputs")
    res.set_defaults(func=_resources)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
