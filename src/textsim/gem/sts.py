"""The STS benchmark (Cer et al. 2017): reader and correlations.

Lines are tab-separated without quoting: genre, file, year, id, **score**
(field 4, 0–5), **sentence 1** (5), **sentence 2** (6); some lines carry extra
trailing fields, so fields are read by position.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from textsim.core.io import PathLike
from textsim.methods.settings import CONFIGURED

log = logging.getLogger(__name__)

__all__ = [
    "STS_METHODS",
    "Kept",
    "STSFormatError",
    "STSMethod",
    "clean_split",
    "evaluate_methods",
    "ngram_methods",
    "ngram_sweep",
    "pair_scores",
    "read_splits",
    "read_sts",
    "sentences_to_fit",
    "standard_methods",
    "sts_correlations",
]


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


def read_splits(paths: Mapping[str, PathLike], max_pairs: int | None) -> dict[str, pd.DataFrame]:
    """Each named STS split (:func:`read_sts`), its first ``max_pairs`` pairs if given."""
    out = {}
    for name, path in paths.items():
        frame = read_sts(path)
        out[name] = frame if max_pairs is None else frame.head(max_pairs)
        log.info("%s: %d pairs from %s", name, len(out[name]), path)
    return out


def sentences_to_fit(train: pd.DataFrame) -> list[str]:
    """The raw STS train sentences (both sides): what inductive methods are fitted on."""
    return list(train["sentence1"]) + list(train["sentence2"])


def sts_correlations(predicted: npt.ArrayLike, gold: npt.ArrayLike) -> dict[str, float]:
    """Pearson and Spearman correlation × 100."""
    from scipy.stats import pearsonr, spearmanr

    p = np.asarray(predicted, dtype=np.float64)
    g = np.asarray(gold, dtype=np.float64)
    return {
        "pearson": 100.0 * float(pearsonr(p, g).statistic),
        "spearman": 100.0 * float(spearmanr(p, g).statistic),
    }


# ---------------------------------------------------------------- evaluation


@dataclass(frozen=True)
class STSMethod:
    """One way of embedding STS sentences.

    ``make`` returns a fitted estimator-like object with ``transform`` (of raw
    sentences: every estimator applies its own cleaning); ``mode`` is
    ``inductive`` (fitted once on the fit split, then applied), ``transductive``
    (refitted on the sentences being evaluated, as the original GEM/SIF scripts
    do) or ``none`` (nothing to fit); ``key`` names its model file (the method
    names of :mod:`textsim.methods.registry`)."""

    name: str
    mode: str
    make: Callable[[list[str]], Any]
    key: str = ""


def clean_split(frame: pd.DataFrame) -> tuple[list[str], list[str]]:
    """The paper's cleaning (lowercase, numbers → 0, punctuation removed) of both sides."""
    from textsim.text.cleaning import clean_lines

    a = [" ".join(t) for t in clean_lines(list(frame["sentence1"]))]
    b = [" ".join(t) for t in clean_lines(list(frame["sentence2"]))]
    return a, b


def pair_scores(v1: npt.ArrayLike, v2: npt.ArrayLike, gold: npt.ArrayLike) -> dict[str, float]:
    """Cosine similarity of each pair (0 for a zero vector), correlated with the gold scores."""
    from textsim.measures.distances import paired_similarity

    sim = paired_similarity(np.asarray(v1), np.asarray(v2), "cosine")
    return sts_correlations(sim, gold)


@dataclass
class Kept:
    """A method's stored-fit (or fit-free) model and its vectors of each split."""

    model: Any
    vectors: dict[str, npt.NDArray[np.float32]]


def evaluate_methods(
    methods: Sequence[STSMethod],
    splits: Mapping[str, pd.DataFrame],
    *,
    fit_sentences: list[str],
    progress: bool = True,
    keep: dict[str, Kept] | None = None,
    similarities: dict[tuple[str, str, str], npt.NDArray[np.float64]] | None = None,
) -> pd.DataFrame:
    """Pearson and Spearman × 100 of every method on every split, with its speed.

    Every method embeds the **raw** sentences (its own cleaning included, as a
    user's call of ``transform`` does). ``seconds`` is the time to embed the
    split's sentences; for transductive methods it includes the fit on those
    sentences, for inductive ones the fit on ``fit_sentences`` is timed
    separately (``fit_seconds``). ``keep``, when given, receives per method key
    the inductive / fit-free model and the vectors it gave each split; ``similarities``,
    when given, receives per (method, mode, split) the cosine of each pair (the
    item-level evidence of :mod:`textsim.verdicts`)."""
    from tqdm import tqdm

    from textsim.measures.distances import paired_similarity

    raw = {
        name: (list(frame["sentence1"]), list(frame["sentence2"])) for name, frame in splits.items()
    }
    rows: list[dict[str, object]] = []
    for method in tqdm(methods, desc="STS methods", unit="method", disable=not progress):
        fit_seconds = 0.0
        model: Any = None
        if method.mode == "inductive":
            t0 = time.perf_counter()
            model = method.make(fit_sentences)
            fit_seconds = time.perf_counter() - t0
        elif method.mode == "none":
            model = method.make([])
        for split in splits:
            a, b = raw[split]
            t0 = time.perf_counter()
            if method.mode == "transductive":
                model = method.make(a + b)
            v = np.asarray(model.transform(a + b))
            seconds = time.perf_counter() - t0
            if keep is not None and method.key and method.mode != "transductive":
                keep.setdefault(method.key, Kept(model, {})).vectors[split] = v
            sim = paired_similarity(v[: len(a)], v[len(a) :], "cosine")
            if similarities is not None:
                similarities[(method.name, method.mode, split)] = sim
            scores = sts_correlations(sim, splits[split]["score"])
            rows.append(
                {
                    "method": method.name,
                    "mode": method.mode,
                    "split": split,
                    **scores,
                    "n_pairs": len(a),
                    "n_sentences": 2 * len(a),
                    "seconds": seconds,
                    "fit_seconds": fit_seconds,
                    "sentences_per_s": 2 * len(a) / seconds if seconds > 0 else float("nan"),
                }
            )
    return pd.DataFrame(rows)


