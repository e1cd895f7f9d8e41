"""Workflow glue of the variant study's own rules (the per-variant rules reuse the main
rules' scripts): variant_training_corpus, variants_table and plot_variants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from textsim.core.io import PathLike, write_csv


def variant_training_corpus(
    shards: Sequence[PathLike], couples: Sequence[PathLike], output: PathLike
) -> None:
    from textsim.variants.exclusion import write_training_corpus

    write_training_corpus(shards, couples, output)


def variants_table(
    long_output: PathLike,
    table_stem: PathLike,
    *,
    runs: Sequence[Mapping[str, Any]],
    question: str,
    reference: str,
    methods: Sequence[str],
    rare_count: int,
    title: str,
    note: str,
) -> None:
    """``runs``: per (variant, length) its metrics, learned, couples and vectors files."""
    from textsim.report.tables import write_plain_table
    from textsim.variants.compare import comparison, text_statistics, wide

    stats = {
        (r["variant"], str(r["length"])): text_statistics(
            r["couples"], r["vectors_file"], rare_count=rare_count
        )
        for r in runs
    }
    long = comparison(question, runs, methods, statistics=stats, reference=reference)
    write_csv(long, long_output)
    write_plain_table(wide(long), table_stem, title=title, note=note)


def plot_variants(long: PathLike, stem: PathLike, *, title: str, dpi: int) -> None:
    from textsim.variants.compare import plot_comparison

    frame = pd.read_csv(long, dtype={"length": str})
    plot_comparison(frame, stem, title=title, dpi=dpi)
