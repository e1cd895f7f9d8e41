"""Rule embed_extra: one extra method's vectors of the run's texts."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from textsim.core.io import PathLike

log = logging.getLogger(__name__)


def embed_extra(texts: PathLike, output: PathLike, *, name: str, entry: Mapping[str, Any]) -> None:
    """Embed the texts marked ``embed`` with the extra method ``name`` (its config entry),
    fitted first on those marked ``fit`` when it has ``fit``. The file: ``vectors``
    (float32, one row per embedded text, in ``texts``' order) and ``meta`` (JSON: the
    method, its class and parameters, the texts' count and SHA-256, the timings)."""
    import hashlib

    from textsim import __version__
    from textsim.core.io import write_npz
    from textsim.methods.extra import ExtraMethod, embed

    method = ExtraMethod.from_config(name, entry)
    frame = pd.read_parquet(texts)
    to_embed = frame.loc[frame["embed"], "text"].tolist()
    vectors, timings = embed(method, to_embed, fit_texts=frame.loc[frame["fit"], "text"].tolist())
    meta = {
        "format": "textsim-extra-vectors/1",
        "textsim": __version__,
        "method": name,
        "class": method.target,
        "params": dict(method.params),
        "n_texts": len(to_embed),
        "dimension": int(vectors.shape[1]) if vectors.size else 0,
        "texts_sha256": hashlib.sha256("\n".join(to_embed).encode("utf-8")).hexdigest(),
        **timings,
    }
    log.info(
        "%s: %d texts, %d dimensions, %.0f texts/s",
        name,
        len(to_embed),
        meta["dimension"],
        timings["texts_per_s"],
    )
    write_npz(
        output,
        vectors=vectors,
        meta=np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8),
    )
