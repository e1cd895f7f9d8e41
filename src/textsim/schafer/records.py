"""Evaluation and run records (JSON) as one frame, for the Schäfer tables and figures."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from textsim.core.io import PathLike, read_json


def read_records(paths: Sequence[PathLike]) -> pd.DataFrame:
    rows = []
    for p in paths:
        r = read_json(p)
        rows.append(
            {
                "run": r.get("run", Path(p).stem),
                "model": r["model"],
                "word_size": r["word_size"],
                "doc_size": r["doc_size"],
                **{k: r["scores"][k] for k in r["scores"]},
                "epochs": r["epochs"],
                "train_seconds": r["train_seconds"],
                "inference_seconds": r["inference_seconds"],
                "generation": r.get("generation"),
                "particle": r.get("particle"),
                **{f"param_{k}": v for k, v in r["params"].items()},
                "history": r["history"],
            }
        )
    return pd.DataFrame(rows)
