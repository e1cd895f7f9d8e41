"""Views: Markdown rendered from snapshots (a run or several, the last one in bold).

Each view takes the snapshots a block names (in order) and its arguments, and
returns the block's Markdown. Numbers are formatted here once: split errors and
Pearson r with two decimals, as the tables' CSVs hold them after rounding.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

import pandas as pd

from textsim.pages.markdown import md_chain, md_found, md_names, md_num, md_rows, md_table
from textsim.pages.scaling import scaling_claims, scaling_costs, scaling_sizes
from textsim.pages.snapshots import Snapshot, SnapshotError
from textsim.pages.studies import (
    twitter_sets,
    variant_question,
    variant_remainder,
    variant_scales,
)
from textsim.pages.usage import bench, usage

__all__ = ["VIEWS", "render"]

View = Callable[[Sequence[Snapshot], Sequence[str]], str]


def table_i(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """ICDMW Table I for one vector variant (args: unit | raw): split error % paper →
    runs, the last run's robust JS in parentheses."""
    (variant,) = args
    per = md_rows(snaps, "icdmw-table-1", ("method", "length"), vectors=variant)
    first = snaps[0].table("icdmw-table-1")
    first = first[first["vectors"] == variant]
    lengths = list(dict.fromkeys(first["length"].astype(str)))
    body = []
    for method, label in dict(zip(first["method"], first["technique"], strict=True)).items():
        cells = [label]
        for length in lengths:
            found = md_found(per, (method, length))
            if not found:
                cells.append("—")
                continue
            last = found[-1]
            chain = md_chain(last["paper_split_error_pct"], [r["split_error_pct"] for r in found])
            cells.append(f"{chain} ({md_num(last['js_robust'], 3)})")
        body.append(cells)
    title = (
        f"Table I, {variant} vectors: test split error %, paper → {md_names(snaps)}"
        " (robust JS, last run)"
    )
    return f"{title}\n\n" + md_table(["technique", *(f"{n} words" for n in lengths)], body)


