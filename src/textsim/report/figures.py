"""Figure style and saving shared by every paper (PDF + PNG, journal style)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from textsim.core.io import atomic_path

STYLE: dict[str, Any] = {
    "font.size": 9,
    "axes.labelsize": 9,
    "axes.titlesize": 9,
    "legend.fontsize": 8,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "pdf.fonttype": 42,
}


def save_figure(fig: Figure, stem: str | os.PathLike[str], dpi: int = 300) -> None:
    """Save ``fig`` as ``<stem>.pdf`` and ``<stem>.png`` atomically."""
    stem = Path(stem)
    for ext in (".pdf", ".png"):
        with atomic_path(stem.with_suffix(ext)) as tmp:
            fig.savefig(tmp, format=ext[1:], dpi=dpi, bbox_inches="tight")
    plt.close(fig)
