"""The ``textsim`` command line (:func:`main`; the help text is :data:`DESCRIPTION`;
the exit codes and the one-line error handling of every command:
:mod:`textsim.cli.errors`)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textsim.bench.commands import add_bench_commands
from textsim.cli.errors import (
    EXIT_BUG,
    EXIT_CODES,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PIPE_CLOSED,
    EXIT_USER_ERROR,
    guarded,
)
from textsim.cli.leaderboard import add_leaderboard_command
from textsim.core.io import quoted
from textsim.methods.registry import method_names
from textsim.sources.mirror import add_resource_commands

DESCRIPTION = (
    "Fit a text-embedding method once, embed new texts and score text pairs with it;\n"
    "list the methods and the external inputs; time the implementations against their\n"
    "references (bench commands).\n\nexit codes: "
    + "; ".join(f"{code} {meaning}" for code, meaning in EXIT_CODES.items())
)


class _Formatter(argparse.HelpFormatter):
    """An option's default shown where it has a real one (not None, not a flag's
    False) and its help does not state it already."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (
            "default" not in text
            and default not in (None, False, argparse.SUPPRESS)
            and (action.option_strings or action.nargs in ("?", "*"))
        ):
            shown = " ".join(map(str, default)) if isinstance(default, list) else default
            text += f" (default: {shown})" if shown != "" else ""
        return text


class _TopFormatter(argparse.RawDescriptionHelpFormatter, _Formatter):
    """The command's own description as written (its exit-code paragraph)."""


_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _params(pairs: Sequence[str]) -> dict[str, Any]:
    """``--param key=value`` options, values parsed as YAML scalars (2, true, none) and
    every decimal number as a number: ``1e-3`` too, which YAML 1.1 reads as a string."""
    import yaml

    out: dict[str, Any] = {}
    for item in pairs:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--param expects key=value, got {quoted(item)}")
        text = value.strip()
        if _NUMBER.fullmatch(text):
            out[key] = int(text) if text.lstrip("+-").isdigit() else float(text)
        else:
            out[key] = yaml.safe_load(value)
    return out


def _fit(args: argparse.Namespace) -> int:
    import time

    from textsim.api.files import fit_file
    from textsim.formats.vectorfile import is_pickle_format

    def run() -> int:
        start = time.perf_counter()
        try:
            model = _fit_file()
        except ValueError as err:  # the API's "(texts=...)" is the CLI's "(--texts)"
            message = re.sub(r"\((\w+)=\.\.\.\)", r"(--\1)", str(err))
            if message == str(err):
                raise
            raise ValueError(message) from None
        print(
            f"fitted {model!r} in {time.perf_counter() - start:.1f} s; wrote {args.output}",
            file=sys.stderr,
        )
        if args.vectors and is_pickle_format(args.vectors):
            print(
                f"note: {args.output} records {args.vectors}, a gensim pickle file, which "
                "textsim opens only when named: pass --vectors to embed and similarity "
                "(or convert the vectors to .npz once: docs/usage.md, Trust)",
                file=sys.stderr,
            )
        return EXIT_OK

    def _fit_file() -> Any:
        return fit_file(
            args.method,
            args.output,
            vectors=args.vectors,
            docfreq=args.docfreq,
            texts=args.texts,
            weights=args.weights,
            force=args.force,
            **_params(args.param),
        )

    return guarded("fit", run)


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
        rate_text = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"
        print(
            f"loaded {args.model} in {stats['load_seconds']:.1f} s; embedded "
            f"{stats['texts']:,} texts into {args.output} ({stats['dim']}-d) in "
            f"{stats['embed_seconds']:.2f} s ({rate_text} texts/s); {stats['empty']:,} had "
            "no in-vocabulary word after cleaning (zero vectors)",
            file=sys.stderr,
        )
        return EXIT_OK

    return guarded("embed", run)


