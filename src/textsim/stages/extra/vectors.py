"""An extra method's stored vectors (rule embed_extra), looked up by text."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from textsim.core.io import PathLike


class ExtraVectors:
    """An extra method's stored vectors, looked up by text."""

    def __init__(self, texts: PathLike, vectors: PathLike) -> None:
        frame = pd.read_parquet(texts)
        embedded = frame.loc[frame["embed"], "text"].tolist()
        with np.load(vectors, allow_pickle=False) as npz:
            self.vectors = npz["vectors"]
            self.meta = json.loads(npz["meta"].tobytes().decode("utf-8"))
        if len(embedded) != len(self.vectors):
            raise ValueError(
                f"{vectors}: {len(self.vectors)} vectors for {len(embedded)} texts in {texts}: "
                "made from other texts; rerun embed_extra"
            )
        self.row = pd.Series(np.arange(len(embedded)), index=pd.Index(embedded))

    def rows(self, texts: pd.Series) -> np.ndarray:
        return self.row.loc[texts.to_numpy()].to_numpy()
