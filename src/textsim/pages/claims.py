"""Views of a run's verdicts: one line per claim of the papers and every comparison of
one claim, with a line above any snapshot whose verdicts other verdict code made."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from textsim.pages.markdown import md_num, md_table
from textsim.pages.snapshots import Snapshot, SnapshotError

__all__ = ["comparisons", "seed_spread", "stale_note", "verdicts"]


def verdicts(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """One line per claim of the sources in ``args`` (icdmw, prl, gem, schafer): the
    paper's words, whether the published numbers hold it, each run's verdict."""
    from textsim.verdicts.registry import claims

    wanted = {c.id for c in claims() if c.source in args}
    per = [s.table("verdict-claims").set_index("claim") for s in snaps]
    body = []
    for claim in per[-1].index:
        if claim not in wanted:
            continue
        last = per[-1].loc[claim]
        published = "—" if pd.isna(last["published holds"]) else str(last["published holds"])
        ours = _text(last, "kind").startswith("ours")
        label = f"`{claim}`" + (" (ours, stronger than the paper)" if ours else "")
        read = _text(last, "reading")
        paper = f"{last['where']}: “{last['quote']}”" + (f" ({read})" if read else "")
        cells = [label, paper, "—" if ours else published]
        for p in per:
            row = p.loc[claim] if claim in p.index else None
            if row is None:
                cells.append("—")
                continue
            counts = "" if pd.isna(row["comparisons"]) else f" ({row['comparisons']})"
            reason = ""
            said = row["verdict"] in ("untestable", "not learned")
            if not pd.isna(row["reason"]) and (said or row["reason"].startswith("claimed range")):
                reason = f": {row['reason']}"
            extra = "".join(
                f"; {name}: {_text(row, key)}"
                for key, name in (("magnitude", "magnitude"), ("robustness", "robustness"))
                if _text(row, key)
            )
            cells.append(f"**{row['verdict']}**{counts}{reason}{extra}")
        body.append(cells)
    header = ["claim", "the paper", "holds in the paper", *(s.name for s in snaps)]
    return stale_note(snaps, "verdict-claims") + md_table(header, body)


def stale_note(snaps: Sequence[Snapshot], table: str) -> str:
    """A warning line per snapshot whose ``table`` was made by other verdict code than
    the current (:func:`textsim.verdicts.fingerprint.stale`), empty when all are current:
    a page shows such verdicts only under this line."""
    from textsim.verdicts.fingerprint import COLUMN, stale

    lines = []
    for s in snaps:
        frame = s.table(table)
        found = str(frame[COLUMN].iloc[0]) if COLUMN in frame and len(frame) else None
        why = stale(found)
        if why:
            lines.append(
                f"**Stale:** the {s.name} verdicts were {why}: they may follow an older rule "
                "and registry than this page describes, until that run's verdicts job is "
                "rerun and the run recorded again.\n\n"
            )
    return "".join(lines)


def _text(row: pd.Series, key: str) -> str:
    """A text cell of a snapshot's row, empty where the column or value is missing
    (snapshots made before the column existed)."""
    value = row.get(key)
    return "" if value is None or pd.isna(value) else str(value)


def comparisons(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """Every comparison of one claim (args: the claim id, then optionally the number
    of rows per run, closest first: the smallest margins in the claimed direction)."""
    from textsim.verdicts.registry import claims

    claim, *rest = args
    limit = int(rest[0]) if rest else None
    lower = {c.id: c.lower_is_better for c in claims()}
    if claim not in lower:
        raise SnapshotError(f"comparisons: unknown claim {claim!r}")
    body = []
    for s in snaps:
        frame = s.table("verdicts")
        frame = frame[frame["claim"] == claim].copy()
        if frame.empty:
            raise SnapshotError(f"snapshot {s.name}: no comparison of claim {claim}")
        # closest to failing first: the largest differences where lower is better
        frame = frame.sort_values("difference", ascending=not lower[claim], na_position="last")
        shown = frame.head(limit) if limit else frame
        for _, r in shown.iterrows():
            body.append(
                [
                    s.name,
                    str(r["set"]),
                    f"{r['better']} vs {r['worse']}",
                    str(r["variant"])
                    + (" (robustness)" if _text(r, "role") == "robustness" else ""),
                    f"{md_num(r['ours better'])} vs {md_num(r['ours worse'])}",
                    f"{md_num(r['difference'])} [{md_num(r['low'])}, {md_num(r['high'])}]"
                    + (
                        f"; adjusted [{md_num(r['low adjusted'])}, {md_num(r['high adjusted'])}]"
                        if not pd.isna(r.get("low adjusted", float("nan")))
                        else ""
                    ),
                    str(r["seeds"]),
                    f"**{r['verdict']}**",
                ]
            )
    header = [
        "run",
        "set",
        "comparison",
        "vectors",
        "ours",
        "difference [95% CI; adjusted for the table's comparisons]",
        "seeds",
        "verdict",
    ]
    return stale_note(snaps, "verdicts") + md_table(header, body)


def seed_spread(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """What the word vectors add to each claim's uncertainty (args: the sources). The
    two snapshots are one run with one word2vec training and the same run with several
    (``verdicts.word2vec_seeds``); per claim: both verdicts, its judged comparisons, the
    median ratio of their unadjusted interval widths (several runs / one), and the most
    one comparison's difference moved between the runs (its seed range)."""
    from textsim.verdicts.registry import claims

    if len(snaps) != 2:
        raise SnapshotError("seed-spread: two runs, with one word2vec training and several")
    wanted = {c.id for c in claims() if c.source in args}
    one, many = (s.table("verdicts") for s in snaps)
    key = ["claim", "set", "better", "worse", "variant"]
    # the bootstrap comparisons (a weight-shape row has no second method and no such interval)
    judged = [
        f[(f["role"] == "verdict") & f["low"].notna() & f["worse"].notna()] for f in (one, many)
    ]
    merged = judged[0].merge(judged[1], on=key, suffixes=(" one", " many"))
    verdict = [s.table("verdict-claims").set_index("claim")["verdict"] for s in snaps]
    body = []
    for name, part in merged.groupby("claim", sort=False):
        claim = str(name)
        if claim not in wanted:
            continue
        widths = [part[f"high {w}"] - part[f"low {w}"] for w in ("one", "many")]
        moved = part["seed range many"].map(_width).max()
        body.append(
            [
                f"`{claim}`",
                f"**{verdict[0].get(claim, '—')}**",
                f"**{verdict[1].get(claim, '—')}**",
                str(len(part)),
                f"{md_num((widths[1] / widths[0]).median())}×",
                md_num(moved),
            ]
        )
    header = [
        "claim",
        snaps[0].name,
        snaps[1].name,
        "comparisons",
        "interval width, median ratio",
        "largest move between runs (points)",
    ]
    return stale_note(snaps, "verdicts") + md_table(header, body)


def _width(cell: object) -> float:
    """The width of a ``[low, high]`` seed-range cell (NaN where empty)."""
    if not isinstance(cell, str) or not cell.startswith("["):
        return float("nan")
    low, high = (float(x) for x in cell.strip("[]").split(","))
    return high - low
