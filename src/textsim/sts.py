"""The STS benchmark (Cer et al. 2017): reader and correlations.

Lines are tab-separated without quoting: genre, file, year, id, **score**
(field 4, 0–5), **sentence 1** (5), **sentence 2** (6); some lines carry extra
trailing fields, so fields are read by position.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pandas as pd

__all__ = ["STSFormatError", "read_sts", "sts_correlations"]


class STSFormatError(ValueError):
    """A malformed STS line; the message names the file and the line."""


def read_sts(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Columns ``score`` (float), ``sentence1``, ``sentence2``, ``genre``."""
    path = Path(path)
    rows: list[tuple[str, float, str, str]] = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, start=1):
            if not line.strip():
                continue
            fields = line.rstrip("\r\n").split("\t")
            if len(fields) < 7:
                raise STSFormatError(
                    f"{path}:{lineno}: expected at least 7 tab-separated fields, got {len(fields)}"
                )
            try:
                score = float(fields[4])
            except ValueError:
                raise STSFormatError(
                    f"{path}:{lineno}: score (field 5) {fields[4]!r} is not a number"
                ) from None
            if not 0.0 <= score <= 5.0:
                raise STSFormatError(f"{path}:{lineno}: score {score} outside 0..5")
            rows.append((fields[0], score, fields[5], fields[6]))
    if not rows:
        raise STSFormatError(f"{path}: no sentence pairs")
    return pd.DataFrame(rows, columns=["genre", "score", "sentence1", "sentence2"])


def sts_correlations(predicted: npt.ArrayLike, gold: npt.ArrayLike) -> dict[str, float]:
    """Pearson and Spearman correlation × 100."""
    from scipy.stats import pearsonr, spearmanr

    p = np.asarray(predicted, dtype=np.float64)
    g = np.asarray(gold, dtype=np.float64)
    return {
        "pearson": 100.0 * float(pearsonr(p, g).statistic),
        "spearman": 100.0 * float(spearmanr(p, g).statistic),
    }
