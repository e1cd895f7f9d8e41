"""The papers' published value of a method on a set, per verdict family, from the
tables the project transcribes once (textsim.deboom.published, textsim.gem.published,
textsim.schafer.published)."""

from __future__ import annotations

import math

from textsim.verdicts.registry import DEBOOM

__all__ = ["published_value"]


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
