"""The verdict table of a run: every comparison of every claim, with the published
values, ours, the paired bootstrap interval of the difference and the verdict; and one
line per claim."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.schafer.models import MODELS
from textsim.verdicts.bootstrap import (
    Difference,
    Resampler,
    difference,
    js_statistic,
    mean_percent,
    pearson,
    point_estimates,
)
from textsim.verdicts.evidence import Evidence
from textsim.verdicts.fingerprint import COLUMN, fingerprint
from textsim.verdicts.registry import DEBOOM, SOURCES, Claim, Comparison, claims
from textsim.verdicts.rule import LEVEL, Verdict, combine, judge, judge_within

F64 = npt.NDArray[np.float64]

__all__ = [
    "MIN_SEEDS",
    "NOTE",
    "ROBUSTNESS",
    "TRAINED",
    "UNTRAINED_CONTROLS",
    "VERDICT",
    "adjust",
    "claim_table",
    "comparison_table",
    "control",
    "magnitude_verdict",
    "published_value",
    "reading",
]

#: De Boom methods whose value depends on a training seed (they need ``min_seeds`` runs)
TRAINED = ("learned_",)


#: the Schäfer models with an untrained control: the model built with the same seed and
#: trained for no epoch (``untrained`` of :class:`textsim.schafer.settings.TrainingSettings`):
#: the Keras encoders as initialised, Doc2Vec's seeded initial vectors, Doc2Sent2Vec's
#: initial sentence vectors and untrained output layer (its inference still fits the
#: document vectors)
UNTRAINED_CONTROLS = tuple(MODELS)


def control(family: str, method: str) -> str | None:
    """The untrained form of a trained method, measured in the same run: the learned
    weights start equal (a constant), and equal weights make the plain mean under the
    same Euclidean distance, so ``mean_euclidean`` in the learned weights' vector
    variant; a Schäfer model's ``untrained <model>`` (:data:`UNTRAINED_CONTROLS`). None
    where there is no untrained control."""
    if family in DEBOOM and method.startswith(TRAINED):
        return "mean_euclidean"
    if family == "schafer" and method in UNTRAINED_CONTROLS:
        return f"untrained {method}"
    return None


def trained(family: str, method: str) -> bool:
    """Whether a method's value depends on a training seed."""
    if family in DEBOOM:
        return method.startswith(TRAINED)
    if family == "schafer":
        from textsim.schafer.models import MODELS

        return method in MODELS
    return False


#: training runs (seeds) a trained method needs before a claim about it is judged
MIN_SEEDS = 3


def published_value(family: str, set_: str, method: str) -> float:
    """The papers' value of ``method`` on ``set_`` (NaN where they report none; JS
    divergence × 100 for family deboom_js)."""
    if family in DEBOOM:
        column, scale = (1, 100.0) if family == "deboom_js" else (0, 1.0)
        return scale * _deboom_published(set_, method, column)
    if family == "sts":
        from textsim.gem.published import GEM_STS

        rows = [t for _, src, _, t in GEM_STS.get(method, []) if src != "slides" and t is not None]
        return float(rows[0]) if rows else math.nan
    if family == "paragraphs":
        from textsim.gem.published import GEM_PARAGRAPHS

        name, _, technique = method.rpartition(", ")
        return GEM_PARAGRAPHS.get(technique, math.nan) if name == "GEM" else math.nan
    if family == "schafer":
        from textsim.schafer.published import thesis_value

        metric, _, table = set_.partition("@")
        return thesis_value(table, method, "ranks_accuracy" if metric == "ranks" else metric)
    return math.nan


def _deboom_published(set_: str, method: str, column: int) -> float:
    """Split error (``column`` 0) or JS divergence (1) as the De Boom tables give it."""
    from textsim.deboom.published import (
        ICDMW_TABLE_I,
        ICDMW_TABLE_II,
        ICDMW_TABLE_III,
        PRL_TABLE_1,
        PRL_TABLE_2,
    )

    nan = (math.nan, math.nan)
    if set_ == "twitter":
        return PRL_TABLE_2.get(method, nan)[column]
    if method in ICDMW_TABLE_I and set_ in ICDMW_TABLE_I[method]:
        return ICDMW_TABLE_I[method][set_][column]
    if set_ == "20" and method in ICDMW_TABLE_II:
        return ICDMW_TABLE_II[method][column]
    if set_ == "20" and method == "learned_icdmw":  # Table III: test error only
        return ICDMW_TABLE_III[method] if column == 0 else math.nan
    return PRL_TABLE_1.get(set_, {}).get(method, nan)[column]


