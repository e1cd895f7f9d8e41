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

from textsim.pages.claims import comparisons, seed_spread, verdicts
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


def schafer_selected(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """The Schäfer selection procedure of the last run, as its table says it: per
    dataset and model the selected point, the seeds' eq. 3.1 and parts, the untrained
    control, whether the model learned, the thesis' value."""
    frame = snaps[-1].table("schafer-selected")
    body = [["—" if pd.isna(v) else str(v) for v in row] for row in frame.itertuples(index=False)]
    title = f"The selection procedure ({snaps[-1].name}): test split, mean ± sd over seeds"
    return f"{title}\n\n" + md_table([str(c) for c in frame.columns], body)


#: each leaderboard view's titles (args: family, then ``comparisons`` for its second table)
LEADERBOARD_TITLES = {
    "deboom": "De Boom's couples: every method's test split error, ranked per couple set",
    "sts": "STS: every method's Pearson r × 100, ranked per split",
    "schafer": "Schäfer's framework: every run's eq. 3.1, ranked per dataset",
}


def leaderboard(snaps: Sequence[Snapshot], args: Sequence[str]) -> str:
    """A leaderboard of the last run as its table says it (args: deboom | sts | schafer,
    then optionally ``comparisons``, the extra methods against the references, or a
    number N: the first N ranks of each set, split or dataset and every extra method's
    rows)."""
    family, *rest = args
    top = int(rest[0]) if len(rest) == 1 and rest[0].isdigit() else None
    if family not in LEADERBOARD_TITLES or (top is None and rest not in ([], ["comparisons"])):
        raise SnapshotError(
            f"leaderboard: expected deboom | sts | schafer [comparisons | N], got {args}"
        )
    comparisons = rest == ["comparisons"]
    name = f"leaderboard-{family}" + ("-comparisons" if comparisons else "")
    frame = snaps[-1].table(name)
    title = LEADERBOARD_TITLES[family] + (": the extra methods' comparisons" if comparisons else "")
    if top is not None:
        if "Kind" in frame:
            extra = frame["Kind"] == "extra"
        else:  # the STS board: its extra methods are those its comparisons name
            names = set(snaps[-1].table(f"{name}-comparisons")["Method"])
            extra = frame["Method"].isin(names)
        frame = frame[(frame["Rank"] <= top) | extra]
        title += f", the first {top} of each and every extra method"
    body = [["—" if pd.isna(v) else str(v) for v in row] for row in frame.itertuples(index=False)]
    return f"{title} ({snaps[-1].name}, 95% intervals)\n\n" + md_table(
        [str(c) for c in frame.columns], body
    )


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
    "seed-spread": seed_spread,
    "scaling-claims": scaling_claims,
    "scaling-costs": scaling_costs,
    "scaling-sizes": scaling_sizes,
    "usage": usage,
    "bench": bench,
    "schafer-selected": schafer_selected,
    "leaderboard": leaderboard,
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
