"""The config schema's definitions of each configured method's settings
(``$defs/method-<name>``), generated from the estimators' own rules; checked in
(``tests/test_config.py`` holds the two equal). ``python -m textsim.methods.schema``
prints the block to paste over the checked-in one."""

from __future__ import annotations

from typing import Any

from textsim.methods.names import NAMES
from textsim.methods.registry import ESTIMATORS
from textsim.methods.settings import CONFIGURED

__all__ = ["schema_defs", "settings_schema"]


def settings_schema(name: str) -> dict[str, Any]:
    """The JSON schema of ``methods.<name>``: each parameter of the method's estimator as
    its rule admits it, less what the method name fixes (the mean's pooling, the
    idf-mean's weighting) and the text cleaning (each task fixes its own)."""
    fixed = NAMES[name].params
    rules = ESTIMATORS[NAMES[name].estimator].allowed
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            k: r.json_schema() for k, r in rules.items() if k not in fixed and k != "cleaning"
        },
    }


def schema_defs() -> dict[str, dict[str, Any]]:
    """The config schema's ``$defs`` of the methods' settings (``method-<name>``)."""
    return {f"method-{name}": settings_schema(name) for name in CONFIGURED}


if __name__ == "__main__":
    import yaml

    defs = {"$defs": schema_defs()}
    print(yaml.safe_dump(defs, sort_keys=False, default_flow_style=None, width=100), end="")