#: the STS table's names of uSIF with normalised word vectors (config sts.usif_normalizations)
USIF_LABELS = {
    "word": "uSIF, unit word vectors",
    "dimension": "uSIF, official code's normalisation",
}


#: GEM with the official encoder's preprocessing (config sts.gem_variants): its tokens
#: (NLTK's wordpunct split, numbers kept), then also its random out-of-vocabulary words
GEM_VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "wordpunct": ("GEM, official tokens", {"cleaning": "wordpunct"}),
    "official": ("GEM, official tokens and OOV", {"cleaning": "wordpunct", "oov": "random"}),
    "no-removal": ("GEM, no component removal", {"remove_components": False}),
}


def learned_method(run: str, model: Any) -> STSMethod:
    """Learned weights of the run ``length/procedure`` (config ``sts.learned``): named
    ``learned, median (var)`` in the table, ``learned-var-median`` as a model file."""
    length, _, procedure = run.partition("/")
    return STSMethod(
        f"learned, {procedure} ({length})", "none", lambda _: model, f"learned-{length}-{procedure}"
    )


#: the registry names of the STS table's methods, each under its table label (config
#: ``methods.<name>`` sets their estimators' parameters): the configured methods
STS_METHODS: dict[str, str] = CONFIGURED


def standard_methods(
    make: Callable[..., Any],
    *,
    learned: Mapping[str, Any] | None = None,
    modes: Sequence[str] = ("transductive", "inductive"),
    usif_normalizations: Sequence[str] = (),
    gem_variants: Sequence[str] = (),
) -> list[STSMethod]:
    """Mean, idf-weighted mean, SIF, uSIF and GEM (each in ``modes``), uSIF with each of
    ``usif_normalizations`` of its word vectors (``word``, ``dimension``: config
    ``sts.usif_normalizations``), GEM with the official encoder's preprocessing
    (``gem_variants``: :data:`GEM_VARIANTS`), plus already fitted learned-weight models
    (``length/procedure`` run of config ``sts.learned`` → model). ``make(method,
    **params)`` gives the unfitted estimator of a registry method name
    (:func:`textsim.methods.registry.build` with the word vectors bound)."""

    def maker(method: str, **params: Any) -> Callable[[list[str]], Any]:
        return lambda s: make(method, **params).fit(s)

    methods = []
    for key, name in STS_METHODS.items():
        if key in ("mean", "idf-mean"):  # no fit: one row
            methods.append(STSMethod(name, "none", maker(key), key))
        else:
            methods += [STSMethod(name, mode, maker(key), key) for mode in modes]
    for norm in usif_normalizations:
        label = USIF_LABELS[norm]
        made = maker("usif", normalization=norm)
        methods += [STSMethod(label, mode, made, f"usif-{norm}") for mode in modes]
    for variant in gem_variants:
        label, params = GEM_VARIANTS[variant]
        made = maker("gem", **params)
        methods += [STSMethod(label, mode, made, f"gem-{variant}") for mode in modes]
    methods += [learned_method(run, model) for run, model in (learned or {}).items()]
    return methods


def ngram_methods(
    make: Callable[..., Any],
    *,
    ngrams: Sequence[int] = (1, 2, 3, 4, 5),
    modes: Sequence[str] = ("transductive", "inductive"),
) -> list[STSMethod]:
    """GEM's n-gram variant (slides) for each n in ``modes`` (``make`` as in
    :func:`standard_methods`)."""

    def maker(n: int) -> Callable[[list[str]], Any]:
        return lambda s: make("gem", ngram=n).fit(s)

    return [
        STSMethod(f"GEM n={n}", mode, maker(n), f"gem-ngram{n}") for n in ngrams for mode in modes
    ]


def ngram_sweep(
    make: Callable[..., Any],
    splits: Mapping[str, pd.DataFrame],
    *,
    fit_sentences: list[str],
    ngrams: Sequence[int] = (1, 2, 3, 4, 5),
    modes: Sequence[str] = ("transductive", "inductive"),
    progress: bool = True,
    keep: dict[str, Kept] | None = None,
) -> pd.DataFrame:
    """GEM's n-gram variant (slides): STS correlations and speed for each n."""
    methods = ngram_methods(make, ngrams=ngrams, modes=modes)
    frame = evaluate_methods(
        methods, splits, fit_sentences=fit_sentences, progress=progress, keep=keep
    )
    frame.insert(1, "n", frame["method"].str.removeprefix("GEM n=").astype(int))
    return frame
