"""Checking the workflow's configuration against its schema, with short messages.

Snakemake's own ``validate`` reports a misspelt key under the whole schema and
config (over a thousand lines); :func:`check_config` names the key, where it is,
the closest allowed spelling and the allowed keys there, in a few lines."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

__all__ = ["ConfigError", "check_config", "config_errors"]


class ConfigError(ValueError):
    """The configuration does not match the schema; the message names the key."""


def _where(path: list[Any]) -> str:
    return ".".join(str(p) for p in path) if path else "(top level)"


def _describe(error: Any) -> str:
    path = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        allowed = sorted(error.schema.get("properties", {}))
        lines = []
        for key in sorted(set(error.instance) - set(allowed), key=str):
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            lines.append(f"unknown key {_where([*path, key])!r}{hint}")
        where = f"under {_where(path)!r}" if path else "at the top level"
        lines.append(f"allowed {where}: {', '.join(allowed)}")
        return "\n".join(lines)
    message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
    return f"key {_where(path)!r}: {message}"


def config_errors(config: Mapping[str, Any], schema: Mapping[str, Any]) -> list[str]:
    """Short descriptions of every way ``config`` breaks ``schema`` (empty if none)."""
    import jsonschema

    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = sorted(validator.iter_errors(dict(config)), key=lambda e: list(e.absolute_path))
    return [_describe(e) for e in errors]


def check_config(config: Mapping[str, Any], schema_path: str) -> None:
    """Raise :class:`ConfigError` with a few lines per problem."""
    import yaml

    with open(schema_path, encoding="utf-8") as f:
        schema = yaml.safe_load(f)
    problems = config_errors(config, schema)
    if problems:
        raise ConfigError(
            "Error validating config (workflow/schemas/config.schema.yaml documents every "
            "key):\n" + "\n".join(f"  {line}" for p in problems for line in p.splitlines())
        )
