"""The machine a run or a recording was made on, in words; and the process a
workflow job runs in, which ends with the ``snakemake`` that started it
(:func:`end_with_workflow`)."""

from __future__ import annotations

import logging
import os
import platform
import signal
import threading
import time
from pathlib import Path

__all__ = ["end_with_workflow", "has_nvidia_driver", "processor_name", "vector_extensions"]

#: how long a job that was told to stop may take to end on its own (its ``finally``
#: blocks remove half-written outputs) before it is ended outright
STOP_GRACE_SECONDS = 30.0


def has_nvidia_driver() -> bool:
    """Whether this machine has NVIDIA's kernel driver (Linux: ``/proc/driver/nvidia``
    or a ``/dev/nvidia<N>`` device); without it no CUDA device can be found."""
    return Path("/proc/driver/nvidia").exists() or any(Path("/dev").glob("nvidia[0-9]*"))


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent pid, start time) of process ``pid`` from ``/proc``, None when it is gone
    (or there is no ``/proc``)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after the command name, which may hold spaces
    return int(fields[1]), fields[19]


def _is_snakemake(pid: int) -> bool:
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return any(Path(a.decode(errors="replace")).name.startswith("snakemake") for a in argv[:2])


def _snakemake_ancestor() -> tuple[int, str] | None:
    """The nearest ancestor process that is a ``snakemake`` (pid and start time, which
    tells it from a later process given the same pid), or None."""
    pid = os.getppid()
    while pid > 1:
        found = _stat(pid)
        if found is None:
            return None
        if _is_snakemake(pid):
            return pid, found[1]
        pid = found[0]
    return None


def end_with_workflow(poll_seconds: float = 2.0) -> bool:
    """In a workflow job: stop this process when the ``snakemake`` that started it is
    gone (killed, its terminal closed), so that a rerun never runs the same job beside
    an orphan still writing its outputs. A watcher thread checks every
    ``poll_seconds``; the job is sent SIGINT, as by Ctrl-C (its ``finally`` blocks
    remove half-written outputs), and ended after :data:`STOP_GRACE_SECONDS` if it has
    not stopped. Returns whether a ``snakemake`` ancestor was found (else nothing is
    watched: a job run by hand, or a system without ``/proc``)."""
    ancestor = _snakemake_ancestor()
    if ancestor is None:
        return False
    pid, started = ancestor
    main = threading.current_thread() is threading.main_thread()
    if main and signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        # a snakemake started in the background hands its jobs SIGINT ignored
        signal.signal(signal.SIGINT, signal.default_int_handler)

    def watch() -> None:
        while True:
            time.sleep(poll_seconds)
            found = _stat(pid)
            if found is None or found[1] != started:
                logging.getLogger("textsim").error(
                    "the snakemake process that started this job (pid %d) is gone; stopping", pid
                )
                os.kill(os.getpid(), signal.SIGINT)  # wakes a sleep, unlike interrupt_main
                time.sleep(STOP_GRACE_SECONDS)
                os._exit(1)

    threading.Thread(target=watch, name="end-with-workflow", daemon=True).start()
    return True


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
