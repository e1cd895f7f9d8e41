"""Every per-size result of the scaling study in one long table, and its wide form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from textsim.core.io import PathLike, read_json

#: the long table's columns: one measured value per row
COLUMNS = ["size", "tokens", "family", "set", "variant", "method", "measure", "value"]


def _deboom(path: PathLike, length: str, variant: str) -> pd.DataFrame:
    frame = pd.read_csv(path)
    rows = []
    for method, error, js in zip(frame["method"], frame["test_error"], frame["js"], strict=True):
        rows.append((length, variant, method, "split error %", 100 * float(error)))
        rows.append((length, variant, method, "JS divergence", float(js)))
    return pd.DataFrame(rows, columns=["set", "variant", "method", "measure", "value"]).assign(
        family="deboom"
    )


def _sts(path: PathLike) -> pd.DataFrame:
    frame = pd.read_csv(path)
    return pd.DataFrame(
        {
            "family": "sts",
            "set": frame["split"],
            "variant": frame["mode"],
            "method": frame["method"],
            "measure": "Pearson r x 100",
            "value": frame["pearson"].astype(float),  # the STS stage writes r x 100
        }
    )


def _words(path: PathLike) -> pd.DataFrame:
    frame = pd.read_csv(path)
    long = frame.melt(id_vars="benchmark", value_vars=["score", "coverage"], var_name="measure")
    return pd.DataFrame(
        {
            "family": "words",
            "set": long["benchmark"],
            "variant": "-",
            "method": "word2vec",
            "measure": long["measure"],
            "value": long["value"].astype(float),
        }
    )


def gather(
    sizes: Sequence[str],
    slices: Mapping[str, PathLike],
    baselines: Mapping[str, Mapping[tuple[str, str], PathLike]],
    learned: Mapping[str, Mapping[str, PathLike]],
    sts: Mapping[str, PathLike],
    quality: Mapping[str, PathLike],
) -> pd.DataFrame:
    """One row per (size, measured value). ``baselines[size][(length, vectors)]`` and
    ``learned[size][length]`` are metrics CSVs, ``sts[size]`` an STS scores CSV,
    ``quality[size]`` a word-vector quality CSV, ``slices[size]`` the slice's statistics
    (its token count); a size missing from ``sts`` has no STS rows."""
    parts = []
    for size in sizes:
        tokens = int(read_json(slices[size])["tokens"])
        frames = [_deboom(p, length, vec) for (length, vec), p in baselines[size].items()]
        frames += [_deboom(p, length, "learned") for length, p in learned[size].items()]
        frames += [_sts(sts[size])] if size in sts else []
        frames.append(_words(quality[size]))
        parts.append(pd.concat(frames).assign(size=size, tokens=tokens))
    return pd.concat(parts, ignore_index=True)[COLUMNS]


def wide(long: pd.DataFrame) -> pd.DataFrame:
    """One row per measured quantity, one column per size (in the study's order)."""
    order = list(dict.fromkeys(long["size"]))
    keys = ["family", "set", "variant", "method", "measure"]
    table = long.pivot_table(index=keys, columns="size", values="value", sort=False)
    return table[order].reset_index()


def claims_by_size(per_size: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """The claims table of the study: each size's verdict-claims table
    (:func:`textsim.verdicts.table.claim_table`) side by side, one row per claim that
    some size measures, each cell ``verdict (its comparisons' counts)``."""
    sizes = list(per_size)
    first = per_size[sizes[0]].set_index("claim")
    rows = []
    for claim in first.index:
        cells = {}
        for size in sizes:
            line = per_size[size].set_index("claim").loc[claim]
            counts = "" if pd.isna(line["comparisons"]) else f" ({line['comparisons']})"
            cells[size] = f"{line['verdict']}{counts}"
        measured = [c for c in cells.values() if not c.startswith("untestable")]
        if measured:
            published = first.loc[claim, "published holds"]
            rows.append({"claim": claim, "published holds": published, **cells})
    out = pd.DataFrame(rows, columns=["claim", "published holds", *sizes])
    from textsim.verdicts.fingerprint import COLUMN

    codes = {str(t[COLUMN].iloc[0]) for t in per_size.values() if COLUMN in t and len(t)}
    if codes:  # the verdict code that made every size's table (one, or "mixed")
        out.insert(1, COLUMN, codes.pop() if len(codes) == 1 else "mixed")
    return out
