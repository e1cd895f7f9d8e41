"""The papers' claims as data: ``textsim/data/claims.yaml``, checked and expanded.

Every claim names its source, where it stands, the paper's words and either the
comparison it implies (a family of metrics, the sets or splits it holds on, the
methods it says are better and worse) or, for a claim no run can judge, the reason.
Method names are checked against the methods each family measures; groups ("every
baseline") are expanded here, from the lists that define those methods, so a claim
about every baseline covers every baseline the papers report under every distance
they report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

import yaml

__all__ = [
    "FAMILIES",
    "Claim",
    "Comparison",
    "RegistryError",
    "claims",
    "groups",
    "methods_of",
]

Family = Literal["deboom", "deboom_js", "weights", "sts", "paragraphs", "schafer"]
#: each family's metric and whether lower values are better
FAMILIES: dict[str, tuple[str, bool]] = {
    "deboom": ("split error %", True),
    "deboom_js": ("JS divergence x 100", False),
    "weights": ("Kendall tau of |weight| with idf rank", True),
    "sts": ("Pearson r x 100", False),
    "paragraphs": ("topic accuracy %", False),
    "schafer": ("score %", False),
}
SOURCES = {
    "icdmw": "De Boom et al. 2015 (ICDMW)",
    "prl": "De Boom et al. 2016 (PRL)",
    "gem": "GEM (Yang et al. 2018, slides)",
    "schafer": "Schäfer 2018 (MSc thesis)",
}
_FIELDS = {
    "id", "source", "where", "quote", "family", "sets", "better", "worse", "mode",
    "pairing", "untestable", "within", "within_reason", "vectors", "ours", "magnitude",
    "shape",
}  # fmt: skip
#: the shapes a claim about the learned weights may state (family weights): their
#: magnitudes fall with the words' idf rank (Kendall's tau below 0, rarest word first),
#: or the first (rarest) word's weight is the largest
SHAPES = ("decreasing", "first-largest")
#: the De Boom families: split error, JS divergence (the same methods and groups)
DEBOOM = ("deboom", "deboom_js")
#: the word-vector forms a De Boom run scores (``evaluation.vectors``)
VECTORS = ("unit", "raw")


class RegistryError(ValueError):
    """A claim of the registry names an unknown field, method, group or family."""


@dataclass(frozen=True)
class Comparison:
    """``better`` has a better value than ``worse`` on ``set``."""

    set: str
    better: str
    worse: str


@dataclass(frozen=True)
class Claim:
    id: str
    source: str
    where: str
    quote: str
    family: str | None = None
    sets: tuple[str, ...] = ()
    better: tuple[str, ...] = ()
    worse: tuple[str, ...] = ()
    mode: str | None = None
    pairing: str = "all"  # all: each better with each worse; zip: position by position
    untestable: str | None = None
    #: a claim about how far ``better`` is from ``worse``: the range [low, high] (None:
    #: open) of ``better − worse`` in the family's metric that the paper's words allow,
    #: and why that range (e.g. "barely above": [0, a stated margin])
    within: tuple[float | None, float | None] | None = None
    within_reason: str | None = None
    #: the word-vector form the source compared (De Boom: "unit", ICDMW §IV-C's
    #: "normalized" vectors); the verdict is judged on it alone, every other form the
    #: run scores is a robustness reading
    vectors: str | None = None
    #: set on a claim of our own: why it is stronger than the paper's (e.g. every
    #: baseline we score, not only the paper's table); its quote is the paper's claim
    #: it extends
    ours: str | None = None
    #: the size of the improvement the paper states (e.g. "approx 2.0% in error
    #: rate": 2.0), in the family's metric, positive: ``better`` is that much better
    #: than the best of ``worse`` (textsim.verdicts.table judges it as a magnitude)
    magnitude: float | None = None
    #: family weights: the shape the paper states (:data:`SHAPES`) of each ``better``
    #: method's learned weights on each set
    shape: str | None = None

    @property
    def kind(self) -> str:
        """ "paper" for the source's claim, "ours" for a stronger one of our own."""
        return "ours" if self.ours else "paper"

    @property
    def reading(self) -> str:
        """The comparison as the source made it, in words: the vector form and the
        distances of the methods compared (De Boom), the mode (STS)."""
        if self.untestable:
            return ""
        if self.family in DEBOOM:
            from textsim.deboom.baselines import BASELINES

            names = _expand(self.family, self.better + self.worse)
            metrics = sorted(
                {BASELINES[n].metric if n in BASELINES else "euclidean" for n in names}
            )
            return f"{self.vectors} word vectors; {', '.join(metrics)}"
        if self.family == "sts":
            return f"components: {self.mode or 'none'}"
        if self.family == "weights":
            return f"|weights| against idf rank, each seed: {self.shape}"
        if self.family == "paragraphs":
            return "topic accuracy on the test documents"
        return "eq. 3.1 and its metrics"

    @property
    def lower_is_better(self) -> bool:
        return FAMILIES[self.family or "deboom"][1]

    @property
    def metric(self) -> str:
        return FAMILIES[self.family][0] if self.family else ""

    def comparisons(self) -> list[Comparison]:
        """Every comparison the claim implies, groups expanded."""
        if self.untestable:
            return []
        if self.family == "weights":  # a shape of each method's weights
            return [Comparison(s, m, "") for s in self.sets for m in self.better]
        zipped = self.pairing == "zip"  # position by position: repeats kept
        better = _expand(self.family or "", self.better, unique=not zipped)
        worse = _expand(self.family or "", self.worse, unique=not zipped)
        if zipped:
            pairs = list(zip(better, worse, strict=True))
        else:
            pairs = [(b, w) for b in better for w in worse if b != w]
        return [Comparison(s, b, w) for s in self.sets for b, w in pairs]


