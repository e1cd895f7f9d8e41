"""Views of the variant study (:mod:`textsim.variants`): per question, what each
variant does to each method's error and how much of the gap to the paper it explains."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from textsim.pages.markdown import md_num, md_table
from textsim.pages.snapshots import Snapshot, SnapshotError

__all__ = [
    "twitter_sets",
    "variant_question",
    "variant_remainder",
    "variant_scales",
]


def variant_question(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """One question of the last run's variant study (args: the question, then
    optionally the lengths to show): per length, method and variant, the paper's error,
    the reference's, the variant's, the points of the gap it explains with their 95%
    interval and the verdict on "the variant moves our error toward the paper's"."""
    if not args:
        raise SnapshotError("view variants: name the question (e.g. variants couples)")
    question, lengths = args[0], set(args[1:])
    from textsim.verdicts.gaps import outcomes

    frame = outcomes(snaps[-1].table(f"variants.{question}"))
    if lengths:
        frame = frame[frame["length"].astype(str).isin(lengths)]
    reference = str(frame["reference"].iloc[0])
    rows = []
    for _, r in frame[~frame["variant"].isin(["default", reference])].iterrows():
        ref = frame[
            (frame["variant"] == reference)
            & (frame["length"] == r["length"])
            & (frame["method"] == r["method"])
        ]
        interval = (
            "—"
            if pd.isna(r["explained"])
            else f"{r['explained']:+.2f} [{r['explained_low']:+.2f}, {r['explained_high']:+.2f}]"
        )
        rows.append(
            [
                str(r["length"]),
                str(r["label"]),
                f"`{r['variant']}`",
                md_num(r["published"]),
                md_num(ref["test_error"].iloc[0]) if len(ref) else "—",
                f"**{md_num(r['test_error'])}**",
                md_num(r["gap"]),
                interval,
                _outcome(r),
            ]
        )
    header = [
        "length",
        "technique",
        "variant",
        "paper",
        reference,
        "variant's error",
        "our gap",
        "moved toward the paper (95% interval)",
        "outcome (ends closer by)",
    ]
    title = f"Variant study, question `{question}` ({snaps[-1].name}): test split error %"
    return f"{title}\n\n" + md_table(header, rows)


def _study(snap: Snapshot) -> pd.DataFrame:
    """Every question's long table of one snapshot, concatenated, with each cell's
    outcome (:func:`textsim.variants.compare.outcomes`)."""
    from textsim.verdicts.gaps import outcomes

    names = snap.names("variants.")
    if not names:
        raise SnapshotError(f"snapshot {snap.name}: no variant study tables (variants.*.csv)")
    return outcomes(pd.concat([snap.table(n) for n in names], ignore_index=True))


def _where(r: pd.Series) -> str:
    return f"{r['label']}, {r['length']}"


def _outcome(r: pd.Series) -> str:
    """A cell's outcome and, where it moved toward the paper, how much closer it ends
    (negative: an overshoot that ends farther from the paper than our default)."""
    outcome = str(r["outcome"]) if isinstance(r["outcome"], str) and r["outcome"] else ""
    if not outcome:
        return "—"
    if outcome in ("toward", "overshoot"):
        return f"{outcome} ({r['closer_by']:+.2f})"
    return outcome


def _causes(snap: Snapshot) -> dict[tuple[str, str], list[str]]:
    """Per (question, variant) of one snapshot's study: the cells moved toward the
    paper and staying on our side of it, moved past it (overshoot), moved away, and
    neither; and the cell that ends closest to the paper relative to our default
    (``closer_by``, at most the whole gap), with its move's interval."""
    frame = _study(snap)
    frame = frame[frame["explained"].notna()]
    out: dict[tuple[str, str], list[str]] = {}
    for (question, variant), sub in frame.groupby(["question", "variant"], sort=False):
        counts = sub["outcome"].value_counts()
        moved = sub[sub["outcome"].isin(["toward", "overshoot"])]
        if len(moved):
            best = moved.sort_values("closer_by").iloc[-1]
            over = (
                f", past it by {abs(best['new_gap']):.2f}" if best["outcome"] == "overshoot" else ""
            )
            largest = (
                f"{best['closer_by']:+.2f} of {abs(best['gap']):.2f} (moved "
                f"{best['explained']:+.2f} [{best['explained_low']:+.2f}, "
                f"{best['explained_high']:+.2f}]{over}; {_where(best)})"
            )
        else:
            largest = "—"
        out[str(question), str(variant)] = [
            str(int(counts.get(k, 0))) for k in ("toward", "overshoot", "away", "within noise")
        ] + [largest]
    return out