def _similarity(args: argparse.Namespace) -> int:
    from textsim.api.files import score_pairs

    def run() -> int:
        output = None if args.output == "-" else args.output
        sim, empty = score_pairs(
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
        if empty:
            print(
                f"{empty:,} of {len(sim):,} pairs have a text with no in-vocabulary word "
                "after cleaning (similarity 0)",
                file=sys.stderr,
            )
        return EXIT_OK

    return guarded("similarity", run)


def _methods(args: argparse.Namespace) -> int:
    from textsim.methods.registry import METHODS

    rows = [("method", "what", "textsim fit needs")]
    for name, m in METHODS.items():
        need = m.needs
        needs = [
            *(["--vectors"] if need.vectors else []),
            *(["--docfreq"] if need.docfreq else []),
            *(["--texts"] if need.texts else []),
            *(["--weights"] if need.weights else []),
        ]
        rows.append((name, m.summary, " ".join(needs) or "-"))
    widths = [max(len(r[i]) for r in rows) for i in range(2)]
    for a, b, c in rows:
        print(f"{a:{widths[0]}}  {b:{widths[1]}}  {c}")
    return EXIT_OK


def _usage(args: argparse.Namespace) -> int:
    from textsim.project.benchmarks import usage_report

    try:
        print(usage_report(args.run))
    except FileNotFoundError as err:
        print(f"textsim usage: error: {err}", file=sys.stderr)
        return EXIT_USER_ERROR
    return EXIT_OK


def _notebooks(args: argparse.Namespace) -> int:
    def run() -> int:
        try:
            from textsim.report.notebook import run_notebooks
        except ImportError as err:
            raise ImportError(f"{err}: pip install -e '.[dev]' (Jupyter's nbclient)") from err
        folder = Path(args.notebooks)
        names = args.names or sorted(p.stem for p in folder.glob("*.ipynb"))
        books = [folder / f"{name}.ipynb" for name in names]
        if missing := [str(b) for b in books if not b.is_file()]:
            raise ValueError(f"no such notebook: {', '.join(missing)}")
        results = Path(args.results)
        if not results.is_dir():
            raise ValueError(
                f"{results}: no such results folder; make a run first (e.g. snakemake "
                "--cores 2 --configfile configs/tiny.yaml) or name its folder with --results"
            )
        output = Path(args.output or results / "notebooks")
        statuses = []
        for done in run_notebooks(books, results, output):
            note = f": {done.message}" if done.message else ""
            print(f"{done.name}: {done.status} → {done.output}{note}")
            statuses.append(done.status)
        if "failed" in statuses:
            return EXIT_BUG
        if "ran" not in statuses:  # nothing to read: every notebook needs another run
            print(
                f"textsim notebooks: error: no notebook found its run in {results}",
                file=sys.stderr,
            )
            return EXIT_USER_ERROR
        return EXIT_OK

    return guarded("notebooks", run)


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
    from textsim import __version__

    parser = argparse.ArgumentParser(
        prog="textsim", description=DESCRIPTION, formatter_class=_TopFormatter
    )
    parser.add_argument("--version", action="version", version=f"textsim {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
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
    meth = sub.add_parser("methods", help="list the embedding methods `textsim fit` knows")
    meth.set_defaults(func=_methods)
    add_resource_commands(sub, guarded)
    nb = sub.add_parser(
        "notebooks",
        help="execute the notebooks on a run's results; the executed copies go beside them",
    )
    nb.add_argument("names", nargs="*", help="notebooks by name (default: all)")
    nb.add_argument("--results", default="results", help="the run's results folder")
    nb.add_argument("--notebooks", default="notebooks", help="the notebooks' folder")
    nb.add_argument("--output", help="where the executed copies go (default: RESULTS/notebooks)")
    nb.set_defaults(func=_notebooks)
    use = sub.add_parser(
        "usage",
        help="what a run's jobs used against what their rules asked, per rule",
        description="Per rule of a workflow run: jobs, wall seconds and peak memory (its "
        "benchmark files) against the threads, mem_mb and runtime asked (its log).",
    )
    use.add_argument("run", nargs="?", default=".", help="the folder the workflow ran in")
    use.set_defaults(func=_usage)
    add_leaderboard_command(sub)
    add_bench_commands(sub)
    parser.allow_abbrev = False
    for action in sub._choices_actions:  # every command: its help as its description too
        command = sub.choices[action.dest]
        command.formatter_class = _Formatter
        command.description = command.description or action.help
        command.allow_abbrev = False  # --vector is not --vectors: a typo is an error
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; Ctrl-C ends it with one line (exit 130), and output piped into
    a reader that stops early (``textsim methods | head -1``) ends it quietly (141)."""
    import os

    try:
        code = _main(argv)
        sys.stdout.flush()  # here, where a closed pipe is caught, not at interpreter exit
        return code
    except KeyboardInterrupt:
        print("textsim: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader is gone: send what Python still holds to nowhere, then stop
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PIPE_CLOSED


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    # an unknown option before the command: name it (argparse would only say that the
    # command is missing)
    if given and given[0].startswith("-") and given[0] not in ("-h", "--help", "--version"):
        parser.error(f"unknown option {given[0]} (options follow the command: textsim COMMAND ...)")
    args, unknown = parser.parse_known_args(given)
    if unknown:  # reported with the usage of the command they were given to
        command = next(
            a.choices[args.command]
            for a in parser._actions
            if isinstance(a, argparse._SubParsersAction)
        )
        command.error(f"unrecognized arguments: {' '.join(unknown)}")
    return int(args.func(args))
