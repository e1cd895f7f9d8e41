"""The ``textsim`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

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
    from textsim.gem.sts import read_sts
    from textsim.vectors.words import WordEmbeddings

    sts = read_sts(args.sts)
    if args.limit:
        sts = sts.iloc[: args.limit]
    emb = WordEmbeddings.from_files(args.vectors, args.docfreq)
    result = run_gem_benchmark(
        list(sts["sentence1"]), list(sts["sentence2"]), emb, sts["score"].to_numpy()
    )
    print(result.report())
    return 0


def _embed(args: argparse.Namespace) -> int:
    import time

    from textsim.deboom.model import embed_file

    start = time.perf_counter()
    try:
        stats = embed_file(
            args.weights,
            args.vectors,
            args.docfreq,
            args.input,
            args.output,
            normalize={"auto": None, "unit": True, "raw": False}[args.vectors_norm],
            allow_other_embeddings=args.allow_other_embeddings,
        )
    except (ValueError, OSError) as err:
        print(f"textsim embed: {err}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    print(
        f"embedded {stats['texts']:,} texts into {args.output} "
        f"({stats['dim']}-d, {seconds:.1f} s); "
        f"{stats['empty']:,} were empty after cleaning and OOV removal (zero vectors)",
        file=sys.stderr,
    )
    return 0


def _resources(args: argparse.Namespace) -> int:
    from textsim.resources import load_registry

    for name, r in load_registry().items():
        n = f"{len(r.files)} files" if r.files else "1 file"
        print(f"{name:24s} {r.kind:8s} {n:10s} {r.licence}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="textsim", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
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
    gem.add_argument("--vectors", required=True, help="KeyedVectors (.kv)")
    gem.add_argument("--docfreq", required=True, help="document frequencies")
    gem.add_argument("--sts", required=True, help="an STS benchmark file (sts-dev.csv)")
    gem.add_argument("--limit", type=int, default=None, help="first N pairs only")
    gem.set_defaults(func=_bench_gem)
    emb = sub.add_parser("embed", help="embed texts (one per line) with trained idf-rank weights")
    emb.add_argument(
        "--weights", required=True, help="weight file written by the workflow (results/weights/...)"
    )
    emb.add_argument(
        "--vectors", required=True, help="KeyedVectors (.kv) or word2vec file (.bin / text)"
    )
    emb.add_argument(
        "--docfreq", required=True, help="document frequencies (results/docfreq/docfreq.tsv)"
    )
    emb.add_argument(
        "--vectors-norm",
        choices=["auto", "unit", "raw"],
        default="auto",
        help="normalise word vectors as in training (auto), or force unit / raw",
    )
    emb.add_argument(
        "--allow-other-embeddings",
        action="store_true",
        help="apply weights trained on vectors of another dimension (out-of-the-box transfer)",
    )
    emb.add_argument("input", help="text file, one raw text per line")
    emb.add_argument("output", help="output .npy file (float32 matrix, one row per line)")
    emb.set_defaults(func=_embed)
    res = sub.add_parser("resources", help="list the declared external inputs")
    res.set_defaults(func=_resources)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
