"""The machine a run or a recording was made on, in words."""

from __future__ import annotations

import platform
from pathlib import Path

__all__ = ["processor_name"]


def processor_name() -> str:
    """The processor's model name (/proc/cpuinfo where there is one, else what
    :mod:`platform` knows)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "-"
