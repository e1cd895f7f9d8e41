"""A stage's settings as one checked object.

A rule passes its settings as one mapping (``params: options={...}``, values from the
config, whose schema is the one place for defaults); the library function that uses
them declares them as a frozen dataclass beside it and reads the mapping with
:func:`settings_of`, which names every unknown and missing key in a short error.

A stage whose settings are already a library function's keyword-only parameters (a
table's title and note, a figure's dpi) needs no second declaration: the rule still
passes one mapping, and :func:`call_with` checks it against the signature the same way
before calling the function.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

__all__ = ["SettingsError", "call_with", "keyword_settings", "settings_of"]

T = TypeVar("T")


class SettingsError(TypeError, ValueError):
    """Unknown or missing settings; the message names them and what they are for."""


def settings_of(cls: type[T], options: Mapping[str, Any], what: str) -> T:
    """The dataclass ``cls`` of ``options``; ``what`` names the settings in errors
    (e.g. ``"couple curation"``). Keys without a default in ``cls`` are required."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    required = {
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    _check([f.name for f in fields], required, options, what)
    return cls(**options)


def call_with(
    function: Callable[..., T],
    *args: Any,
    options: Mapping[str, Any],
    what: str | None = None,
    **given: Any,
) -> T:
    """``function(*args, **given, **options)``, after checking ``options`` against the
    function's keyword-only parameters not in ``given`` (those without a default are
    required); ``given`` holds what is not a setting (e.g. ``workers`` from a rule's
    threads). ``what`` names the settings in errors (default: the function's name)."""
    known, required = keyword_settings(function, given)
    _check(known, required, options, what or function.__name__)
    return function(*args, **given, **options)


def keyword_settings(
    function: Callable[..., Any], given: Collection[str] = ()
) -> tuple[list[str], set[str]]:
    """The settings ``function`` declares: its keyword-only parameters not in ``given``,
    and those of them without a default (the required ones)."""
    parameters = [
        p
        for p in inspect.signature(function).parameters.values()
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name not in given
    ]
    return [p.name for p in parameters], {
        p.name for p in parameters if p.default is inspect.Parameter.empty
    }


def _check(
    known: list[str], required: Collection[str], options: Mapping[str, Any], what: str
) -> None:
    """Raise :class:`SettingsError` naming the unknown and missing keys of ``options``."""
    unknown = sorted(set(options) - set(known))
    missing = sorted(set(required) - set(options))
    if unknown or missing:
        parts = []
        if unknown:
            parts.append(f"unknown setting(s) {unknown} (known: {', '.join(known)})")
        if missing:
            parts.append(f"missing {missing}")
        raise SettingsError(f"{what}: " + "; ".join(parts))