def variant_scales(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """What each cause explains in several variant studies side by side (the snapshots
    in the block's order, e.g. the demo's and the full-offline corpus'): per question
    and variant, each study's cells moved toward the paper / away / neither, and its
    largest move toward the paper; "—" where a study lacks the variant."""
    if len(snaps) < 2:
        raise SnapshotError("view variant-scales: name two or more snapshots")
    studies = [_causes(s) for s in snaps]
    keys = list(dict.fromkeys(k for study in studies for k in study))
    rows = []
    for question, variant in keys:
        cells = [f"`{question}`", f"`{variant}`"]
        for study in studies:
            c = study.get((question, variant))
            cells += ["—", "—"] if c is None else [" / ".join(c[:4]), c[4]]
        rows.append(cells)
    header = ["question", "variant"]
    for s in snaps:
        header += [
            f"{s.name}: toward / overshoot / away / within noise",
            f"{s.name}: closest to the paper (points of the gap closed)",
        ]
    title = (
        f"What each cause explains in {', '.join(s.name for s in snaps)}: cells of method × "
        "length, test split error; points of the gap closed (a move past the paper counts "
        "only what it ends closer), the move with its 95% interval"
    )
    return f"{title}\n\n" + md_table(header, rows)


def variant_remainder(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """What remains of our gap to the paper per method and length in the last run's
    variant study, after the single variant that ends closest to the paper (a move
    toward it, verdict *holds*, against the default pipeline, counted by the points of
    the gap it closes: a move past the paper only by what it ends closer; variants are
    not additive, so no sum), the largest remainder first (args: how many rows, all
    when none)."""
    frame = _study(snaps[-1])
    frame = frame[(frame["reference"] == "default") & frame["explained"].notna()]
    rows: list[tuple[float, list[str]]] = []
    for (length, _), sub in frame.groupby(["length", "method"], sort=False):
        gap = float(sub["gap"].iloc[0])
        held = sub[(sub["verdict"] == "holds") & (sub["closer_by"] > 0)]
        best = held.sort_values("closer_by").iloc[-1] if len(held) else None
        explained = 0.0 if best is None else float(best["closer_by"])
        cells = [
            str(sub["label"].iloc[0]),
            str(length),
            md_num(sub["published"].iloc[0]),
            md_num(float(sub["published"].iloc[0]) + gap),
            f"{gap:+.2f}",
            "—"
            if best is None
            else f"`{best['variant']}` {best['closer_by']:+.2f}"
            + (" (overshoot)" if best["outcome"] == "overshoot" else ""),
            md_num(abs(gap) - explained),
        ]
        rows.append((abs(gap) - explained, cells))
    rows.sort(key=lambda r: -r[0])
    limit = int(args[0]) if args else len(rows)
    body = [cells for _, cells in rows[:limit]]
    if body:
        body[0] = [f"**{c}**" for c in body[0]]
    header = [
        "technique",
        "length",
        "paper",
        "ours (default)",
        "gap (ours − paper)",
        "variant closing most (points of the gap closed)",
        "points unexplained",
    ]
    title = (
        f"What remains ({snaps[-1].name}): per method and length, the default's gap to the "
        "paper after its best single variant, largest first"
    )
    return f"{title}\n\n" + md_table(header, body)


def twitter_sets(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """PRL Table 2 over every Twitter couple set of the last run (the paper's rules and
    the variants of ``twitter.variants``): test split error % per technique, the
    paper's beside them, each set's test couples in its header."""
    frame = snaps[-1].table("prl-table-2")
    sets = list(dict.fromkeys(frame["length"].astype(str)))
    by = frame.set_index(["technique", "length"])
    body = []
    for technique in dict.fromkeys(frame["technique"]):
        rows = frame[frame["technique"] == technique]
        cells = [str(technique), md_num(rows["paper_split_error_pct"].iloc[0])]
        for name in sets:
            cells.append(
                md_num(by.loc[(technique, name), "split_error_pct"])
                if (technique, name) in by.index
                else "—"
            )
        body.append(cells)
    header = ["technique", "paper"]
    for name in sets:
        n = int(frame.loc[frame["length"].astype(str) == name, "n_test"].iloc[0])
        header.append(f"`{name}` ({n:,} test couples)")
    title = f"PRL Table 2 on every Twitter couple set ({snaps[-1].name}): test split error %"
    return f"{title}\n\n" + md_table(header, body)
