"""``python -m textsim.pages``: record a snapshot, regenerate or check the docs' blocks.

python -m textsim.pages record RESULTS NAME --command CMD --config FILE --backend B
python -m textsim.pages record-bench BENCH_CSV NAME --command CMD   # textsim bench --csv
python -m textsim.pages sync            # rewrite every generated block
python -m textsim.pages sync --check    # exit 1 naming the stale pages
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textsim.pages.blocks import stale_pages, sync
from textsim.pages.snapshots import SnapshotError, record, record_bench

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs"
SNAPSHOTS = DOCS / "snapshots"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m textsim.pages", description=__doc__)
    sub = parser.add_subparsers(dest="action", required=True)
    rec = sub.add_parser("record", help="copy a run's tables into docs/snapshots/NAME")
    rec.add_argument("results", type=Path, help="the run's results folder")
    rec.add_argument("name", help="the snapshot's name (e.g. demo, full-offline)")
    rec.add_argument("--command", required=True, help="the command that made the run")
    rec.add_argument("--config", required=True, help="the run's config file")
    rec.add_argument("--backend", required=True, help="the Keras backend it trained with")
    rb = sub.add_parser(
        "record-bench", help="keep a textsim bench --csv file as docs/snapshots/NAME"
    )
    rb.add_argument("rows", type=Path, help="the CSV textsim bench --csv wrote")
    rb.add_argument("name", help="the snapshot's name (e.g. bench)")
    rb.add_argument("--command", required=True, help="the textsim bench command that made it")
    syn = sub.add_parser("sync", help="regenerate the docs' blocks from the snapshots")
    syn.add_argument("--check", action="store_true", help="only list stale pages (exit 1)")
    args = parser.parse_args(argv)
    try:
        if args.action == "record":
            dest = record(
                args.results,
                SNAPSHOTS / args.name,
                command=args.command,
                config=args.config,
                backend=args.backend,
            )
            print(f"recorded {dest.relative_to(ROOT)}")
            return 0
        if args.action == "record-bench":
            dest = record_bench(args.rows, SNAPSHOTS / args.name, command=args.command)
            print(f"recorded {dest.relative_to(ROOT)}")
            return 0
        if args.check:
            stale = stale_pages(DOCS, SNAPSHOTS)
            for page in stale:
                print(f"stale: {page.relative_to(ROOT)} (python -m textsim.pages sync)")
            return 1 if stale else 0
        for page in sync(DOCS, SNAPSHOTS):
            print(f"updated {page.relative_to(ROOT)}")
        return 0
    except SnapshotError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
