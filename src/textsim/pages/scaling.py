"""Views of the corpus-size study: each claim's verdict per size, and the cost curve
(time and memory per stage by corpus size, extrapolated to the paper's corpus)."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from textsim.pages.markdown import md_num, md_table
from textsim.pages.snapshots import SCALING_SIZES, Snapshot
from textsim.pages.usage import amount

__all__ = ["scaling_claims", "scaling_costs", "scaling_sizes"]


def scaling_claims(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The corpus-size study of the last run: one line per claim some size measures,
    whether the published numbers hold it, and each size's verdict with the counts of
    its comparisons (the same verdict rule as every run's, per size)."""
    from textsim.verdicts.registry import claims

    known = {c.id: c for c in claims()}
    from textsim.pages.claims import stale_note
    from textsim.verdicts.fingerprint import COLUMN

    frame = snaps[-1].table("scaling-claims")
    sizes = [c for c in frame.columns if c not in ("claim", "published holds", COLUMN)]
    body = []
    for _, r in frame.iterrows():
        claim = known.get(str(r["claim"]))
        where = claim.where if claim is not None else ""
        published = "—" if pd.isna(r["published holds"]) else str(r["published holds"])
        cells = [f"`{r['claim']}`", where, published]
        for size in sizes:
            verdict, paren, counts = str(r[size]).partition(" (")
            cells.append(f"**{verdict}**" + (f" ({counts}" if paren else ""))
        body.append(cells)
    header = ["claim", "where", "holds in the paper", *sizes]
    return (
        f"Claims by corpus size ({snaps[-1].name})\n\n"
        + stale_note(snaps[-1:], "scaling-claims")
        + md_table(header, body)
    )


def scaling_costs(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The cost curve of the last run's corpus-size study: per stage, the time and
    memory exponents, the seconds at every size, the peak at the largest, and the
    prediction at the paper's corpus with the request it suggests."""
    frame = snaps[-1].table("scaling-costs")
    body = []
    for _, r in frame.iterrows():
        cells = []
        for column in frame.columns:
            value = r[column]
            if column == "stage":
                cells.append(str(value))
            elif "exponent" in column:
                cells.append(md_num(value))
            elif column in ("predicted h", "predicted GB"):
                cells.append(md_num(value, 1))
            elif column in ("runtime (min)", "mem_mb"):
                cells.append(f"{int(value):,}")
            else:
                cells.append(amount(value))
        body.append(cells)
    title = (
        f"Cost of each stage by corpus size ({snaps[-1].name}): wall seconds, peak MB, "
        "power law per stage and its prediction at the paper's corpus"
    )
    return f"{title}\n\n" + md_table([str(c) for c in frame.columns], body)


def scaling_sizes(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The last run's corpus-size study: each slice's articles, lines and tokens, and
    the fixed evaluation couples per set and split."""
    frame = snaps[-1].table(SCALING_SIZES.removesuffix(".csv"))
    slices = frame[frame["kind"] == "slice"].sort_values("tokens")
    body = [
        [str(r["name"]), f"{int(r['articles']):,}", f"{int(r['lines']):,}", f"{int(r['tokens']):,}"]
        for _, r in slices.iterrows()
    ]
    couples = frame[frame["kind"] == "couples"]
    splits = list(dict.fromkeys(couples["split"]))
    per_set = couples.pivot(index="name", columns="split", values="couples")
    sets = [
        [f"{name} words" if str(name).isdigit() else "variable length"]
        + [f"{int(per_set.loc[name, s]):,}" for s in splits]
        for name in dict.fromkeys(couples["name"])
    ]
    return (
        f"Training slices ({snaps[-1].name})\n\n"
        + md_table(["slice", "articles", "lines", "tokens"], body)
        + "\n\nEvaluation couples, the same at every size\n\n"
        + md_table(["set", *splits], sets)
    )
