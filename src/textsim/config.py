"""Checking the workflow's configuration against its schema, with short messages.

Snakemake's own ``validate`` reports a misspelt key under the whole schema and
config (over a thousand lines); :func:`check_config` names the key, where it is,
the closest allowed spelling and the allowed keys there, in a few lines."""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["ConfigError", "check_config", "check_workdir", "coerce_strings", "config_errors"]


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


def coerce_strings(config: dict[str, Any], schema: Mapping[str, Any]) -> None:
    """Turn strings into the YAML values they spell where the schema takes that value and
    not the string, in place.

    Snakemake reads a nested ``--config`` value with YAML's base loader, which keeps
    every scalar a string: ``--config sts='{enabled: true}'`` gives ``"true"``, which
    the schema's boolean refuses. Strings the schema accepts as they are (an enum such
    as ``auto``, a name) are left alone.
    """
    import jsonschema
    import yaml

    validator = jsonschema.validators.validator_for(schema)

    def fix(value: Any, sub: Mapping[str, Any]) -> Any:
        ref = sub.get("$ref", "")
        if ref.startswith("#/$defs/"):  # the schema's own definitions (methods.<name>)
            sub = schema["$defs"][ref.removeprefix("#/$defs/")]
        if isinstance(value, str):
            try:
                parsed = yaml.safe_load(value)
            except yaml.YAMLError:
                return value
            if not isinstance(parsed, str):
                check = validator(sub)
                if not check.is_valid(value) and check.is_valid(parsed):
                    return parsed
            return value
        if isinstance(value, dict):
            props = sub.get("properties", {})
            for key, item in value.items():
                if key in props:
                    value[key] = fix(item, props[key])
        elif isinstance(value, list) and isinstance(sub.get("items"), Mapping):
            return [fix(item, sub["items"]) for item in value]
        return value

    fix(config, schema)


def check_config(config: dict[str, Any], schema_path: str) -> None:
    """Raise :class:`ConfigError` with a few lines per problem (after
    :func:`coerce_strings`, which may change ``config``)."""
    import yaml

    with open(schema_path, encoding="utf-8") as f:
        schema = yaml.safe_load(f)
    coerce_strings(config, schema)
    problems = config_errors(config, schema)
    if problems:
        raise ConfigError(
            "Error validating config (workflow/schemas/config.schema.yaml documents every "
            "key):\n" + "\n".join(f"  {line}" for p in problems for line in p.splitlines())
        )


def check_workdir(workdir: str, project: Path, *, allow_outside: bool = False) -> Path:
    """The configured ``workdir`` (relative to where snakemake runs) resolved; a
    :class:`ConfigError` naming the key when it lies outside both the project folder
    and the folder snakemake runs in, unless ``allow_outside`` (``workdir_outside``)."""
    target = (Path.cwd() / Path(workdir).expanduser()).resolve()
    inside = (project.resolve(), Path.cwd().resolve())
    if not allow_outside and not any(target.is_relative_to(folder) for folder in inside):
        raise ConfigError(
            f"config key workdir: {workdir!r} is {target}, outside the project folder "
            f"{inside[0]}; choose a folder inside it, or set workdir_outside: true to "
            "write the run's results and Snakemake's records there"
        )
    return target


def _directory_argument(argv: Sequence[str]) -> str | None:
    """The value of snakemake's ``--directory`` / ``-d`` in ``argv``, if given."""
    for i, arg in enumerate(argv):
        if arg in ("--directory", "-d") and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--directory="):
            return arg.split("=", 1)[1]
    return None


def invocation_path(
    path: str,
    *,
    argv: Sequence[str] | None = None,
    environ: Mapping[str, str] | None = None,
    cwd: str | None = None,
) -> str:
    """``path`` as an absolute path, relative paths read from where the command was
    typed. Snakemake has already entered ``--directory`` when the Snakefile runs; the
    shell's ``PWD`` then still names the folder the command was typed in."""
    path = os.path.expanduser(path)
    here = cwd if cwd is not None else os.getcwd()
    if os.path.isabs(path):
        return os.path.normpath(path)
    env = os.environ if environ is None else environ
    moved = _directory_argument(sys.argv if argv is None else argv) is not None
    origin = env.get("PWD") if moved and env.get("PWD") else here
    return os.path.normpath(os.path.join(str(origin), path))
