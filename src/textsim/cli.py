"""The ``textsim`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _bench_scoring(args: argparse.Namespace) -> int:
    from textsim.bench import run_scoring_benchmark

    result = run_scoring_benchmark(
        args.couples,
        reference_couples=args.reference_couples,
        threads=args.threads,
        seed=args.seed,
    )
    print(result.report())
    return 0


def _bench_training(args: argparse.Namespace) -> int:
    from textsim.bench import run_training_benchmark

    print(run_training_benchmark(args.couples, seed=args.seed).report())
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
    train = sub.add_parser("bench-training", help="Keras vs NumPy training throughput (couples/s)")
    train.add_argument("--couples", type=int, default=20_000)
    train.add_argument("--seed", type=int, default=0)
    train.set_defaults(func=_bench_training)
    res = sub.add_parser("resources", help="list the declared external inputs")
    res.set_defaults(func=_resources)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
