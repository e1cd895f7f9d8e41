"""``textsim leaderboard``: print the leaderboards a run made (target ``leaderboard``,
:mod:`textsim.leaderboard`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from textsim.cli.errors import EXIT_OK, EXIT_USER_ERROR

#: the leaderboards a run writes (results/paper/tables/<name>.md), by family
LEADERBOARDS = {
    "deboom": ["leaderboard-deboom", "leaderboard-deboom-comparisons"],
    "sts": ["leaderboard-sts", "leaderboard-sts-comparisons"],
    "schafer": ["leaderboard-schafer", "leaderboard-schafer-comparisons"],
}


def _leaderboard(args: argparse.Namespace) -> int:
    tables = Path(args.results) / "paper" / "tables"
    families = [args.family] if args.family else list(LEADERBOARDS)
    found = [tables / f"{n}.md" for f in families for n in LEADERBOARDS[f]]
    found = [p for p in found if p.is_file()]
    if not found:
        print(
            f"textsim leaderboard: error: no leaderboard in {tables}; make one with "
            "`snakemake --cores 2 -- leaderboard` (the --configfile of the run too)",
            file=sys.stderr,
        )
        return EXIT_USER_ERROR
    print("\n\n".join(p.read_text(encoding="utf-8").strip() for p in found))
    return EXIT_OK


def add_leaderboard_command(sub: Any) -> None:
    """The ``leaderboard`` subcommand on the command line's subparsers ``sub``."""
    board = sub.add_parser(
        "leaderboard",
        help="print a run's leaderboards: every method on each benchmark, with intervals",
        description="Print the leaderboards a run made (target `leaderboard`): De Boom's "
        "split error per couple set, STS's Pearson r and Schäfer's eq. 3.1, each with the extra "
        "methods' comparisons.",
    )
    board.add_argument("results", nargs="?", default="results", help="the run's results folder")
    board.add_argument("--family", choices=list(LEADERBOARDS), help="one benchmark only")
    board.set_defaults(func=_leaderboard)
