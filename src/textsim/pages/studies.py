"""Views of the variant study (:mod:`textsim.variants`): per question, what each
variant does to each method's error and how much of the gap to the paper it explains."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from textsim.pages.markdown import md_num, md_table
from textsim.pages.snapshots import Snapshot, SnapshotError

__all__ = ["variant_question"]


def variant_question(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """One question of the last run's variant study (args: the question, then
    optionally the lengths to show): per length, method and variant, the paper's error,
    the reference's, the variant's, the points of the gap it explains with their 95%
    interval and the verdict on "the variant moves our error toward the paper's"."""
    if not args:
        raise SnapshotError("view variants: name the question (e.g. variants couples)")
    question, lengths = args[0], set(args[1:])
    frame = snaps[-1].table(f"variants.{question}")
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
                str(r["verdict"]) if isinstance(r["verdict"], str) and r["verdict"] else "—",
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
        "explained (95% interval)",
        "toward the paper",
    ]
    title = f"Variant study, question `{question}` ({snaps[-1].name}): test split error %"
    return f"{title}\n\n" + md_table(header, rows)
