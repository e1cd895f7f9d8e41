"""Views: Markdown rendered from snapshots (a run or several, the last one in bold).

Each view takes the snapshots a block names (in order) and its arguments, and
returns the block's Markdown. Numbers are formatted here once: split errors and
Pearson r with two decimals, as the tables' CSVs hold them after rounding.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pandas as pd

from textsim.pages.snapshots import Snapshot, SnapshotError

__all__ = ["VIEWS", "render"]

View = Callable[[Sequence[Snapshot], Sequence[str]], str]


def _num(value: object, digits: int = 2) -> str:
    try:
        v = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(value)
    return "—" if math.isnan(v) else f"{v:.{digits}f}"


def _chain(paper: object, ours: Sequence[object], digits: int = 2) -> str:
    """``paper → run 1 → … → **last run**`` (paper left out when NaN or None)."""
    cells = [_num(v, digits) for v in ours]
    if cells:
        cells[-1] = f"**{cells[-1]}**"
    head = [] if paper is None or _num(paper) == "—" else [_num(paper, digits)]
    return " → ".join(head + cells)


def _names(snaps: Sequence[Snapshot]) -> str:
    return (
        " → ".join(s.name for s in snaps[:-1])
        + (" → " if len(snaps) > 1 else "")
        + (f"**{snaps[-1].name}**")
    )


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _rows(
    snaps: Sequence[Snapshot], table: str, keys: Sequence[str], **where: str
) -> list[dict[tuple[str, ...], pd.Series]]:
    """Per snapshot, its rows of ``table`` matching ``where``, keyed by ``keys``."""
    out = []
    for s in snaps:
        frame = s.table(table)
        for column, value in where.items():
            frame = frame[frame[column].astype(str) == value]
        out.append({tuple(str(r[k]) for k in keys): r for _, r in frame.iterrows()})
    return out


def _found(
    per: Sequence[dict[tuple[str, ...], pd.Series]], key: tuple[str, ...]
) -> list[pd.Series]:
    """The row of ``key`` in every run, or an empty list when a run lacks it."""
    rows = [p.get(key) for p in per]
    return [r for r in rows if r is not None] if all(r is not None for r in rows) else []


def table_i(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """ICDMW Table I for one vector variant (args: unit | raw): split error % paper →
    runs, the last run's robust JS in parentheses."""
    (variant,) = args
    per = _rows(snaps, "icdmw-table-1", ("method", "length"), vectors=variant)
    first = snaps[0].table("icdmw-table-1")
    first = first[first["vectors"] == variant]
    lengths = list(dict.fromkeys(first["length"].astype(str)))
    body = []
    for method, label in dict(zip(first["method"], first["technique"], strict=True)).items():
        cells = [label]
        for length in lengths:
            found = _found(per, (method, length))
            if not found:
                cells.append("—")
                continue
            last = found[-1]
            chain = _chain(last["paper_split_error_pct"], [r["split_error_pct"] for r in found])
            cells.append(f"{chain} ({_num(last['js_robust'], 3)})")
        body.append(cells)
    title = (
        f"Table I, {variant} vectors: test split error %, paper → {_names(snaps)}"
        " (robust JS, last run)"
    )
    return f"{title}\n\n" + _table(["technique", *(f"{n} words" for n in lengths)], body)