def reading(claim: Claim, variants: tuple[str, str]) -> bool:
    """Whether a (better, worse) variant pair is the claim's reading: for a De Boom
    claim, both sides in the vector form the source compared (the learned weights are
    in the run's primary form); every pair for the other families."""
    if claim.family not in DEBOOM:
        return True
    return variants == (claim.vectors, claim.vectors)


def _variants(evidence: Evidence, claim: Claim, c: Comparison) -> list[tuple[str, str]]:
    """(variant of better, variant of worse) pairs to compare: the same variant where both
    methods have several (De Boom's unit / raw baselines), else every combination; STS
    methods in the claim's mode, or "none" for those without components (the mean)."""
    fam = claim.family or ""
    vb = evidence.variants(fam, c.set, c.better)
    vw = evidence.variants(fam, c.set, c.worse)
    if fam == "sts":

        def mode(found: list[str]) -> list[str]:
            wanted = "none" if found == ["none"] else claim.mode or "none"
            return [wanted] if wanted in found else []

        vb, vw = mode(vb), mode(vw)
    shared = [v for v in vb if v in vw]
    if shared and len(vb) > 1 and len(vw) > 1:
        return [(v, v) for v in shared]
    return [(b, w) for b in vb for w in vw]


class _Replicates:
    """Each run's point estimates and bootstrap replicates, computed once per
    (family, set, method, variant) with the set's one :class:`Resampler`."""

    def __init__(
        self,
        evidence: Evidence,
        *,
        n_boot: int,
        seed: int,
        needed: set[tuple[str, str, str]] | None = None,
    ) -> None:
        self.evidence, self.n_boot, self.seed = evidence, n_boot, seed
        #: the (family, set, method) a table compares, controls included (None: all)
        self.needed = needed
        self.samplers: dict[tuple[str, str], Resampler] = {}
        self.cache: dict[tuple[str, str, str, str], tuple[F64, F64]] = {}

    def of(self, key: tuple[str, str, str, str]) -> tuple[F64, F64]:
        if key not in self.cache:
            self._compute(key[0], key[1])
        return self.cache[key]

    def _compute(self, family: str, set_: str) -> None:
        """Every run of one item set, in one pass over its draws."""
        keys = [k for k in self.evidence.runs if k[:2] == (family, set_)]
        if self.needed is not None:  # only what the claims compare (JS is costly)
            keys = [k for k in keys if k[:3] in self.needed]
        runs = [self.evidence.runs[k] for k in keys]
        statistic = {"sts": pearson, "deboom_js": js_statistic(*self.evidence.js)}.get(
            family, mean_percent
        )
        n = len(runs[0][0])
        sampler = Resampler(
            n,
            n_boot=self.n_boot,
            seed=self.seed,
            strata=self.evidence.strata.get((family, set_)),
            clusters=self.evidence.clusters.get((family, set_)),
        )
        self.samplers[(family, set_)] = sampler
        for key, method_runs, reps in zip(
            keys, runs, sampler.replicates_of(runs, statistic), strict=True
        ):
            self.cache[key] = (point_estimates(method_runs, statistic), reps)


def _row(
    replicates: _Replicates,
    claim: Claim,
    c: Comparison,
    variants: tuple[str, str],
    *,
    min_seeds: int,
) -> dict[str, object]:
    fam = claim.family or ""
    vb, vw = variants
    a = replicates.of((fam, c.set, c.better, vb))
    b = replicates.of((fam, c.set, c.worse, vw))
    d = difference(a, b, n_items=replicates.samplers[(fam, c.set)].n, seed=replicates.seed)
    row: dict[str, object] = {"variant": vb if vb == vw else f"{vb} / {vw}", **_cells(d)}
    short = [
        f"{m}: {len(runs[0])} seed(s) of the {min_seeds} a trained method needs"
        for m, runs in ((c.better, a), (c.worse, b))
        if trained(fam, m) and len(runs[0]) < min_seeds
    ]
    # a method compared with its own untrained form is the gate itself: judged as it is
    # (the control in the same vector variant: the learned weights' is mean_euclidean there)
    own = vb == vw and control(fam, c.better) == c.worse
    own = own or (vb == vw and control(fam, c.worse) == c.better)
    sides = [(m, v) for m, v in ((c.better, vb), (c.worse, vw)) if trained(fam, m) and not own]
    gates = [(m, *_learned(replicates, claim, c.set, m, v)) for m, v in sides]
    row["learned"] = "; ".join(cell if len(gates) == 1 else f"{m} {cell}" for m, cell, _ in gates)
    if short:
        row.update(verdict=str(Verdict.UNTESTABLE), reason="; ".join(short))
        return row
    if claim.within is not None:  # how far: about what the model learned, no gate
        verdict = judge_within(d.low, d.high, claim.within)
        row.update(verdict=str(verdict), reason=f"claimed range {_range(claim.within)}")
        return row
    if missing := [why for _, cell, why in gates if cell == "no control"]:
        row.update(verdict=str(Verdict.UNTESTABLE), reason="; ".join(missing))
    elif stuck := [why for _, cell, why in gates if why]:
        # a trained method that did not beat its untrained form says nothing either way
        row.update(verdict=str(Verdict.NOT_LEARNED), reason="; ".join(stuck))
    else:
        verdict = judge(d.low, d.high, lower_is_better=claim.lower_is_better)
        row.update(verdict=str(verdict), reason="")
    return row


