"""Small file-system helpers shared by every stage: atomic writes, logging."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "InputFileError",
    "PathLike",
    "atomic_dir",
    "atomic_path",
    "one_line",
    "one_line_errors",
    "private_dir",
    "quoted",
    "read_json",
    "read_text_lines",
    "remove_stale_parts",
    "setup_logging",
    "write_json",
    "write_npz",
]

PathLike = str | os.PathLike[str]


class InputFileError(ValueError):
    """A user's input file cannot be used; the message names the file (and line)."""


#: the most characters of a file's content an error message quotes
QUOTE_CHARS = 100


def quoted(value: object, limit: int = QUOTE_CHARS) -> str:
    """``value`` as an error message may show content read from a file: its ``repr``
    (control characters, terminal escapes and line ends escaped, so a message stays one
    harmless line) cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def one_line(message: str, limit: int = 2000) -> str:
    """An error message made safe to print: control characters (line ends, terminal
    escape sequences) escaped, at most ``limit`` characters."""
    safe = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"


def private_dir(folder: Path) -> bool:
    """Make ``folder`` (mode 0700) or check the one there: True when it is a real folder
    owned by this user that nobody else can write (a cache in a shared temporary
    directory must not be one that another user prepared) and this user can."""
    import stat
    import tempfile

    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        st = folder.lstat()
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode) or st.st_mode & 0o022:
        return False
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return False
    try:
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; move it into place only on success.

    A stage that fails half-way therefore never leaves a half-written output
    behind: the temporary file is removed and ``path`` is untouched. A temporary file
    that a killed earlier save left beside ``path`` (its process gone) is removed
    first (:func:`remove_stale_parts`).
    """
    final = Path(path)
    final.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(final)
    tmp = final.with_name(f".{final.name}.part-{os.getpid()}")
    try:
        yield tmp
        os.replace(tmp, final)
    except OSError as err:
        if err.filename is not None and Path(err.filename) == tmp:
            # the user named `final`; the temporary file is ours
            raise type(err)(err.errno, f"cannot write: {err.strerror}", str(final)) from None
        raise
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def _process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def remove_stale_parts(final: Path) -> list[Path]:
    """Remove the temporary files (``.NAME.part-PID``) of earlier saves to ``final`` whose
    process no longer exists on this machine (killed mid-save: SIGKILL runs no
    clean-up); returns them. A save still running keeps its file."""
    removed = []
    for part in final.parent.glob(f".{final.name}.part-*"):
        pid = part.name.rsplit("-", 1)[1]
        if pid.isascii() and pid.isdigit() and not _process_exists(int(pid)):
            with contextlib.suppress(FileNotFoundError):
                shutil.rmtree(part) if part.is_dir() else part.unlink()
                removed.append(part)
    return removed


@contextlib.contextmanager
def atomic_dir(path: str | os.PathLike[str]) -> Iterator[Path]:
    """As :func:`atomic_path`, for a folder of outputs: filled beside ``path``, then
    moved into place (replacing an old one) only on success."""
    final = Path(path)
    final.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(final)
    tmp = final.with_name(f".{final.name}.part-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    try:
        yield tmp
        shutil.rmtree(final, ignore_errors=True)
        os.replace(tmp, final)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def setup_logging(
    log_file: str | os.PathLike[str] | None = None, level: int = logging.INFO
) -> None:
    """Send log records and progress bars (stderr) to ``log_file``, or to stderr if None.

    Workflow scripts call this first, so each job's log file holds its
    progress (tqdm writes to stderr) and its messages; a job started by ``snakemake``
    also ends when that process is gone (:func:`textsim.runtime.machine.end_with_workflow`).
    """
    from textsim.runtime.machine import end_with_workflow

    end_with_workflow()
    if log_file is not None:
        Path(log_file).parent.mkdir(parents=True, exist_ok=True)
        sys.stderr = open(log_file, "w", buffering=1, encoding="utf-8")  # noqa: SIM115
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        handlers=[logging.StreamHandler(sys.stderr)],
        force=True,
    )


@contextlib.contextmanager
def one_line_errors(*kinds: type[Exception]) -> Iterator[None]:
    """For a workflow job: an error of ``kinds`` (a user's input, an unreachable
    download) ends the job as one logged line (escaped: :func:`one_line`) and exit
    status 1, not a traceback; any other error keeps its traceback (a bug)."""
    try:
        yield
    except kinds as err:
        logging.getLogger("textsim").error("%s", one_line(str(err)))
        raise SystemExit(1) from None


def write_json(obj: Any, path: PathLike) -> None:
    """``obj`` as indented JSON to ``path``, atomically."""
    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps(obj, indent=1), encoding="utf-8")


def read_json(path: PathLike) -> Any:
    """Parse a JSON file; a missing, non-UTF-8 or malformed file raises
    :class:`InputFileError` naming the file and line."""
    p = Path(path)
    try:
        text = p.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise InputFileError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise InputFileError(f"{p}: is a directory, not a JSON file") from None
    except UnicodeDecodeError as err:
        line = text_line_of(p.read_bytes(), err.start)
        raise InputFileError(f"{p}:{line}: not UTF-8 text, so not JSON") from None
    if not text.lstrip().startswith(("{", "[")):
        raise InputFileError(f"{p}:1: not a JSON file")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        what = "malformed" if text.rstrip().endswith(("}", "]")) else "truncated"
        raise InputFileError(f"{p}:{err.lineno}: {what} JSON ({err.msg})") from None


def text_line_of(data: bytes, offset: int) -> int:
    """1-based line number of byte ``offset`` in ``data``."""
    return data.count(b"\n", 0, offset) + 1


def read_text_lines(path: PathLike, *, what: str = "texts") -> list[str]:
    """The lines of a UTF-8 text file (line ends removed; a UTF-8 BOM is ignored).

    Raises :class:`InputFileError` naming the file for a missing path, a
    directory, bytes that are not UTF-8 (with the line), a binary file (NUL
    bytes) and an empty file."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputFileError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise InputFileError(f"{p}: is a directory, expected a text file of {what}") from None
    if b"\0" in data:
        line = text_line_of(data, data.index(b"\0"))
        raise InputFileError(
            f"{p}:{line}: binary data (NUL byte), expected a text file of {what}, one per line"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = text_line_of(data, err.start)
        raise InputFileError(
            f"{p}:{line}: not UTF-8 (byte 0x{data[err.start]:02x}); convert the file first, "
            f"e.g. iconv -f latin1 -t utf-8"
        ) from None
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if lines[-1] == "":
        lines.pop()  # the final line end
    if not lines:
        raise InputFileError(f"{p}: empty file, expected {what}, one per line")
    return lines


def write_csv(frame: Any, path: PathLike, *, float_format: str | None = "%.6g") -> None:
    """A pandas table as CSV without its index, atomically (numbers to 6 significant
    digits unless told)."""
    with atomic_path(path) as tmp:
        frame.to_csv(tmp, index=False, float_format=float_format)


def write_npz(path: PathLike, **arrays: Any) -> None:
    """Arrays to exactly ``path`` (no suffix added), atomically, without pickles."""
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        np.savez_compressed(fh, allow_pickle=False, **arrays)