def table_ii(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """ICDMW Table II (20 words): paper, then each vector variant's runs and the last
    run's binomial p against cosine."""
    first = snaps[0].table("icdmw-table-2")
    variants = list(dict.fromkeys(first["vectors"]))
    per = {v: _rows(snaps, "icdmw-table-2", ("method",), vectors=v) for v in variants}
    body = []
    for method, label in dict(zip(first["method"], first["technique"], strict=True)).items():
        cells = [label, _num(first.loc[first["method"] == method, "paper_split_error_pct"].iloc[0])]
        for v in variants:
            found = _found(per[v], (method,))
            if not found:
                cells += ["—", "—"]
                continue
            cells.append(_chain(None, [r["split_error_pct"] for r in found]))
            last = found[-1]
            cells.append("—" if last["compared_with"] == method else _p(last["p_value"]))
        body.append(cells)
    header = ["distance", "paper"]
    for v in variants:
        header += [f"{v}: {_names(snaps)}", f"p ({v})"]
    return "Table II (20 words): test split error %, p against cosine (last run)\n\n" + _table(
        header, body
    )


def _p(p: object) -> str:
    v = float(p)  # type: ignore[arg-type]
    return "—" if math.isnan(v) else ("<0.001" if v < 0.001 else f"{v:.3f}")


#: the learned-weights view's columns: (table, block, header)
_LEARNED_BLOCKS = (
    ("icdmw-table-3", "20", "ICDMW III, 20 words"),
    ("prl-table-1", "20", "PRL 1, 20 words"),
    ("prl-table-1", "var", "PRL 1, variable length"),
    ("prl-table-1", "transfer", "PRL 1, other embeddings"),
    ("prl-table-2", "twitter", "PRL 2, Twitter"),
    ("prl-table-2", "twitter-slot", "PRL 2, Twitter (same-slot non-pairs)"),
)


def learned(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """ICDMW Table III and PRL Tables 1 and 2: Euclidean distance (tf-idf cosine),
    the learned weights' vector variant; paper → runs."""
    columns = []
    for table, block, header in _LEARNED_BLOCKS:
        if all(s.has(table) for s in snaps):
            per = _rows(snaps, table, ("technique",), length=block)
            if all(per):
                columns.append((header, per))
    labels: list[str] = []
    for _, per in columns:
        labels += [k[0] for k in per[0] if k[0] not in labels]
    body = []
    for label in labels:
        cells = [label]
        for _, per in columns:
            found = _found(per, (label,))
            if not found:
                cells.append("")
            else:
                cells.append(
                    _chain(
                        found[-1]["paper_split_error_pct"], [r["split_error_pct"] for r in found]
                    )
                )
        body.append(cells)
    title = f"Learned weights and baselines: test split error %, paper → {_names(snaps)}"
    return f"{title}\n\n" + _table(["technique", *(h for h, _ in columns)], body)


def sts(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The STS-B table: Pearson r × 100 on dev and test per run, the last run's speed."""
    per = _rows(snaps, "gem-sts", ("method", "fit"))
    body = []
    for key, last in per[-1].items():
        found = _found(per, key)
        if not found:
            continue
        body.append(
            [
                key[0],
                key[1],
                _chain(None, [r["dev r"] for r in found], 1),
                _chain(None, [r["test r"] for r in found], 1),
                str(last["sentences/s"]),
            ]
        )
    header = ["method", "fit", "dev r", "test r", "sentences/s (last run)"]
    return f"STS benchmark, Pearson r × 100: {_names(snaps)}\n\n" + _table(header, body)


def paragraphs(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The paragraph-embedding table (OHSUMED): test accuracy per run, the last run's
    speed, the slides' IMDb numbers beside."""
    per = _rows(snaps, "gem-paragraphs", ("method", "technique"))
    body = []
    for key, last in per[-1].items():
        found = _found(per, key)
        if found:
            accuracy = _chain(None, [r["test accuracy %"] for r in found])
            body.append(
                [key[0], key[1], accuracy, str(last["documents/s"]), str(last["slides (IMDb) %"])]
            )
    header = [
        "method",
        "technique",
        f"test accuracy %: {_names(snaps)}",
        "documents/s",
        "slides (IMDb) %",
    ]
    return _table(header, body)


_SCHAFER_LABELS = {
    "doc2vec": "Doc2Vec (PV-DBOW)",
    "doc2sent2vec": "Doc2Sent2Vec",
    "topic_lstm": "Topic-LSTM",
    "topic_cnn": "Topic-CNN",
    "autoencoder": "naive autoencoder",
    "rae": "recurrent autoencoder",
    "mean": "mean (no training)",
    "idf": "idf-weighted mean",
    "sif": "SIF",
    "gem": "GEM",
}


def schafer(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """Tables A.1 and A.2 analogs of the last run: each model's run at the word size
    ``args[0]`` and its own document size (the swarm's or the fixed one) and the
    zero-training baselines; eq. 3.1 in percent, the thesis' rows beside."""
    from textsim.schafer.published import thesis_value

    (word_size,) = args
    s = snaps[-1]
    frames = {
        t: s.table(f"schafer-{t}.scores") for t in ("a1", "a2") if s.has(f"schafer-{t}.scores")
    }

    def main(frame: pd.DataFrame) -> dict[str, pd.Series]:
        out = {}
        for _, r in frame.iterrows():
            run = str(r["run"])
            if run in _SCHAFER_LABELS or run.endswith(
                (f"-{word_size}wv-psodv", f"-{word_size}wv-fixdv")
            ):
                out[str(r["model"])] = r
        return out

    rows = {t: main(f) for t, f in frames.items()}
    body = []
    for model, label in _SCHAFER_LABELS.items():
        a1 = rows.get("a1", {}).get(model)
        if a1 is None:
            continue
        parts = " / ".join(
            _num(100 * a1[k], 1) for k in ("topic", "triplets", "ranks_accuracy", "ranks_precision")
        )
        a2 = rows.get("a2", {}).get(model)
        body.append(
            [
                label,
                parts,
                _num(100 * a1["total"], 1),
                "—" if a2 is None else _num(100 * a2["total"], 1),
                _num(thesis_value("a1", model, "total"), 1),
                _num(thesis_value("a2", model, "total"), 1),
            ]
        )
    header = [
        "model",
        "a1: topic / triplets / ranks acc / ranks prec",
        "a1 score",
        "a2 score",
        "thesis A.1 score",
        "thesis A.2 score",
    ]
    return f"Eq. 3.1 score % of {s.name}'s runs, test split\n\n" + _table(header, body)


def verdicts(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """One line per claim of the sources in ``args`` (icdmw, prl, gem, schafer): the
    paper's words, whether the published numbers hold it, each run's verdict."""
    from textsim.verdicts.registry import claims

    wanted = {c.id for c in claims() if c.source in args}
    per = [s.table("verdict-claims").set_index("claim") for s in snaps]
    body = []
    for claim in per[-1].index:
        if claim not in wanted:
            continue
        last = per[-1].loc[claim]
        published = "—" if pd.isna(last["published holds"]) else str(last["published holds"])
        cells = [f"`{claim}`", f"{last['where']}: “{last['quote']}”", published]
        for p in per:
            row = p.loc[claim] if claim in p.index else None
            if row is None:
                cells.append("—")
                continue
            counts = "" if pd.isna(row["comparisons"]) else f" ({row['comparisons']})"
            reason = ""
            if row["verdict"] == "untestable" and not pd.isna(row["reason"]):
                reason = f": {row['reason']}"
            cells.append(f"**{row['verdict']}**{counts}{reason}")
        body.append(cells)
    header = ["claim", "the paper", "holds in the paper", *(s.name for s in snaps)]
    return _table(header, body)


def comparisons(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """Every comparison of one claim (args: the claim id, then optionally the number
    of rows per run, closest first: the smallest margins in the claimed direction)."""
    from textsim.verdicts.registry import claims

    claim, *rest = args
    limit = int(rest[0]) if rest else None
    lower = {c.id: c.lower_is_better for c in claims()}
    if claim not in lower:
        raise SnapshotError(f"comparisons: unknown claim {claim!r}")
    body = []
    for s in snaps:
        frame = s.table("verdicts")
        frame = frame[frame["claim"] == claim].copy()
        if frame.empty:
            raise SnapshotError(f"snapshot {s.name}: no comparison of claim {claim}")
        # closest to failing first: the largest differences where lower is better
        frame = frame.sort_values("difference", ascending=not lower[claim], na_position="last")
        shown = frame.head(limit) if limit else frame
        for _, r in shown.iterrows():
            body.append(
                [
                    s.name,
                    str(r["set"]),
                    f"{r['better']} vs {r['worse']}",
                    str(r["variant"]),
                    f"{_num(r['ours better'])} vs {_num(r['ours worse'])}",
                    f"{_num(r['difference'])} [{_num(r['low'])}, {_num(r['high'])}]",
                    str(r["seeds"]),
                    f"**{r['verdict']}**",
                ]
            )
    header = [
        "run",
        "set",
        "comparison",
        "vectors",
        "ours",
        "difference [95% CI]",
        "seeds",
        "verdict",
    ]
    return _table(header, body)


def corpus(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """Each run's corpus: articles, lines and tokens after cleaning."""
    body = []
    for s in snaps:
        stats = s.table("statistics")
        total = stats[stats["shard"].astype(str) == "total"].iloc[0]
        documents, lines, tokens = (int(total[k]) for k in ("documents", "lines", "tokens"))
        body.append([s.name, f"{documents:,}", f"{lines:,}", f"{tokens / 1e6:.1f}M"])
    return _table(["run", "articles", "lines", "tokens"], body)


def provenance(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """How each snapshot was made: command, config, Keras backend, date, machine."""
    body = [
        [
            s.name,
            f"`{s.meta['command']}`",
            f"`{s.meta['config']}`",
            str(s.meta["keras_backend"]),
            str(s.meta["made"]),
            str(s.meta["machine"]),
        ]
        for s in snaps
    ]
    return _table(["run", "command", "config", "Keras backend", "made", "machine"], body)


VIEWS: dict[str, View] = {
    "table-i": table_i,
    "table-ii": table_ii,
    "learned": learned,
    "sts": sts,
    "paragraphs": paragraphs,
    "schafer": schafer,
    "verdicts": verdicts,
    "comparisons": comparisons,
    "corpus": corpus,
    "provenance": provenance,
}


def render(view: str, snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    if view not in VIEWS:
        raise SnapshotError(f"unknown view {view!r} (one of {', '.join(VIEWS)})")
    return VIEWS[view](snaps, args)