def _shape_row(
    replicates: _Replicates, claim: Claim, c: Comparison, min_seeds: int
) -> dict[str, object]:
    """A weights claim on one method and set (:mod:`textsim.verdicts.shapes`), gated
    on the method having learned: beating its control's split error on that set."""
    from textsim.verdicts.shapes import judge_shape

    row: dict[str, object] = {
        "claim": claim.id,
        "set": c.set,
        "better": c.better,
        "worse": "",
        "published better": math.nan,
        "published worse": math.nan,
        "variant": "",
        "role": VERDICT,
    }
    runs = replicates.evidence.weights.get((c.set, c.better))
    if not runs:
        return {**row, **_untestable(f"not measured in this run: {c.better}'s weights on {c.set}")}
    if len(runs) < min_seeds:
        reason = f"{c.better}: {len(runs)} seed(s) of the {min_seeds} a trained method needs"
        return {**row, **_untestable(reason)}
    verdict, mean, low, high, what = judge_shape(runs, claim.shape or "")
    row.update(
        {"ours better": mean, "low": low, "high": high, "seeds": str(len(runs)), "seed range": what}
    )
    split = Claim(id=claim.id, source=claim.source, where="", quote="", family="deboom")
    variants = replicates.evidence.variants("deboom", c.set, c.better)
    cell, stuck = (
        _learned(replicates, split, c.set, c.better, variants[0])
        if variants
        else ("no control", f"{c.better}: its split error on {c.set} is not measured")
    )
    row["learned"] = cell
    if cell == "no control":
        return {**row, "verdict": str(Verdict.UNTESTABLE), "reason": stuck}
    if stuck:
        return {**row, "verdict": str(Verdict.NOT_LEARNED), "reason": stuck}
    return {**row, "verdict": str(verdict), "reason": ""}


def _range(bounds: tuple[float | None, float | None]) -> str:
    low, high = ("" if b is None else f"{b:+g}" for b in bounds)
    return f"[{low or '−∞'}, {high or '+∞'}]"


def _learned(
    replicates: _Replicates, claim: Claim, set_: str, method: str, variant: str
) -> tuple[str, str]:
    """Whether a trained ``method`` beats its untrained control on ``set_`` (the claim's
    metric and direction): its cell ("yes: …", "no: …" or "no control"), and the
    reason it cannot be judged (empty when it learned)."""
    fam = claim.family or ""
    name = control(fam, method)
    key = (fam, set_, name or "", variant)
    if name is None or key not in replicates.evidence.runs:
        return "no control", f"{method}: no untrained control shows that it learned"
    d = difference(
        replicates.of((fam, set_, method, variant)),
        replicates.of(key),
        n_items=replicates.samplers[(fam, set_)].n,
        seed=replicates.seed,
    )
    cell = f"{d.estimate:+.2f} [{d.low:+.2f}, {d.high:+.2f}] vs {name}"
    if judge(d.low, d.high, lower_is_better=claim.lower_is_better) is Verdict.HOLDS:
        return f"yes: {cell}", ""
    return f"no: {cell}", f"{method} did not demonstrably learn: {cell} (its untrained form)"


