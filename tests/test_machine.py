"""textsim.runtime.machine: the processor a run or a recording was made on."""

from __future__ import annotations

from pathlib import Path

import pytest

from textsim.runtime import machine
from textsim.runtime.machine import processor_name, vector_extensions


def test_processor_name_is_a_name() -> None:
    assert processor_name().strip()


def test_vector_extensions_is_the_widest_flag(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cpuinfo = tmp_path / "cpuinfo"
    real = Path

    def fake(path: str) -> Path:
        return cpuinfo if path == "/proc/cpuinfo" else real(path)

    monkeypatch.setattr(machine, "Path", fake)
    cpuinfo.write_text("model name\t: X\nflags\t\t: fpu sse2 avx avx2 avx512f avx512bw\n")
    assert vector_extensions() == "avx512f"
    cpuinfo.write_text("flags\t\t: fpu sse2 avx avx2 fma\n")
    assert vector_extensions() == "avx2"
    cpuinfo.write_text("flags\t\t: fp asimd\n")  # no x86 extension
    assert vector_extensions() == "-"
    cpuinfo.unlink()  # nothing to read
    assert vector_extensions() == "-"
