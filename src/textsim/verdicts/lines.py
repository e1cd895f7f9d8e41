"""What the comparison table adds to its rows and how one claim's line sums them up:
the multiplicity adjustment across the table (:func:`adjust`), whether the published
numbers hold each comparison, the magnitude verdicts, and the one-line-per-claim table
with its robustness readings (:func:`claim_table`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from textsim.verdicts.fingerprint import COLUMN, fingerprint
from textsim.verdicts.registry import SOURCES, Claim, claims
from textsim.verdicts.rule import LEVEL, Verdict, combine, judge, judge_within

__all__ = [
    "ROBUSTNESS",
    "VERDICT",
    "adjust",
    "claim_table",
    "magnitude_verdict",
    "magnitudes",
    "published_holds",
    "weakest",
]


def adjust(frame: pd.DataFrame, registry: Sequence[Claim] | None = None) -> pd.DataFrame:
    """The multiplicity control across one table: Bonferroni over the ``m``
    comparisons it judges (holds, fails or within noise, robustness rows included),
    each interval at level ``1 − 0.05 / m`` from the bootstrap standard error
    (``difference ± z·se``, normal, since the percentile tails of ``n_boot``
    replicates do not reach that far); each of those rows judged again on it. The
    unadjusted interval and verdict stay beside it; the learning gate and the
    magnitude use the unadjusted interval."""
    from statistics import NormalDist

    by_id = {c.id: c for c in (registry if registry is not None else claims())}
    out = frame.copy()
    if out.empty:
        return out
    out["verdict unadjusted"] = out["verdict"]
    # judged on a bootstrap interval (weight shapes are judged per seed: not adjusted)
    se = out["se"] if "se" in out else pd.Series(np.nan, index=out.index)
    judged = out["verdict"].isin(_JUDGED) & np.isfinite(se.astype(float))
    m = int(judged.sum())
    out["comparisons judged"] = m
    if m == 0:
        out["low adjusted"] = out["high adjusted"] = np.nan
        return out
    z = NormalDist().inv_cdf(1 - (1 - LEVEL) / (2 * m))
    out["low adjusted"] = np.where(judged, out["difference"] - z * out["se"], np.nan)
    out["high adjusted"] = np.where(judged, out["difference"] + z * out["se"], np.nan)
    verdicts = [str(v) for v in out["verdict"]]
    bounds = zip(out["claim"], out["low adjusted"], out["high adjusted"], strict=True)
    for i, (claim_id, low, high) in enumerate(bounds):
        if not judged.iat[i]:
            continue
        claim = by_id[str(claim_id)]
        if claim.within is not None:
            verdicts[i] = str(judge_within(float(low), float(high), claim.within))
        else:
            verdicts[i] = str(judge(float(low), float(high), lower_is_better=claim.lower_is_better))
    out["verdict"] = verdicts
    return out


#: a comparison row's role: judged under the claim's reading, or a robustness reading
VERDICT, ROBUSTNESS = "verdict", "robustness"
#: the verdicts the rule gives on an interval (the others say why it gave none)
_JUDGED = (str(Verdict.HOLDS), str(Verdict.FAILS), str(Verdict.NOISE))


def magnitudes(frame: pd.DataFrame, registry: Sequence[Claim] | None) -> list[str]:
    """Per row of a claim that states a magnitude, on each set, the comparison with the
    best of its worse methods as published: whether the published difference lies in
    our interval (*matches*), or our improvement is *smaller* or *larger* than it;
    empty elsewhere and where the direction verdict is untestable or not learned."""
    by_id = {c.id: c for c in (registry if registry is not None else claims())}
    out = [""] * len(frame)
    if frame.empty:
        return out
    for (claim_id, _set), part in frame.groupby(["claim", "set"], sort=False):
        claim = by_id[str(claim_id)]
        if claim.magnitude is None:
            continue
        part = part[(part["role"] == VERDICT) & part["verdict"].isin(_JUDGED)]
        published = part["published worse"].to_numpy(dtype=np.float64)
        if part.empty or np.isnan(published).all():
            continue
        if claim.lower_is_better:
            best = part.index[int(np.argmin(np.where(np.isnan(published), np.inf, published)))]
        else:
            best = part.index[int(np.argmax(np.where(np.isnan(published), -np.inf, published)))]
        r = frame.loc[best]
        stated = -claim.magnitude if claim.lower_is_better else claim.magnitude
        pub = float(r["published better"]) - float(r["published worse"])
        if math.isnan(pub):
            pub = stated
        out[frame.index.get_loc(best)] = (
            f"{magnitude_verdict(pub, float(r['low']), float(r['high']), claim.lower_is_better)}: "
            f"published {pub:+.2f} (stated {stated:+g}) vs ours "
            f"[{float(r['low']):+.2f}, {float(r['high']):+.2f}]"
        )
    return out


def magnitude_verdict(published: float, low: float, high: float, lower_is_better: bool) -> str:
    """*matches* when the published difference ``better − worse`` lies in our interval
    ``[low, high]`` of it; else whether our improvement is *smaller* or *larger*."""
    if low <= published <= high:
        return "matches"
    ours_bigger = high < published if lower_is_better else low > published
    return "larger" if ours_bigger else "smaller"


def published_holds(frame: pd.DataFrame, registry: Sequence[Claim] | None) -> list[str]:
    by_id = {c.id: c for c in (registry if registry is not None else claims())}
    out = []
    columns = (frame["claim"], frame["published better"], frame["published worse"])
    for claim_id, b, w in zip(*columns, strict=True):
        claim = by_id[str(claim_id)]
        if math.isnan(float(b)) or math.isnan(float(w)):
            out.append("not reported")
        elif claim.within is not None:
            inside = judge_within(b - w, b - w, claim.within) is Verdict.HOLDS
            out.append("yes" if inside else "no")
        else:
            out.append("yes" if (b < w if claim.lower_is_better else b > w) else "no")
    return out


def claim_table(
    comparisons: pd.DataFrame, *, registry: Sequence[Claim] | None = None
) -> pd.DataFrame:
    """One row per claim: its words, where the paper holds it, our verdict and how many
    of its comparisons hold, fail or are within noise (untestable claims with reason)."""
    rows = []
    for claim in registry if registry is not None else claims():
        part = comparisons[comparisons["claim"] == claim.id] if len(comparisons) else comparisons
        robust = ""
        magnitude = ""
        unadjusted = ""
        if "role" in part:
            other = part[part["role"] == ROBUSTNESS]
            part = part[part["role"] != ROBUSTNESS]
            robust = _robustness(other)
        if "magnitude" in part:
            magnitude = "; ".join(
                f"{s}: {m}" if part["set"].nunique() > 1 else str(m)
                for s, m in zip(part["set"], part["magnitude"], strict=True)
                if isinstance(m, str) and m
            )
        if claim.untestable:
            verdict, counts, published, reason = Verdict.UNTESTABLE, "", "", claim.untestable
        else:
            verdict = combine(Verdict(v) for v in part["verdict"])
            if "verdict unadjusted" in part:
                unadjusted = str(combine(Verdict(v) for v in part["verdict unadjusted"]))
            counts = ", ".join(f"{n} {v}" for v, n in part["verdict"].value_counts().items())
            pub = set(part["published holds"]) - {"not reported"}
            published = "yes" if pub == {"yes"} else ("no" if "no" in pub else "not reported")
            # each comparison's reasons, each said once (several share a model's gate)
            said = [r for r in part["reason"] if isinstance(r, str)]
            parts = [r for reason in said for r in reason.split("; ") if r]
            reason = "; ".join(sorted(set(parts))[:3])
        rows.append(
            {
                "claim": claim.id,
                "kind": f"ours, stronger than the paper: {claim.ours}" if claim.ours else "paper",
                "source": SOURCES[claim.source],
                "where": claim.where,
                "quote": claim.quote,
                "reading": claim.reading,
                "published holds": published,
                "verdict": str(verdict),
                "verdict unadjusted": unadjusted or str(verdict),
                "comparisons": counts,
                "weakest comparison": "" if claim.untestable else weakest(part, claim),
                "magnitude": magnitude,
                "robustness": robust,
                "reason": reason,
                COLUMN: fingerprint(),
            }
        )
    return pd.DataFrame(rows)


def weakest(part: pd.DataFrame, claim: Claim) -> str:
    """The claim's comparison (under its reading) whose adjusted interval comes nearest
    the other side, in one cell: sets and methods, published values, ours, the
    difference with its unadjusted and adjusted intervals, the seeds, its verdict (a
    claim of several comparisons stands or falls with its weakest)."""
    if "low adjusted" not in part:
        return ""
    judged = part[part["low adjusted"].notna()]
    if judged.empty:
        return ""
    # how far the interval stays on the claimed side: the smaller, the weaker
    margin = -judged["high adjusted"] if claim.lower_is_better else judged["low adjusted"]
    r = judged.iloc[int(np.argmin(margin.to_numpy(dtype=np.float64)))]

    def num(key: str) -> str:
        value = float(r.get(key, math.nan))
        return "—" if math.isnan(value) else f"{value:.2f}"

    def signed(key: str) -> str:
        return f"{float(r.get(key, math.nan)):+.2f}"

    return (
        f"{r.get('better', '')} vs {r.get('worse', '')} on {r.get('set', '')} "
        f"({r.get('variant', '')}): published {num('published better')} vs "
        f"{num('published worse')}; ours {num('ours better')} vs {num('ours worse')}; "
        f"difference {signed('difference')} [{signed('low')}, {signed('high')}], adjusted "
        f"[{signed('low adjusted')}, {signed('high adjusted')}]; seeds {r.get('seeds', '')}; "
        f"{r.get('verdict', '')}"
    )


def _robustness(rows: pd.DataFrame) -> str:
    """The claim's verdict under each other reading (the variant pairs the run scores
    besides the claim's), with its counts: it cannot change the verdict."""
    out: list[str] = []
    if rows.empty:
        return ""
    for variant, part in rows.groupby("variant", sort=False):
        verdict = combine(Verdict(v) for v in part["verdict"])
        counts = ", ".join(f"{n} {v}" for v, n in part["verdict"].value_counts().items())
        out.append(f"{variant}: {verdict} ({counts})")
    return "; ".join(out)
