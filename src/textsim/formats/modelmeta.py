"""The metadata of a model file (its ``meta`` member, JSON) and its one schema,
checked before any array of the file is read (:func:`check_meta`)."""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping
from typing import Any

from textsim.core.io import quoted
from textsim.formats.source import VectorSource

__all__ = ["FORMAT", "MAX_PATH_CHARS", "Classes", "check_meta"]

#: the classes a model file may name: class name -> class
Classes = Mapping[str, Any]

FORMAT = "textsim-model/1"

#: the keys of a model file's ``meta`` and the JSON types each may hold (exactly: a
#: boolean is a JSON boolean, a count a JSON integer)
_META: dict[str, tuple[type | None, ...]] = {
    "format": (str,),
    "textsim_version": (str,),
    "estimator": (str,),
    "method": (str, None),
    "params": (dict,),
    "source": (dict, None),
    "fitted": (list,),
    "training": (dict,),
}
_OPTIONAL_META = frozenset({"training"})


def _fields(cls: type) -> dict[str, tuple[type | None, ...]]:
    """A dataclass's fields and the JSON types each may hold, from its annotations
    (``str | None``: a string or null)."""
    out: dict[str, tuple[type | None, ...]] = {}
    for name, hint in typing.get_type_hints(cls).items():
        args = typing.get_args(hint)
        out[name] = tuple(None if a is type(None) else a for a in args) if args else (hint,)
    return out


#: the keys of ``meta.source`` and their JSON types: those of :class:`VectorSource`,
#: which writes it
_SOURCE = _fields(VectorSource)
_SHA256 = re.compile(r"[0-9a-f]{64}")
#: the longest file path a model file may record
MAX_PATH_CHARS = 4096


def _json_type(value: Any) -> type | None:
    return None if value is None else type(value)


def _check_keys(
    found: dict[str, Any],
    types: dict[str, tuple[type | None, ...]],
    optional: frozenset[str],
    where: str,
) -> None:
    unknown = sorted(set(found) - set(types))
    if unknown:
        raise ValueError(f"{where} has unknown key(s) {quoted(', '.join(unknown))}")
    for key, allowed in types.items():
        if key not in found:
            if key in optional:
                continue
            raise ValueError(f"{where} lacks {key!r}")
        if _json_type(found[key]) not in allowed:
            names = " or ".join("null" if t is None else _JSON_NAMES[t] for t in allowed)
            raise ValueError(f"{where}: {key} must be {names}, not {quoted(found[key])}")


_JSON_NAMES = {
    str: "a string",
    int: "an integer",
    bool: "true or false",
    dict: "an object",
    list: "a list",
}


def _check_source(source: dict[str, Any]) -> None:
    """``meta.source``: types exact, counts positive, digests hexadecimal SHA-256s,
    paths of plain printable characters."""
    _check_keys(source, _SOURCE, frozenset(), "source")
    for key in ("dim", "size", "n_documents"):
        if source[key] < 1:
            raise ValueError(f"source: {key} must be ≥ 1, not {source[key]}")
    for key in ("sha256", "docfreq_sha256"):
        value = source[key]
        if value is not None and not _SHA256.fullmatch(value):
            raise ValueError(f"source: {key} is not a SHA-256 digest: {quoted(value)}")
    for key in ("vectors_path", "docfreq_path"):
        value = source[key]
        if value is not None and not (0 < len(value) <= MAX_PATH_CHARS and value.isprintable()):
            raise ValueError(f"source: {key} is not a usable file path: {quoted(value)}")
    if (source["docfreq_path"] is None) != (source["docfreq_sha256"] is None):
        raise ValueError("source: docfreq_path and docfreq_sha256 must be given together")


def check_meta(meta: Any, classes: Classes) -> dict[str, Any]:
    """A model file's metadata, checked against its one schema before any array is
    read: the keys and their exact JSON types, the estimator one of ``classes`` and the
    parameters its own, the word-vector source (:data:`_SOURCE`) when the method uses
    word vectors; ValueError names the first fault, quoting at most
    :data:`~textsim.core.io.QUOTE_CHARS` characters of the content."""
    if not isinstance(meta, dict):
        raise ValueError(f"is a JSON {type(meta).__name__}, not an object")
    if meta.get("format") != FORMAT:
        raise ValueError(f"format is {quoted(meta.get('format'))}, not {FORMAT!r}")
    _check_keys(meta, _META, _OPTIONAL_META, "meta")
    cls = classes.get(meta["estimator"])
    if cls is None:
        raise ValueError(f"unknown estimator {quoted(meta['estimator'])}")
    unknown = sorted(set(meta["params"]) - set(cls._get_param_names()))
    if unknown:
        raise ValueError(f"params: {quoted(', '.join(unknown))} not parameters of {cls.__name__}")
    if not all(isinstance(name, str) for name in meta["fitted"]):
        raise ValueError("fitted must list array names (strings)")
    if cls.needs_for(meta["params"]).vectors:
        if meta["source"] is None:
            raise ValueError(f"a {cls.__name__} records its word vectors, but source is null")
        _check_source(meta["source"])
    return meta
