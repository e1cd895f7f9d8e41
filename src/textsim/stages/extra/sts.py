"""Rule sts_extra: an extra method's STS rows and each pair's similarity."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from textsim.core.io import PathLike, atomic_path, write_csv
from textsim.stages.extra.vectors import ExtraVectors


def sts_extra(
    sts: Sequence[PathLike],
    texts: PathLike,
    vectors: PathLike,
    output: PathLike,
    pairs: PathLike,
    *,
    sts_splits: Sequence[str],
    label: str,
    max_pairs: int | None,
) -> None:
    """The STS rows of an extra method: Pearson and Spearman × 100 of the cosine of each
    pair on every split but train, in the STS table's columns (``seconds``: the split's
    share of the method's embedding time); ``pairs``: each pair's cosine and gold score,
    as the STS table's item-level file has them (the leaderboard's intervals)."""
    from textsim.gem.sts import pair_scores, read_splits

    stored = ExtraVectors(texts, vectors)
    per_text = 1.0 / stored.meta["texts_per_s"] if stored.meta.get("texts_per_s") else float("nan")
    from textsim.measures.distances import paired_similarity

    rows, items = [], []
    for split, frame in read_splits(dict(zip(sts_splits, sts, strict=True)), max_pairs).items():
        if split == "train":
            continue
        a = stored.vectors[stored.rows(frame["sentence1"])]
        b = stored.vectors[stored.rows(frame["sentence2"])]
        n = len(frame)
        items.append(
            pd.DataFrame(
                {
                    "method": label,
                    "mode": "none",
                    "split": split,
                    "pair": np.arange(n),
                    "similarity": paired_similarity(a, b, "cosine"),
                    "gold": frame["score"].to_numpy(np.float64),
                }
            )
        )
        rows.append(
            {
                "method": label,
                "mode": "none",
                "split": split,
                **pair_scores(a, b, frame["score"]),
                "n_pairs": n,
                "n_sentences": 2 * n,
                "seconds": 2 * n * per_text,
                "fit_seconds": stored.meta.get("fit_seconds", 0.0),
                "sentences_per_s": stored.meta.get("texts_per_s", float("nan")),
            }
        )
    write_csv(pd.DataFrame(rows), output)
    with atomic_path(pairs) as tmp:
        pd.concat(items, ignore_index=True).to_parquet(tmp, index=False)
