"""The leaderboards as figures: one panel per couple set, split or dataset, each method a
point with its 95% interval, in the order of its mean rank over the panels; the extra
methods and the learned or trained models marked apart from the baselines, the
published value beside a method where the papers have one."""

from __future__ import annotations

import os
from typing import Any, cast

import numpy as np
import pandas as pd

__all__ = ["forest_figure"]

#: each kind of row's colour and marker (the extra methods stand out)
KINDS = {
    "extra": ("#d55e00", "D"),
    "learned": ("#009e73", "s"),
    "model": ("#009e73", "s"),
    "baseline": ("#555555", "o"),
}


def forest_figure(
    board: pd.DataFrame,
    stem: str | os.PathLike[str],
    *,
    panel: str,
    value: str,
    xlabel: str,
    higher_is_better: bool,
    published: str | None = None,
    dpi: int = 300,
) -> None:
    """``board``: one row per (``panel``, method) with ``label``, ``kind``, ``value``,
    ``low``, ``high`` (and ``published`` when given); written as ``<stem>.pdf/.png``."""
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    from textsim.report.figures import STYLE, save_figure

    panels = list(dict.fromkeys(board[panel]))
    sign = -1.0 if higher_is_better else 1.0
    order = (
        board.assign(_key=sign * board[value])
        .groupby("label")["_key"]
        .mean()
        .sort_values()
        .index.tolist()
    )  # best first, at the top
    y = {label: k for k, label in enumerate(order)}
    with plt.rc_context(cast(Any, STYLE)):
        width = 2.6 * len(panels) + 1.8
        height = 0.19 * len(order) + 1.0
        fig, axes = plt.subplots(
            1, len(panels), figsize=(width, height), sharey=True, squeeze=False
        )
        for ax, name in zip(axes[0], panels, strict=True):
            part = board[board[panel] == name]
            for kind, (colour, marker) in KINDS.items():
                rows = part[part["kind"] == kind]
                if rows.empty:
                    continue
                ys = rows["label"].map(y).to_numpy()
                ax.errorbar(
                    rows[value],
                    ys,
                    xerr=np.vstack([rows[value] - rows["low"], rows["high"] - rows[value]]),
                    fmt=marker,
                    color=colour,
                    markersize=3.5,
                    elinewidth=0.9,
                    capsize=0,
                )
            if published is not None:
                shown = part[part[published].notna()]
                ax.plot(
                    shown[published],
                    shown["label"].map(y),
                    "x",
                    color="#0072b2",
                    markersize=4,
                )
            ax.set_title(str(name))
            ax.set_xlabel(xlabel)
            ax.grid(axis="x", color="#dddddd", linewidth=0.5)
            ax.set_axisbelow(True)
        axes[0][0].set_yticks(range(len(order)))
        axes[0][0].set_yticklabels(order)
        axes[0][0].invert_yaxis()
        handles = [
            Line2D([], [], color=c, marker=m, linestyle="", markersize=4, label=k)
            for k, (c, m) in KINDS.items()
            if k in set(board["kind"])
        ]
        if published is not None and board[published].notna().any():
            handles.append(
                Line2D([], [], color="#0072b2", marker="x", linestyle="", label="published")
            )
        fig.tight_layout()
        fig.legend(handles=handles, loc="lower center", ncol=len(handles), frameon=False,
                   bbox_to_anchor=(0.5, 0.99))  # fmt: skip
        save_figure(fig, stem, dpi=dpi)