def comparison_table(
    evidence: Evidence,
    *,
    registry: Sequence[Claim] | None = None,
    min_seeds: int = MIN_SEEDS,
    n_boot: int = 2000,
    seed: int = 0,
) -> pd.DataFrame:
    """One row per comparison of every testable claim (see the module text)."""
    rows: list[dict[str, object]] = []
    judged = registry if registry is not None else claims()
    needed: set[tuple[str, str, str]] = set()
    for claim in judged:
        fam = claim.family or ""
        # a weight shape's gate: the method's split error against its control's
        gate = "deboom" if fam == "weights" else fam
        for c in _expanded(evidence, fam, claim.comparisons()):
            for m in (c.better, c.worse):
                needed |= {(gate, c.set, m), (gate, c.set, control(gate, m) or m)}
    replicates = _Replicates(evidence, n_boot=n_boot, seed=seed, needed=needed)
    for claim in judged:
        fam = claim.family or ""
        if fam == "weights":
            rows += [_shape_row(replicates, claim, c, min_seeds) for c in claim.comparisons()]
            continue
        for c in _expanded(evidence, fam, claim.comparisons()):
            base = {
                "claim": claim.id,
                "set": c.set,
                "better": c.better,
                "worse": c.worse,
                "published better": published_value(fam, c.set, c.better),
                "published worse": published_value(fam, c.set, c.worse),
            }
            pairs = _variants(evidence, claim, c)
            if not pairs:
                missing = [m for m in (c.better, c.worse) if not evidence.variants(fam, c.set, m)]
                reason = f"not measured in this run: {', '.join(missing) or 'its mode'} on {c.set}"
                rows.append({**base, **_untestable(reason)})
            elif not any(reading(claim, v) for v in pairs):
                reason = f"not measured in this run: {claim.vectors} vectors on both sides"
                rows.append({**base, **_untestable(reason)})
            for variants in pairs:
                role = VERDICT if reading(claim, variants) else ROBUSTNESS
                row = _row(replicates, claim, c, variants, min_seeds=min_seeds)
                rows.append({**base, "role": role, **row})
    frame = pd.DataFrame(rows)
    frame["published holds"] = _published_holds(frame, registry)
    frame["magnitude"] = _magnitudes(frame, registry)
    frame = adjust(frame, registry)
    frame[COLUMN] = fingerprint()
    return frame


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


def _untestable(reason: str) -> dict[str, object]:
    return {"variant": "", "role": VERDICT, "verdict": str(Verdict.UNTESTABLE), "reason": reason}


def _magnitudes(frame: pd.DataFrame, registry: Sequence[Claim] | None) -> list[str]:
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


def _expanded(evidence: Evidence, family: str, found: list[Comparison]) -> list[Comparison]:
    """Schäfer comparisons once per dataset table the evidence holds (``total@a1``, ...)."""
    if family != "schafer":
        return found
    out = []
    for c in found:
        sets = evidence.sets(family, c.set) or [c.set]
        out += [Comparison(s, c.better, c.worse) for s in sets]
    return out


def _cells(d: Difference) -> dict[str, object]:
    one = d.seeds_better == d.seeds_worse == 1
    return {
        "ours better": d.better,
        "ours worse": d.worse,
        "difference": d.estimate,
        "low": d.low,
        "high": d.high,
        "seeds": f"{d.seeds_better}/{d.seeds_worse}",
        "seed range": "" if one else f"[{d.seed_min:.2f}, {d.seed_max:.2f}]",
        "items": d.n_items,
        "se": d.se,
    }


def _published_holds(frame: pd.DataFrame, registry: Sequence[Claim] | None) -> list[str]:
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
                "magnitude": magnitude,
                "robustness": robust,
                "reason": reason,
                COLUMN: fingerprint(),
            }
        )
    return pd.DataFrame(rows)


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


#: documented in the tables' notes
NOTE = (
    f"Difference = ours(better) − ours(worse); interval: {LEVEL:.0%} paired bootstrap over the "
    "test items (couples drawn by cluster: text 1's Wikipedia article or tweet window; STS "
    "pairs; Schäfer documents, triplets, queries by kind), seeds resampled too "
    "where a method was trained with several. Verdict: holds / fails when the interval excludes 0 "
    "on the claimed / the other side, within noise otherwise (textsim.verdicts.rule), judged "
    "under the claim's reading (De Boom: the word-vector form the paper compared); the other "
    "forms the run scores are robustness rows that cannot change it. The verdict uses the "
    "Bonferroni-adjusted interval over the table's m judged comparisons (level 1 − 0.05/m, "
    "difference ± z·se); the unadjusted interval and verdict stay beside it. Magnitude: the "
    "published difference against our unadjusted interval (matches / ours smaller / larger)."
)