def groups() -> dict[str, list[str]]:
    """The De Boom method groups a claim may name (see claims.yaml's header)."""
    table_i = _table_i()
    traditional = ["tfidf", "mean", "max", "min", "minmax"]
    table_iii = [
        "tfidf",
        *(m for m in _prl_table_1() if not m.startswith("learned") and m != "tfidf"),
    ]
    baselines = list(dict.fromkeys(table_i + table_iii))
    return {
        "traditional": traditional,
        "table_i": table_i,
        "table_iii": table_iii,
        "table_iii_embedding": [m for m in table_iii if m != "tfidf"],
        "baselines": baselines,
        "embedding_baselines": [m for m in baselines if m != "tfidf"],
    }


def _table_i() -> list[str]:
    from textsim.deboom.published import ICDMW_TABLE_I

    return list(ICDMW_TABLE_I)


def _prl_table_1() -> list[str]:
    from textsim.deboom.published import PRL_TABLE_1

    return list(PRL_TABLE_1["20"])


def methods_of(family: str) -> set[str]:
    """The method names a family measures."""
    if family in DEBOOM:
        from textsim.deboom.baselines import BASELINES
        from textsim.deboom.published import LEARNED_LABELS

        return set(BASELINES) | set(LEARNED_LABELS)
    if family == "weights":
        from textsim.deboom.published import LEARNED_LABELS

        return set(LEARNED_LABELS)
    if family == "paragraphs":
        from textsim.gem.paragraphs import TECHNIQUES

        return {f"{m}, {t}" for m, t in TECHNIQUES}
    if family == "sts":
        from textsim.gem.sts import GEM_VARIANTS, STS_METHODS

        return set(STS_METHODS.values()) | {label for label, _ in GEM_VARIANTS.values()}
    if family == "schafer":
        from textsim.schafer.baselines import BASELINES as SCHAFER_BASELINES
        from textsim.schafer.models import MODELS

        # each model's untrained control is measured too (a claim may compare with it)
        return set(MODELS) | set(SCHAFER_BASELINES) | {f"untrained {m}" for m in MODELS}
    raise RegistryError(f"unknown family {family!r} (one of {', '.join(FAMILIES)})")


