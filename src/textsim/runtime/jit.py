"""Where numba keeps the compiled kernels, with a clean fallback.

numba caches a kernel beside its source (``__pycache__``) or under the user's cache
folder, and refuses to import a ``cache=True`` kernel when neither is writable (a
read-only install run under a user with no writable home, as in containers started
under an arbitrary UID). Before any kernel is defined, :data:`CACHE` settles it:

1. ``NUMBA_CACHE_DIR`` set by the user: theirs;
2. the installed package writable, or the user's cache folder (``$XDG_CACHE_HOME``,
   else ``~/.cache``): numba's own choice, kept;
3. else a private folder of this user under the temporary directory (mode 0700, owned
   by this user; numba's cache index is a pickle, so a folder someone else could write
   is never used), or a fresh one;
4. else no caching (``CACHE`` is False): kernels compile once per process.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from textsim.core.io import private_dir

__all__ = ["CACHE"]


def _writable(folder: Path) -> bool:
    try:
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def _cache_dir() -> str | None:
    """The folder to give numba (None: numba's own choice works, or nothing does)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    package = Path(__file__).resolve().parent
    pycache = package / "__pycache__"
    if _writable(pycache if pycache.is_dir() else package):
        return None
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    with contextlib.suppress(OSError):
        Path(home).mkdir(parents=True, exist_ok=True)
    if Path(home).is_dir() and _writable(Path(home)):
        return None
    try:
        base = Path(tempfile.gettempdir())
    except OSError:  # no writable temporary directory at all
        return ""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    mine = base / f"textsim-numba-{uid}"
    if private_dir(mine):
        return str(mine)
    try:
        return tempfile.mkdtemp(prefix="textsim-numba-")
    except OSError:
        return ""


def _setup() -> bool:
    folder = _cache_dir()
    if folder is None:
        return True
    if not folder:
        return False
    os.environ["NUMBA_CACHE_DIR"] = folder
    import numba.core.config

    numba.core.config.CACHE_DIR = folder  # type: ignore[attr-defined]  # imported already?
    return True


#: whether kernels are cached (``@njit(cache=CACHE)``)
CACHE: bool = _setup()
