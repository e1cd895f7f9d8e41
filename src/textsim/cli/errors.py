"""The exit codes of every ``textsim`` command and the error handling that turns each
failure into one line on stderr and its code (:func:`guarded`)."""

from __future__ import annotations

import sys
from collections.abc import Callable

from textsim.core.io import one_line

__all__ = [
    "EXIT_BUG",
    "EXIT_CODES",
    "EXIT_INTERRUPTED",
    "EXIT_MISSING_PACKAGE",
    "EXIT_OK",
    "EXIT_OUT_OF_MEMORY",
    "EXIT_PIPE_CLOSED",
    "EXIT_USER_ERROR",
    "guarded",
    "workflow_packages",
]

#: the exit codes of every command and what each means (the help and the CLI reference)
EXIT_CODES = {
    0: "success",
    1: "internal error: a bug (TEXTSIM_DEBUG=1 shows the traceback)",
    2: "user error: one line naming the file (and line) or option; nothing written",
    3: "an optional package is missing",
    4: "out of memory",
    130: "interrupted (Ctrl-C); nothing half-written is left",
    141: "the output was closed early (e.g. piped into head); the rest is not printed",
}
(
    EXIT_OK,
    EXIT_BUG,
    EXIT_USER_ERROR,
    EXIT_MISSING_PACKAGE,
    EXIT_OUT_OF_MEMORY,
    EXIT_INTERRUPTED,
    EXIT_PIPE_CLOSED,
) = sorted(EXIT_CODES)


def workflow_packages() -> set[str]:
    """The import names of the packages the ``[workflow]`` extra adds (read from the
    installed package's metadata, so pyproject.toml stays their one list)."""
    import re
    from importlib.metadata import PackageNotFoundError, requires

    try:
        wanted = requires("textsim") or []
    except PackageNotFoundError:
        return set()
    names = {
        re.split(r"[<>=!~;\[ ]", req, maxsplit=1)[0].strip().lower().replace("-", "_")
        for req in wanted
        if re.search(r"extra\s*==\s*['\"]workflow['\"]", req)
    }
    return names


def guarded(command: str, run: Callable[[], int]) -> int:
    """Run a command; every failure is one line on stderr and a documented exit code:
    2 a user's mistake (bad file, option, method), 3 a missing optional package, 4 out
    of memory, 1 anything else (a bug: ``TEXTSIM_DEBUG=1`` shows its traceback)."""
    import os

    try:
        return run()
    except BrokenPipeError:
        raise  # the reader stopped early: main() ends quietly
    except ImportError as err:
        hint = ""
        if err.name and err.name.split(".")[0] in workflow_packages():
            hint = " (a package of the workflow: pip install 'textsim[workflow]')"
        print(f"textsim {command}: error: {one_line(str(err))}{hint}", file=sys.stderr)
        return EXIT_MISSING_PACKAGE
    except MemoryError as err:
        what = one_line(str(err)) or "split very long texts, or give the process more memory"
        print(f"textsim {command}: error: out of memory ({what})", file=sys.stderr)
        return EXIT_OUT_OF_MEMORY
    except (ValueError, TypeError, OSError, RuntimeError) as err:
        print(f"textsim {command}: error: {one_line(str(err))}", file=sys.stderr)
        return EXIT_USER_ERROR
    except Exception as err:
        if os.environ.get("TEXTSIM_DEBUG"):
            raise
        print(
            f"textsim {command}: internal error: {type(err).__name__}: "
            f"{one_line(str(err))} (a bug; "
            "rerun with TEXTSIM_DEBUG=1 for the traceback and please report it)",
            file=sys.stderr,
        )
        return EXIT_BUG