def table_ii(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """ICDMW Table II (20 words): paper, then each vector variant's runs and the last
    run's binomial p against cosine."""
    first = snaps[0].table("icdmw-table-2")
    variants = list(dict.fromkeys(first["vectors"]))
    per = {v: md_rows(snaps, "icdmw-table-2", ("method",), vectors=v) for v in variants}
    body = []
    for method, label in dict(zip(first["method"], first["technique"], strict=True)).items():
        cells = [
            label,
            md_num(first.loc[first["method"] == method, "paper_split_error_pct"].iloc[0]),
        ]
        for v in variants:
            found = md_found(per[v], (method,))
            if not found:
                cells += ["—", "—"]
                continue
            cells.append(md_chain(None, [r["split_error_pct"] for r in found]))
            last = found[-1]
            cells.append("—" if last["compared_with"] == method else _p(last["p_value"]))
        body.append(cells)
    header = ["distance", "paper"]
    for v in variants:
        header += [f"{v}: {md_names(snaps)}", f"p ({v})"]
    return "Table II (20 words): test split error %, p against cosine (last run)\n\n" + md_table(
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
            per = md_rows(snaps, table, ("technique",), length=block)
            if all(per):
                columns.append((header, per))
    labels: list[str] = []
    for _, per in columns:
        labels += [k[0] for k in per[0] if k[0] not in labels]
    body = []
    for label in labels:
        cells = [label]
        for _, per in columns:
            found = md_found(per, (label,))
            if not found:
                cells.append("")
            else:
                cells.append(
                    md_chain(
                        found[-1]["paper_split_error_pct"], [r["split_error_pct"] for r in found]
                    )
                )
        body.append(cells)
    title = f"Learned weights and baselines: test split error %, paper → {md_names(snaps)}"
    return f"{title}\n\n" + md_table(["technique", *(h for h, _ in columns)], body)


def sts(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The STS-B table: Pearson r × 100 on dev and test per run, the last run's speed."""
    per = md_rows(snaps, "gem-sts", ("method", "fit"))
    body = []
    for key, last in per[-1].items():
        found = md_found(per, key)
        if not found:
            continue
        body.append(
            [
                key[0],
                key[1],
                md_chain(None, [r["dev r"] for r in found], 1),
                md_chain(None, [r["test r"] for r in found], 1),
                str(last["sentences/s"]),
            ]
        )
    header = ["method", "fit", "dev r", "test r", "sentences/s (last run)"]
    return f"STS benchmark, Pearson r × 100: {md_names(snaps)}\n\n" + md_table(header, body)


def paragraphs(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The paragraph-embedding table (OHSUMED): test accuracy per run, the last run's
    speed, the slides' IMDb numbers beside."""
    per = md_rows(snaps, "gem-paragraphs", ("method", "technique"))
    body = []
    for key, last in per[-1].items():
        found = md_found(per, key)
        if found:
            accuracy = md_chain(None, [r["test accuracy %"] for r in found])
            body.append(
                [key[0], key[1], accuracy, str(last["documents/s"]), str(last["slides (IMDb) %"])]
            )
    header = [
        "method",
        "technique",
        f"test accuracy %: {md_names(snaps)}",
        "documents/s",
        "slides (IMDb) %",
    ]
    return md_table(header, body)


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
    "random": "random vectors",
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
            md_num(100 * a1[k], 1)
            for k in ("topic", "triplets", "ranks_accuracy", "ranks_precision")
        )
        a2 = rows.get("a2", {}).get(model)
        body.append(
            [
                label,
                parts,
                md_num(100 * a1["total"], 1),
                "—" if a2 is None else md_num(100 * a2["total"], 1),
                md_num(thesis_value("a1", model, "total"), 1),
                md_num(thesis_value("a2", model, "total"), 1),
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
    return f"Eq. 3.1 score % of {s.name}'s runs, test split\n\n" + md_table(header, body)


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
        ours = _text(last, "kind").startswith("ours")
        label = f"`{claim}`" + (" (ours, stronger than the paper)" if ours else "")
        read = _text(last, "reading")
        paper = f"{last['where']}: “{last['quote']}”" + (f" ({read})" if read else "")
        cells = [label, paper, "—" if ours else published]
        for p in per:
            row = p.loc[claim] if claim in p.index else None
            if row is None:
                cells.append("—")
                continue
            counts = "" if pd.isna(row["comparisons"]) else f" ({row['comparisons']})"
            reason = ""
            said = row["verdict"] in ("untestable", "not learned")
            if not pd.isna(row["reason"]) and (said or row["reason"].startswith("claimed range")):
                reason = f": {row['reason']}"
            extra = "".join(
                f"; {name}: {_text(row, key)}"
                for key, name in (("magnitude", "magnitude"), ("robustness", "robustness"))
                if _text(row, key)
            )
            cells.append(f"**{row['verdict']}**{counts}{reason}{extra}")
        body.append(cells)
    header = ["claim", "the paper", "holds in the paper", *(s.name for s in snaps)]
    return stale_note(snaps, "verdict-claims") + md_table(header, body)


def stale_note(snaps: Sequence[Snapshot], table: str) -> str:
    """A warning line per snapshot whose ``table`` was made by other verdict code than
    the current (:func:`textsim.verdicts.fingerprint.stale`), empty when all are current:
    a page shows such verdicts only under this line."""
    from textsim.verdicts.fingerprint import COLUMN, stale

    lines = []
    for s in snaps:
        frame = s.table(table)
        found = str(frame[COLUMN].iloc[0]) if COLUMN in frame and len(frame) else None
        why = stale(found)
        if why:
            lines.append(
                f"**Stale:** the {s.name} verdicts were {why}: they may follow an older rule "
                "and registry than this page describes, until that run's verdicts job is "
                "rerun and the run recorded again.\n\n"
            )
    return "".join(lines)


def _text(row: pd.Series, key: str) -> str:
    """A text cell of a snapshot's row, empty where the column or value is missing
    (snapshots made before the column existed)."""
    value = row.get(key)
    return "" if value is None or pd.isna(value) else str(value)


def schafer_selected(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The Schäfer selection procedure of the last run, as its table says it: per
    dataset and model the selected point, the seeds' eq. 3.1 and parts, the untrained
    control, whether the model learned, the thesis' value."""
    frame = snaps[-1].table("schafer-selected")
    body = [["—" if pd.isna(v) else str(v) for v in row] for row in frame.itertuples(index=False)]
    title = f"The selection procedure ({snaps[-1].name}): test split, mean ± sd over seeds"
    return f"{title}\n\n" + md_table([str(c) for c in frame.columns], body)


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
                    str(r["variant"])
                    + (" (robustness)" if _text(r, "role") == "robustness" else ""),
                    f"{md_num(r['ours better'])} vs {md_num(r['ours worse'])}",
                    f"{md_num(r['difference'])} [{md_num(r['low'])}, {md_num(r['high'])}]"
                    + (
                        f"; adjusted [{md_num(r['low adjusted'])}, {md_num(r['high adjusted'])}]"
                        if not pd.isna(r.get("low adjusted", float("nan")))
                        else ""
                    ),
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
        "difference [95% CI; adjusted for the table's comparisons]",
        "seeds",
        "verdict",
    ]
    return stale_note(snaps, "verdicts") + md_table(header, body)


def corpus(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """Each run's corpus: articles, lines and tokens after cleaning."""
    body = []
    for s in snaps:
        stats = s.table("statistics")
        total = stats[stats["shard"].astype(str) == "total"].iloc[0]
        documents, lines, tokens = (int(total[k]) for k in ("documents", "lines", "tokens"))
        body.append([s.name, f"{documents:,}", f"{lines:,}", f"{tokens / 1e6:.1f}M"])
    return md_table(["run", "articles", "lines", "tokens"], body)


def public_command(command: str) -> str:
    """A recorded command as a user types it: the mirror folder of our machines is the
    reader's own (``TEXTSIM_MIRROR=/path/to/mirror``)."""
    return re.sub(r"TEXTSIM_MIRROR=\S+", "TEXTSIM_MIRROR=/path/to/mirror", command)


def provenance(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """How each snapshot was made: command, config, Keras backend, date, machine."""
    body = [
        [
            s.name,
            f"`{public_command(str(s.meta['command']))}`",
            f"`{s.meta['config']}`",
            str(s.meta["keras_backend"]),
            str(s.meta["made"]),
            str(s.meta["machine"]),
        ]
        for s in snaps
    ]
    return md_table(["run", "command", "config", "Keras backend", "made", "machine"], body)


VIEWS: dict[str, View] = {
    "table-i": table_i,
    "table-ii": table_ii,
    "learned": learned,
    "sts": sts,
    "paragraphs": paragraphs,
    "schafer": schafer,
    "verdicts": verdicts,
    "comparisons": comparisons,
    "scaling-claims": scaling_claims,
    "scaling-costs": scaling_costs,
    "scaling-sizes": scaling_sizes,
    "usage": usage,
    "bench": bench,
    "schafer-selected": schafer_selected,
    "variants": variant_question,
    "variant-remainder": variant_remainder,
    "variant-scales": variant_scales,
    "twitter-sets": twitter_sets,
    "corpus": corpus,
    "provenance": provenance,
}


def render(view: str, snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    if view not in VIEWS:
        raise SnapshotError(f"unknown view {view!r} (one of {', '.join(VIEWS)})")
    return VIEWS[view](snaps, args)
