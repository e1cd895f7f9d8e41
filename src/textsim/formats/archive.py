"""Reading a model file's members through :mod:`zipfile`, each bounded before a byte
of it is decompressed (:class:`Archive`): what :mod:`textsim.formats.modelfile` trusts."""

from __future__ import annotations

import math
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.core.io import InputFileError

__all__ = ["MAX_META_BYTES", "MAX_TEXT_RATIO", "WORD_BYTES", "Archive"]

#: the largest ``meta`` member read (JSON: parameters, identity, training history)
MAX_META_BYTES = 16 << 20
#: bytes allowed per vocabulary word (UTF-8) and for a ``.npy`` member's header
WORD_BYTES, _HEADER_BYTES = 1024, 4096
#: the most a text member (the vocabulary) may grow when decompressed, as a multiple
#: of its compressed size: a real vocabulary compresses 2-4 times (measured on Wikipedia
#: vocabularies of 10^3 to 10^5 words, sorted or by frequency), a file that claims much
#: more is refused before a byte of it is decompressed, so the words a model file may
#: hold are bounded by its size, not by what its metadata says
MAX_TEXT_RATIO = 32


class Archive:
    """The members of a model file, read through :mod:`zipfile` so that each member's
    size is checked against a bound before a byte of it is decompressed; every read
    error names the file and the member, and never quotes the file's content."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if not path.exists():
            raise InputFileError(f"{path}: no such model file")
        if path.is_dir():
            raise InputFileError(f"{path}: is a directory, not a model file")
        try:
            self.zip = zipfile.ZipFile(path)
            self.members = {
                info.filename.removesuffix(".npy"): info
                for info in self.zip.infolist()
                if info.filename.endswith(".npy")
            }
        except (ValueError, OSError, EOFError, zipfile.BadZipFile) as err:
            raise InputFileError(self._not_model(err)) from None
        if "meta" not in self.members:
            raise InputFileError(self._not_model(None))

    def _not_model(self, err: Exception | None) -> str:
        why = f" ({type(err).__name__})" if err else ""
        if isinstance(err, zipfile.BadZipFile):
            why = " (not a NumPy .npz archive)"
        return (
            f"{self.path}: not a textsim model file, or truncated{why}; model files are "
            "written by `textsim fit` or textsim.save()"
        )

    def close(self) -> None:
        self.zip.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __contains__(self, name: str) -> bool:
        return name in self.members

    def get(self, name: str, shape: tuple[int, ...] | None = None) -> npt.NDArray[Any] | None:
        return self.read(name, shape) if name in self.members else None

    def read(
        self,
        name: str,
        shape: tuple[int, ...] | None = None,
        *,
        max_bytes: int | None = None,
        max_ratio: float | None = None,
    ) -> npt.NDArray[Any]:
        """Member ``name``: refused unless it is a plain numeric array of ``shape``
        (when given) whose size — as the archive declares it, then as its header
        does — fits the shape (or ``max_bytes``, and ``max_ratio`` times its compressed
        size), before its data is decompressed."""
        if name not in self.members:
            raise InputFileError(f"{self.path}: model file lacks the array {name!r} (corrupt)")
        info = self.members[name]
        if shape is not None:
            max_bytes = 8 * math.prod(shape)
        limit = _HEADER_BYTES + (max_bytes if max_bytes is not None else 0)
        if max_ratio is not None:
            limit = min(limit, _HEADER_BYTES + int(max_ratio * info.compress_size))
        if info.file_size > limit:
            raise InputFileError(
                f"{self.path}: member {name!r} declares {info.file_size:,} bytes, more than "
                f"the {limit:,} its shape allows (corrupt or tampered model file)"
            )
        try:
            with self.zip.open(info) as fh:
                version = np.lib.format.read_magic(fh)
                header = (
                    np.lib.format.read_array_header_1_0
                    if version == (1, 0)
                    else np.lib.format.read_array_header_2_0
                )
                found, fortran, dtype = header(fh, max_header_size=_HEADER_BYTES)
                if dtype.hasobject or dtype.kind not in "biuf":
                    raise InputFileError(
                        f"{self.path}: member {name!r} is not a numeric array (dtype {dtype})"
                    )
                if shape is not None and tuple(found) != tuple(shape):
                    raise InputFileError(
                        f"{self.path}: member {name!r} has shape {tuple(found)}, but the "
                        f"model's parameters give {tuple(shape)} (corrupt or mislabelled)"
                    )
                size = math.prod(found) * dtype.itemsize
                if size > limit:
                    raise InputFileError(
                        f"{self.path}: member {name!r} declares {size:,} bytes of data, "
                        f"more than {limit:,} (corrupt or tampered model file)"
                    )
                data = fh.read(size)
        except InputFileError:
            raise
        except (ValueError, OSError, EOFError, zipfile.BadZipFile, zlib.error) as err:
            raise InputFileError(
                f"{self.path}: member {name!r} cannot be read ({type(err).__name__}); "
                "truncated or corrupt model file"
            ) from None
        if len(data) != size:
            raise InputFileError(f"{self.path}: member {name!r} is truncated")
        array = np.frombuffer(data, dtype=dtype)
        return array.reshape(found, order="F" if fortran else "C")

    def finite(self, name: str, shape: tuple[int, ...]) -> npt.NDArray[np.float64]:
        """Member ``name`` as float64 of ``shape``, refused when it holds NaN or ±inf."""
        array = np.asarray(self.read(name, shape), dtype=np.float64)
        if not np.isfinite(array).all():
            raise InputFileError(
                f"{self.path}: member {name!r} holds NaN or infinite values (corrupt model "
                "file); fit the model again"
            )
        return array
