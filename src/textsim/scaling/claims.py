"""The papers' qualitative claims, checked at every corpus size of the scaling study.

A claim compares two measured quantities (or one against the best of several): "a
lower split error than", "a higher Pearson r than". Each is checked on our results at
every size and on the published numbers, so that a reader sees where a claim holds,
where it flips, and whether it held in the paper in the first place."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

#: (family, set, variant, method, measure) -> value; NaN when not measured
Lookup = Callable[[str, str, str, str, str], float]

ERR = "split error %"
R = "Pearson r x 100"


def prl_baselines() -> list[str]:
    """The baselines of PRL Table 1 (tf-idf and the Euclidean poolings), as published."""
    from textsim.deboom.published import PRL_TABLE_1

    return [m for m in PRL_TABLE_1["20"] if not m.startswith("learned")]


def published_sts_test(method: str) -> float:
    """The published STS-B test r x 100 of a method, from the papers (not the slides'
    reproductions): GEM with LexVec, SIF with GloVe, the mean with LexVec; NaN if none."""
    from textsim.gem.published import GEM_STS

    rows = [t for _, src, _, t in GEM_STS.get(method, []) if src != "slides" and t is not None]
    return float(rows[0]) if rows else np.nan


@dataclass(frozen=True)
class Quantity:
    """One measured number: a split error (De Boom) or an STS Pearson r (GEM)."""

    family: str
    set: str
    method: str
    variant: str = "primary"  # primary = the study's first vector variant (unit)

    def value(self, lookup: Lookup, primary: str) -> float:
        variant = primary if self.variant == "primary" else self.variant
        measure = ERR if self.family == "deboom" else R
        return lookup(self.family, self.set, variant, self.method, measure)


@dataclass(frozen=True)
class Claim:
    """``better`` beats every one of ``worse`` (lower error / higher r)."""

    paper: str
    text: str
    better: Quantity
    worse: tuple[Quantity, ...]

    def check(self, lookup: Lookup, primary: str) -> tuple[bool | None, str]:
        a = self.better.value(lookup, primary)
        others = [q.value(lookup, primary) for q in self.worse]
        if np.isnan(a) or any(np.isnan(b) for b in others):
            return None, "not measured"
        lower = self.better.family == "deboom"
        b = min(others) if lower else max(others)
        holds = a < b if lower else a > b
        return holds, f"{a:.1f} {'<' if lower else '>'} {b:.1f}" if holds else f"{a:.1f} vs {b:.1f}"


def _d(length: str, method: str, variant: str = "primary") -> Quantity:
    return Quantity("deboom", length, method, variant)


def _sts(method: str, mode: str) -> Quantity:
    return Quantity("sts", "test", method, mode)


def paper_claims(sts_mode: str = "transductive") -> list[Claim]:
    """The claims of ICDMW 2015 (Tables I, II), PRL 2016 (Table 1) and GEM/SIF/uSIF on
    STS-B test (``sts_mode``: how SIF, uSIF and GEM get their components)."""
    learned = "learned"
    return [
        Claim("ICDMW I", "min/max < max (20 words)", _d("20", "minmax"), (_d("20", "max"),)),
        Claim("ICDMW I", "min/max < mean (20 words)", _d("20", "minmax"), (_d("20", "mean"),)),
        Claim("ICDMW I", "top-30%-idf mean < mean", _d("20", "mean_top"), (_d("20", "mean"),)),
        Claim("ICDMW I", "idf-weighted mean < mean", _d("20", "mean_idf"), (_d("20", "mean"),)),
        *(
            Claim(
                "ICDMW I",
                f"max < every other traditional method ({n} words)",
                _d(n, "max"),
                (_d(n, "mean"), _d(n, "min"), _d(n, "tfidf")),
            )
            for n in ("10", "20")
        ),
        *(
            Claim("ICDMW I", f"{label} < top-30%-idf {label} ({n} words)", _d(n, m), (_d(n, top),))
            for n in ("20", "30")
            for label, m, top in (("max", "max", "max_top"), ("min/max", "minmax", "minmax_top"))
        ),
        Claim(
            "ICDMW II",
            "Euclidean < cosine (mean, 20 words)",
            _d("20", "mean_euclidean"),
            (_d("20", "mean_cosine"),),
        ),
        *(
            Claim(
                "PRL 1",
                f"learned (median) < every baseline ({'20 words' if n == '20' else 'var'})",
                _d(n, "learned_median", learned),
                tuple(_d(n, m) for m in prl_baselines()),
            )
            for n in ("20", "var")
        ),
        Claim(
            "PRL 1",
            "tf-idf < every other baseline (var)",
            _d("var", "tfidf"),
            tuple(_d("var", m) for m in prl_baselines() if m != "tfidf"),
        ),
        Claim("GEM", "GEM > SIF (STS-B test)", _sts("GEM", sts_mode), (_sts("SIF", sts_mode),)),
        Claim("GEM", "SIF > mean (STS-B test)", _sts("SIF", sts_mode), (_sts("mean", "none"),)),
        Claim("uSIF", "uSIF > SIF (STS-B test)", _sts("uSIF", sts_mode), (_sts("SIF", sts_mode),)),
    ]


def published_lookup() -> Lookup:
    """The published numbers in the study's terms (GEM: LexVec, as in the paper; SIF and
    mean: GloVe; uSIF: not in our sources)."""
    from textsim.deboom.published import ICDMW_TABLE_I, ICDMW_TABLE_II, PRL_TABLE_1

    def lookup(family: str, set_: str, variant: str, method: str, measure: str) -> float:
        if family == "deboom":
            if method in ICDMW_TABLE_II and set_ == "20":
                return ICDMW_TABLE_II[method][0]
            if method in ICDMW_TABLE_I and set_ in ICDMW_TABLE_I[method]:
                return ICDMW_TABLE_I[method][set_][0]
            return PRL_TABLE_1.get(set_, {}).get(method, (np.nan,))[0]
        return published_sts_test(method)

    return lookup


def frame_lookup(long: pd.DataFrame, size: str) -> Lookup:
    """Lookup into the long results table (textsim.scaling.results) at one size."""
    at = long[long["size"] == size].set_index(["family", "set", "variant", "method", "measure"])
    values = at["value"].to_dict()

    def lookup(family: str, set_: str, variant: str, method: str, measure: str) -> float:
        return float(values.get((family, set_, variant, method, measure), np.nan))

    return lookup


def claims_table(long: pd.DataFrame, primary: str, sts_mode: str) -> pd.DataFrame:
    """One row per claim: whether it held in the paper and at each size ("yes (a < b)",
    "no (a vs b)" or "—" when a quantity was not measured). Claims about a couple set
    the study does not score (``scaling.lengths``: 10 and 30 words are not in the
    default) are left out."""
    sizes: Sequence[str] = list(dict.fromkeys(long["size"]))
    published = published_lookup()

    def cell(result: tuple[bool | None, str]) -> str:
        holds, detail = result
        return "—" if holds is None else f"{'yes' if holds else 'no'} ({detail})"

    at_size = {size: frame_lookup(long, size) for size in sizes}
    studied = set(long.loc[long["family"] == "deboom", "set"])
    rows = []
    for claim in paper_claims(sts_mode):
        row = {"paper": claim.paper, "claim": claim.text}
        row["published"] = cell(claim.check(published, primary))
        for size, lookup in at_size.items():
            row[size] = cell(claim.check(lookup, primary))
        sets = {q.set for q in (claim.better, *claim.worse) if q.family == "deboom"}
        if sets and not sets & studied:
            continue
        rows.append(row)
    return pd.DataFrame(rows)
