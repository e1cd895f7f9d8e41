"""Workflow glue of the scaling study's own rules (the per-size rules reuse the main
rules' scripts): scaling_slice, scaling_results, scaling_claims, scaling_costs and the
three plot_scaling_* rules."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

import pandas as pd

from textsim.core.io import PathLike, read_json, write_csv

log = logging.getLogger(__name__)


def scaling_slice(
    shards: Sequence[PathLike], output: PathLike, stats: PathLike, *, tokens: int | None
) -> None:
    from textsim.scaling.sizes import write_slice

    write_slice(shards, output, stats, tokens=tokens)


def _split_keys(paths: Mapping[str, PathLike]) -> dict[str, dict[tuple[str, ...], PathLike]]:
    """``{"size|a|b": path}`` (Snakemake params hold string keys) → size → (a, b) → path."""
    out: dict[str, dict[tuple[str, ...], PathLike]] = {}
    for key, path in paths.items():
        size, *rest = key.split("|")
        out.setdefault(size, {})[tuple(rest)] = path
    return out


def scaling_results(
    slices: Sequence[PathLike],
    sts: Sequence[PathLike],
    quality: Sequence[PathLike],
    long_output: PathLike,
    table_stem: PathLike,
    *,
    sizes: Sequence[str],
    baselines: Mapping[str, PathLike],
    learned: Mapping[str, PathLike],
    title: str,
    note: str,
) -> None:
    """``slices``, ``sts`` (empty: no STS) and ``quality`` in the order of ``sizes``."""
    from textsim.report.tables import write_plain_table
    from textsim.scaling.results import gather, wide

    learned_by = {s: {k[0]: p for k, p in v.items()} for s, v in _split_keys(learned).items()}
    long = gather(
        sizes,
        dict(zip(sizes, slices, strict=True)),
        {s: {(k[0], k[1]): p for k, p in v.items()} for s, v in _split_keys(baselines).items()},
        learned_by,
        dict(zip(sizes, sts, strict=True)) if sts else {},
        dict(zip(sizes, quality, strict=True)),
    )
    write_csv(long, long_output)
    table = wide(long)
    table[sizes] = table[sizes].round(4)
    write_plain_table(table, table_stem, title=title, note=note)


def scaling_claims(
    verdicts: Sequence[PathLike],
    table_stem: PathLike,
    *,
    sizes: Sequence[str],
    title: str,
    note: str,
) -> None:
    """One row per claim measured at some size: whether the published numbers hold it,
    then at each size (``verdicts``: that size's verdict-claims CSV, in the order of
    ``sizes``) the verdict and how many of its comparisons hold, fail or are in noise."""
    from textsim.report.tables import write_plain_table
    from textsim.scaling.results import claims_by_size

    frames = [pd.read_csv(p) for p in verdicts]
    write_plain_table(
        claims_by_size(dict(zip(sizes, frames, strict=True))), table_stem, title=title, note=note
    )


def scaling_costs(
    slices: Sequence[PathLike],
    table_stem: PathLike,
    *,
    sizes: Sequence[str],
    records: Sequence[Sequence[str]],
    target_tokens: float,
    title: str,
    note: str,
) -> None:
    """``records``: (size, stage, benchmark file); ``slices``: the slice statistics in
    the order of ``sizes``."""
    from textsim.report.tables import write_plain_table
    from textsim.scaling.costs import growth_table, stage_costs

    tokens = {s: int(read_json(p)["tokens"]) for s, p in zip(sizes, slices, strict=True)}
    costs = stage_costs((s, tokens[s], stage, path) for s, stage, path in records)
    table = growth_table(costs, target_tokens).round(3)
    write_plain_table(table, table_stem, title=title, note=note)
    for row in table.itertuples():
        log.info("%s", row)


def _long(path: PathLike) -> pd.DataFrame:
    return pd.read_csv(path, dtype={"set": str})


def plot_scaling_deboom(
    long: PathLike, stem: PathLike, *, primary: str, paper_tokens: float, dpi: int
) -> None:
    from textsim.scaling.figures import plot_deboom

    plot_deboom(_long(long), stem, primary=primary, paper_tokens=paper_tokens, dpi=dpi)


def plot_scaling_sts(long: PathLike, stem: PathLike, *, mode: str, dpi: int) -> None:
    from textsim.scaling.figures import plot_sts

    plot_sts(_long(long), stem, mode=mode, dpi=dpi)


def plot_scaling_words(long: PathLike, stem: PathLike, *, dpi: int) -> None:
    from textsim.scaling.figures import plot_words

    plot_words(_long(long), stem, dpi=dpi)
