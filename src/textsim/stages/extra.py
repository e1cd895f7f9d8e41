"""Workflow glue of the extra methods (config ``methods.extra``, :mod:`textsim.methods.extra`):
rules extra_texts, embed_extra, score_extra and sts_extra.

The run's distinct texts are gathered once (every couple set's and STS split's), each
extra method embeds them once (rule embed_extra: a method's parameters reach its own
jobs only), and the tasks read their vectors by text: a second table never re-embeds.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from textsim.io import PathLike, atomic_path, write_csv

log = logging.getLogger(__name__)

#: the couples' splits an extra method embeds (train: what it may fit on)
EMBEDDED_SPLITS = ("validation", "test")
#: distances of an extra method's vectors, each a column suffix of its De Boom rows
DISTANCES = ("cosine", "euclidean")


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
    from textsim.stages.schafer.baselines import document_texts

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


def embed_extra(texts: PathLike, output: PathLike, *, name: str, entry: Mapping[str, Any]) -> None:
    """Embed the texts marked ``embed`` with the extra method ``name`` (its config entry),
    fitted first on those marked ``fit`` when it has ``fit``. The file: ``vectors``
    (float32, one row per embedded text, in ``texts``' order) and ``meta`` (JSON: the
    method, its class and parameters, the texts' count and SHA-256, the timings)."""
    import hashlib

    from textsim import __version__
    from textsim.io import write_npz
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


def score_extra(
    couples: Sequence[PathLike],
    texts: PathLike,
    vectors: PathLike,
    scores: PathLike,
    metrics: PathLike,
    *,
    couple_sets: Sequence[str],
    name: str,
    metric_params: Mapping[str, Any],
) -> None:
    """De Boom's protocol for an extra method on every couple set (``couple_sets``: the
    names of the ``couples`` files, in order): the similarity of each validation and
    test couple under each of :data:`DISTANCES` (``scores``: ``set``, ``split``,
    ``related``, one column per distance, named ``<name>_<distance>``), then split error
    and JS divergence per set and distance (``metrics``: ``set`` and the baselines'
    metric columns)."""
    from textsim.deboom.pairs import read_couples
    from textsim.deboom.scoring import evaluate_scores
    from textsim.methods.extra import paired_similarities_of

    stored = ExtraVectors(texts, vectors)
    columns = [f"{name}_{d}" for d in DISTANCES]
    frames, rows = [], []
    for set_name, path in zip(couple_sets, couples, strict=True):
        c = read_couples(path)
        c = c[c["split"].isin(EMBEDDED_SPLITS)].reset_index(drop=True)
        sims = paired_similarities_of(
            stored.vectors, stored.rows(c["text1"]), stored.rows(c["text2"])
        )
        frame = pd.DataFrame({"split": c["split"].astype(str), "related": c["related"].to_numpy()})
        for d, column in zip(DISTANCES, columns, strict=True):
            frame[column] = sims[d]
        rows.append(evaluate_scores(frame, columns, **metric_params).assign(set=set_name))
        frames.append(frame.assign(set=set_name))
    table = pd.concat(rows, ignore_index=True)
    write_csv(table[["set", *[c for c in table.columns if c != "set"]]], metrics)
    with atomic_path(scores) as tmp:
        pd.concat(frames, ignore_index=True).to_parquet(tmp, index=False)


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
    from textsim.distances import paired_similarity

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


def schafer_extra(
    dataset: PathLike,
    reference: PathLike,
    texts: PathLike,
    vectors: PathLike,
    output: PathLike,
    vectors_out: PathLike,
    *,
    name: str,
    label: str,
) -> None:
    """An extra method on a Schäfer dataset, as a zero-training baseline is scored: its
    vectors of the training and test documents, the thesis' metrics on the test split
    (eq. 3.1 and its parts, each item's outcome kept), a run record (``run``:
    ``extra-<name>``) and the test vectors, in the baselines' formats."""
    from textsim.io import write_json, write_npz
    from textsim.schafer.search import item_outcomes, scores_of
    from textsim.stages.schafer.baselines import document_texts
    from textsim.stages.schafer.evaluation import _load_reference

    stored = ExtraVectors(texts, vectors)
    docs, labels = document_texts(dataset)
    train = stored.vectors[stored.rows(pd.Series(docs["train"]))]
    test = stored.vectors[stored.rows(pd.Series(docs["test"]))]
    items = item_outcomes(train, labels["train"], test, labels["test"], _load_reference(reference))
    scores = scores_of(items)
    log.info("%s: %s", name, scores)
    per_text = 1.0 / stored.meta["texts_per_s"] if stored.meta.get("texts_per_s") else 0.0
    record = {
        "model": label,
        "run": f"extra-{name}",
        "split": "test",
        "params": stored.meta.get("params", {}),
        "word_size": int(test.shape[1]),
        "doc_size": int(test.shape[1]),
        "scores": scores,
        "epochs": 0,
        "history": {},
        "train_seconds": stored.meta.get("fit_seconds", 0.0),
        "inference_seconds": (len(docs["train"]) + len(docs["test"])) * per_text,
        "items": {k: v.tolist() for k, v in items.items()},
    }
    write_json(record, output)
    write_npz(vectors_out, vectors=test, labels=np.asarray(labels["test"], dtype=str))
