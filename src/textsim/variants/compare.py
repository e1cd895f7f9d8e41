"""One comparison per question of the variant study: the published split error, our
default pipeline's, and each variant's, with a two-tailed binomial test of the
variant's test errors against the default's error rate (the papers' own test), the
points of the gap to the paper each variant explains (:func:`explained`), and what
each variant's texts and vocabulary look like."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any, cast

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from textsim.core.io import PathLike
from textsim.report.figures import STYLE, save_figure

__all__ = [
    "LEARNED",
    "comparison",
    "explained",
    "method_label",
    "plot_comparison",
    "text_statistics",
    "wide",
]


#: the learned-weights row of a comparison (PRL 2016 median loss)
LEARNED = "learned_median"


def method_label(method: str) -> str:
    from textsim.deboom.baselines import BASELINES

    if method == LEARNED:
        return "Learned weights (median loss), Euclidean"
    m = BASELINES[method]
    euclidean = m.metric == "euclidean" and "Euclidean" not in m.label
    return m.label + (", Euclidean" if euclidean else "")


def text_statistics(
    couples: PathLike, vectors: PathLike, *, rare_count: int
) -> dict[str, float | int]:
    """Of the test couples, cut as they are scored: how many, the vocabulary of the
    vectors, and the share of their tokens that are rare for word2vec (trained on fewer
    than ``rare_count`` occurrences, or out of its vocabulary)."""
    from textsim.deboom.pairs import read_couples
    from textsim.formats.vectorfile import read_vectors

    kv = read_vectors(vectors)
    count = {w: int(kv.get_vecattr(w, "count")) for w in kv.index_to_key}
    test = read_couples(couples)
    test = test[test["split"] == "test"]
    tokens = " ".join(pd.concat([test["text1"], test["text2"]])).split()
    rare = sum(count.get(t, 0) < rare_count for t in tokens)
    return {
        "n_test": len(test),
        "vocabulary": len(kv),
        "rare_share": rare / max(len(tokens), 1),
    }


def comparison(
    question: str,
    runs: Sequence[Mapping[str, Any]],
    methods: Sequence[str],
    *,
    statistics: Mapping[tuple[str, str], Mapping[str, float | int]] | None = None,
    reference: str = "default",
) -> pd.DataFrame:
    """The long comparison table of one question.

    ``runs``: one mapping per (variant, length) with keys ``variant``, ``length``,
    ``vectors`` (the primary ones), ``metrics`` (the baselines' metrics CSV) and
    ``learned`` (the median-loss metrics CSV, or None). Each variant's row is tested
    against the ``reference`` run's row (the default pipeline unless the question
    names another variant) of the same method and length.
    """
    from textsim.deboom.metrics import binomial_test
    from textsim.verdicts.published import published_value

    rows = []
    for run in runs:
        frame = pd.read_csv(run["metrics"])
        if run.get("learned"):
            frame = pd.concat([frame, pd.read_csv(run["learned"])], ignore_index=True)
        by_method = {str(k): v for k, v in frame.set_index("method").to_dict("index").items()}
        missing = [m for m in methods if m not in by_method]
        if missing:
            raise ValueError(f"{run['metrics']}: no row for {missing}")
        for method in methods:
            r = by_method[method]
            rows.append(
                {
                    "question": question,
                    "length": str(run["length"]),
                    "variant": run["variant"],
                    "vectors": run["vectors"],
                    "method": method,
                    "label": method_label(method),
                    "test_error": 100 * float(r["test_error"]),
                    "test_errors": int(r["test_errors"]),
                    "n_test": int(r["n_test"]),
                    "js_robust": float(r["js_robust"]),
                    "published": published_value("deboom", str(run["length"]), method),
                }
            )
    long = pd.DataFrame(rows)
    ref = {
        (r["length"], r["method"]): float(r["test_error"]) / 100
        for r in rows
        if r["variant"] == reference
    }
    if not ref:
        raise ValueError(f"the comparison has no run of its reference {reference!r}")
    p_values = [
        np.nan
        if r["variant"] in ("default", reference)
        else binomial_test(r["test_errors"], r["n_test"], ref[(r["length"], r["method"])])
        for r in rows
    ]
    long["reference"] = reference
    long["p_value"] = p_values
    if statistics:
        for col in ("vocabulary", "rare_share"):
            long[col] = [statistics[(r["variant"], r["length"])][col] for r in rows]
    return explained(long)


def explained(long: pd.DataFrame) -> pd.DataFrame:
    """``long`` with the points of the gap to the paper each variant explains.

    Per method and length: ``gap`` = reference − published error (points; positive
    where ours is worse), ``moved`` = variant − reference, ``explained`` = ``moved``
    toward the paper (positive: toward it; ``explained`` > |gap|: beyond it), with a
    95% interval (``explained_low``, ``explained_high``) and the one verdict rule
    (:mod:`textsim.verdicts.rule`) on it: *holds* (the variant moves our error toward
    the paper's), *fails* (away from it), *within noise*. The interval treats the two
    test sets as independent samples (normal approximation of two error rates): for
    the variants that keep the reference's couples it is conservative, since the
    per-couple outcomes are not kept to pair them. The reference's own rows and those
    without a published value get none."""
    from statistics import NormalDist

    from textsim.verdicts.rule import LEVEL, judge

    z = NormalDist().inv_cdf(0.5 + LEVEL / 2)
    reference = str(long["reference"].iloc[0]) if len(long) else "default"
    ref = long[long["variant"] == reference].set_index(["length", "method"])
    out = long.copy()
    cols: dict[str, list[Any]] = {
        k: [] for k in ("gap", "moved", "explained", "explained_low", "explained_high", "verdict")
    }
    for _, r in long.iterrows():
        key = (r["length"], r["method"])
        published = float(r["published"])
        base = ref.loc[key] if key in ref.index else None
        if base is None or r["variant"] in ("default", reference) or np.isnan(published):
            for name, v in cols.items():
                v.append("" if name == "verdict" else np.nan)
            continue
        ours, theirs = float(base["test_error"]), float(r["test_error"])
        gap = ours - published
        toward = -1.0 if gap > 0 else 1.0  # the direction of the paper from ours
        p1, n1 = theirs / 100, int(r["n_test"])
        p0, n0 = ours / 100, int(base["n_test"])
        half = 100 * z * float(np.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0))
        value = toward * (theirs - ours)
        cols["gap"].append(gap)
        cols["moved"].append(theirs - ours)
        cols["explained"].append(value)
        cols["explained_low"].append(value - half)
        cols["explained_high"].append(value + half)
        cols["verdict"].append(str(judge(value - half, value + half, lower_is_better=False)))
    for name, values in cols.items():
        out[name] = values
    from textsim.verdicts.gaps import outcomes

    return outcomes(out)


def wide(long: pd.DataFrame) -> pd.DataFrame:
    """Rows: methods (then the texts' statistics), columns: paper, default, each variant
    and its p-value against the reference; one block per length."""
    from textsim.report.tables import format_p, format_pct

    variants = list(dict.fromkeys(long["variant"]))
    untested = {"default", str(long["reference"].iloc[0])}
    blocks = []
    for length, sub in long.groupby("length", sort=False):
        by = sub.set_index(["variant", "method"])
        methods = list(dict.fromkeys(sub["method"]))
        rows = []
        for m in methods:
            first = by.loc[(variants[0], m)]
            row: dict[str, str] = {
                "length": str(length),
                "technique": f"{first['label']} ({first['vectors']})",
                "paper": format_pct(float(first["published"])),
            }
            for v in variants:
                r = by.loc[(v, m)]
                cell = format_pct(float(r["test_error"]))
                if v != variants[0] and r["vectors"] != first["vectors"]:
                    cell += f" ({r['vectors']})"
                row[v] = cell
                if v not in untested:
                    row[f"p {v}"] = format_p(float(r["p_value"]))
            rows.append(row)
        stats = [("test couples", "n_test", "{:,.0f}")]
        if "vocabulary" in sub:
            stats += [
                ("vocabulary", "vocabulary", "{:,.0f}"),
                ("rare-word share", "rare_share", "{:.2%}"),
            ]
        for label, col, fmt in stats:
            row = {"length": str(length), "technique": label, "paper": "—"}
            for v in variants:
                row[v] = fmt.format(float(by.loc[(v, methods[0]), col]))
                if v not in untested:
                    row[f"p {v}"] = ""
            rows.append(row)
        blocks.append(pd.DataFrame(rows))
    return pd.concat(blocks, ignore_index=True)


def plot_comparison(long: pd.DataFrame, stem: PathLike, *, title: str, dpi: int) -> None:
    """Split error of every method: the paper (star), the default and each variant (one
    marker each; filled where the variant differs from the reference at p < 0.05)."""
    lengths = list(dict.fromkeys(long["length"]))
    variants = list(dict.fromkeys(long["variant"]))
    colors = [plt.get_cmap("tab10")(i) for i in range(10)]
    markers = ["o", "s", "^", "D", "v", "P", "X", "<", ">"]
    with plt.rc_context(cast(Any, STYLE)):
        n_methods = long.groupby("length")["method"].nunique().max()
        fig, axes = plt.subplots(
            1,
            len(lengths),
            figsize=(3.6 * len(lengths) + 1.5, 0.32 * n_methods + 1.4),
            sharey=True,
            squeeze=False,
        )
        for ax, length in zip(axes[0], lengths, strict=True):
            sub = long[long["length"] == length]
            methods = list(dict.fromkeys(sub["method"]))
            y = np.arange(len(methods))[::-1]
            pos = dict(zip(methods, y, strict=True))
            paper = sub[sub["variant"] == variants[0]]
            ax.scatter(
                paper["published"],
                [pos[m] for m in paper["method"]],
                marker="*",
                s=70,
                color="black",
                label="paper",
                zorder=3,
            )
            offsets = np.linspace(-0.25, 0.25, len(variants))
            for i, v in enumerate(variants):
                rows = sub[sub["variant"] == v]
                ys = np.array([pos[m] for m in rows["method"]]) + offsets[i]
                filled = (rows["p_value"] < 0.05).to_numpy() | rows["p_value"].isna().to_numpy()
                color = colors[i % 10]
                ax.scatter(
                    rows["test_error"][filled],
                    ys[filled],
                    marker=markers[i % len(markers)],
                    s=22,
                    color=color,
                    label=v,
                    zorder=2,
                )
                ax.scatter(
                    rows["test_error"][~filled],
                    ys[~filled],
                    marker=markers[i % len(markers)],
                    s=22,
                    facecolors="none",
                    edgecolors=color,
                    zorder=2,
                )
            ax.set_yticks(y, [sub[sub["method"] == m]["label"].iloc[0] for m in methods])
            ax.set_xlabel("split error on test (%)")
            words = f"{length} words" if length.isdigit() else length
            ax.set_title(f"{textwrap.fill(title, 60)}\n({words})")
            ax.grid(True, axis="x", alpha=0.3, linewidth=0.5)
        handles, labels = axes[0][0].get_legend_handles_labels()
        fig.legend(
            handles,
            labels,
            loc="lower center",
            ncol=min(len(labels), 5),
            bbox_to_anchor=(0.5, -0.02),
            frameon=False,
        )
        fig.text(
            0.5,
            -0.07,
            f"hollow: not different from {long['reference'].iloc[0]} (binomial test, p ≥ 0.05)",
            ha="center",
            fontsize=7,
        )
        fig.tight_layout(rect=(0, 0.06, 1, 1))
        save_figure(fig, stem, dpi=dpi)
