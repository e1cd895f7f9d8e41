"""The machine a run or a recording was made on, in words."""

from __future__ import annotations

import platform
from pathlib import Path

__all__ = ["processor_name", "vector_extensions"]


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


#: x86 vector extensions, widest first: numeric libraries (OpenBLAS, numpy, oneDNN,
#: numba) pick their kernels by them, so results can differ in the last bits between
#: processors of one model name (an "AMD EPYC" with AVX-512 and one without)
_EXTENSIONS = ("avx512f", "avx2", "avx", "sse2")


def vector_extensions() -> str:
    """The widest x86 vector extension the processor offers (from /proc/cpuinfo's
    flags), or ``-`` where there is none to read."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                return next((e for e in _EXTENSIONS if e in flags), "-")
    except OSError:
        pass
    return "-"
