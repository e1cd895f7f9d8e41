"""Rule extra_texts: every distinct text the extra methods embed or fit on."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pandas as pd

from textsim.core.io import PathLike, atomic_path
from textsim.stages.extra import EMBEDDED_SPLITS

log = logging.getLogger(__name__)


def extra_texts(
    couples: Sequence[PathLike],
    sts: Sequence[PathLike],
    documents: Sequence[PathLike],
    output: PathLike,
    *,
    sts_splits: Sequence[str],
    max_pairs: int | None = None,
) -> None:
    """Every distinct text the extra methods embed or fit on, sorted: the couples of
    each file in ``couples`` (validation and test embedded, train for fitting), the
    STS sentences of ``sts`` (the splits ``sts_splits`` names, in order; ``train`` for
    fitting, the others embedded, raw as every STS method reads them) and the documents
    of each Schäfer dataset file in ``documents`` (train and test embedded, train for
    fitting; as the zero-training baselines read them). Columns ``text``, ``embed``,
    ``fit``."""
    from textsim.deboom.pairs import read_couples
    from textsim.gem.sts import read_splits
    from textsim.schafer.datasets import document_texts

    embed: set[str] = set()
    fit: set[str] = set()
    for path in couples:
        frame = read_couples(path)
        embedded = frame["split"].isin(EMBEDDED_SPLITS)
        for part, target in ((frame[embedded], embed), (frame[frame["split"] == "train"], fit)):
            target.update(part["text1"])
            target.update(part["text2"])
    for split, frame in read_splits(dict(zip(sts_splits, sts, strict=True)), max_pairs).items():
        target = fit if split == "train" else embed
        target.update(frame["sentence1"])
        target.update(frame["sentence2"])
    for path in documents:
        by_split, _ = document_texts(path)
        embed.update(by_split["train"])
        embed.update(by_split["test"])
        fit.update(by_split["train"])
    texts = sorted(embed | fit)
    out = pd.DataFrame(
        {
            "text": texts,
            "embed": [t in embed for t in texts],
            "fit": [t in fit for t in texts],
        }
    )
    log.info("%d distinct texts: %d to embed, %d to fit on", len(out), len(embed), len(fit))
    with atomic_path(output) as tmp:
        out.to_parquet(tmp, index=False)