def _expand(family: str, names: Sequence[str], *, unique: bool = True) -> list[str]:
    named = groups() if family in DEBOOM else {}
    out: list[str] = []
    for name in names:
        out += named.get(name, [name])
    return list(dict.fromkeys(out)) if unique else out


def _claim(raw: dict[str, Any], where: str) -> Claim:
    unknown = set(raw) - _FIELDS
    if unknown:
        raise RegistryError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    for key in ("id", "source", "where", "quote"):
        if not raw.get(key):
            raise RegistryError(f"{where}: field {key!r} is required")
    if raw["source"] not in SOURCES:
        raise RegistryError(f"{where}: unknown source {raw['source']!r}")
    if raw.get("magnitude") is not None:
        raw["magnitude"] = float(raw["magnitude"])
    listed = {k: tuple(str(x) for x in raw.get(k, ())) for k in ("sets", "better", "worse")}
    if isinstance(raw.get("within"), list):
        raw["within"] = tuple(None if x is None else float(x) for x in raw["within"])
    claim = Claim(
        **{k: v for k, v in raw.items() if k not in listed},
        **listed,  # type: ignore[arg-type]
    )
    if claim.untestable:
        return claim
    if claim.family not in FAMILIES:
        raise RegistryError(f"{where}: family must be one of {', '.join(FAMILIES)}")
    if claim.family == "weights":
        if claim.shape not in SHAPES or claim.worse or not (claim.sets and claim.better):
            raise RegistryError(
                f"{where}: a weights claim needs sets, better (the learned methods) and "
                f"shape ({' | '.join(SHAPES)}), and no worse"
            )
    elif claim.shape is not None:
        raise RegistryError(f"{where}: shape applies to family weights only")
    elif not (claim.sets and claim.better and claim.worse):
        raise RegistryError(f"{where}: a testable claim needs sets, better and worse")
    known = methods_of(claim.family)
    for name in _expand(claim.family, claim.better + claim.worse):
        if name not in known:
            raise RegistryError(f"{where}: unknown {claim.family} method {name!r}")
    if claim.family in DEBOOM and claim.vectors not in VECTORS:
        raise RegistryError(
            f"{where}: a De Boom claim needs vectors: the form the source compared "
            f"({' | '.join(VECTORS)})"
        )
    if claim.family not in DEBOOM and claim.vectors is not None:
        raise RegistryError(f"{where}: vectors applies to De Boom claims only")
    if claim.magnitude is not None and not claim.magnitude > 0:
        raise RegistryError(f"{where}: magnitude is the stated improvement, > 0")
    if claim.magnitude is not None and claim.within is not None:
        raise RegistryError(f"{where}: a claim has within or magnitude, not both")
    if claim.pairing not in ("all", "zip"):
        raise RegistryError(f"{where}: pairing must be 'all' or 'zip'")
    if claim.within is not None:
        bounds = claim.within
        if not (isinstance(bounds, list | tuple) and len(bounds) == 2) or bounds == (None, None):
            raise RegistryError(f"{where}: within must be [low, high] (one may be null)")
        low, high = bounds
        if low is not None and high is not None and not low < high:
            raise RegistryError(f"{where}: within needs low < high, got {list(bounds)}")
        if not claim.within_reason:
            raise RegistryError(f"{where}: within needs within_reason (why this range)")
    if not claim.comparisons():
        raise RegistryError(f"{where}: the claim implies no comparison")
    return claim


def load(text: str, name: str = "claims.yaml") -> list[Claim]:
    """Claims from a registry's YAML text (``name`` for errors)."""
    raw = yaml.safe_load(text)
    if not isinstance(raw, list):
        raise RegistryError(f"{name}: a list of claims expected")
    out = [_claim(dict(entry), f"{name}: claim {i + 1}") for i, entry in enumerate(raw)]
    ids = [c.id for c in out]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise RegistryError(f"{name}: duplicate claim id(s) {', '.join(dup)}")
    return out


@cache
def claims() -> tuple[Claim, ...]:
    """The project's registry."""
    text = resources.files("textsim").joinpath("data/claims.yaml").read_text(encoding="utf-8")
    return tuple(load(text))
