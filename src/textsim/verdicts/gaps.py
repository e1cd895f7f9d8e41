"""Where a change (a variant of the pipeline) leaves a measured value relative to the
published one: moved toward it and still on our side, past it, away from it, or within
noise, and how many points of the gap it closes (:func:`outcomes`; the variant study's
cells, textsim.variants.compare)."""

from __future__ import annotations

import numpy as np
import pandas as pd

__all__ = ["outcomes"]


def outcomes(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` (the columns of :func:`textsim.variants.compare.explained`) with where
    each variant leaves a cell relative to the paper: ``new_gap`` = the variant's
    error − published; ``closer_by`` = |gap| − |new_gap|, the points by which it ends
    closer to the published value (negative: farther), so at most the whole gap;
    ``outcome``: *toward* (it moves our error toward the paper's, verdict holds, and
    stays on our side of it), *overshoot* (it moves toward the paper's and past it:
    ``closer_by`` says whether it still ends closer), *away* (verdict fails), *within
    noise*; empty where no verdict is taken (the reference's rows, no published
    value)."""
    out = frame.copy()
    gap = out["gap"].astype(float)
    new_gap = out["test_error"].astype(float) - out["published"].astype(float)
    new_gap = new_gap.where(gap.notna())
    out["new_gap"] = new_gap
    out["closer_by"] = gap.abs() - new_gap.abs()
    crossed = (np.sign(gap) * np.sign(new_gap)) < 0
    verdict = out["verdict"].fillna("").astype(str)
    out["outcome"] = np.select(
        [
            (verdict == "holds") & crossed,
            verdict == "holds",
            verdict == "fails",
            verdict == "within noise",
        ],
        ["overshoot", "toward", "away", "within noise"],
        default="",
    )
    return out
