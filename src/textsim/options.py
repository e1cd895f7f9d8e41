"""A stage's settings as one checked object.

A rule passes its settings as one mapping (``params: options={...}``, values from the
config, whose schema is the one place for defaults); the library function that uses
them declares them as a frozen dataclass beside it and reads the mapping with
:func:`settings_of`, which names every unknown and missing key in a short error.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

__all__ = ["SettingsError", "settings_of"]

T = TypeVar("T")


class SettingsError(TypeError, ValueError):
    """Unknown or missing settings; the message names them and what they are for."""


def settings_of(cls: type[T], options: Mapping[str, Any], what: str) -> T:
    """The dataclass ``cls`` of ``options``; ``what`` names the settings in errors
    (e.g. ``"couple curation"``). Keys without a default in ``cls`` are required."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    known = [f.name for f in fields]
    required = {
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    unknown = sorted(set(options) - set(known))
    missing = sorted(required - set(options))
    if unknown or missing:
        parts = []
        if unknown:
            parts.append(f"unknown setting(s) {unknown} (known: {', '.join(known)})")
        if missing:
            parts.append(f"missing {missing}")
        raise SettingsError(f"{what}: " + "; ".join(parts))
    return cls(**options)
