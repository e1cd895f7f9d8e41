"""Each zero-training method's settings in one place: config ``methods.<name>``.

Every task that applies one of these methods (the STS table and its model files, the
paragraph probe, Schäfer's baselines, the corpus-size study's STS rows) builds it with
these settings, so ``methods.sif.a`` changes every SIF row and nothing else. What a
setting admits is its estimator's own rule (``allowed``): the config schema's
``$defs`` are generated from those rules (:mod:`textsim.methods.schema`, apart from
this module so that the stages importing it do not import every estimator).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

__all__ = ["CONFIGURED", "DEPRECATED_KEY", "fold_deprecated"]

#: the methods a config sets (``methods.<name>``), each under its table label
CONFIGURED: dict[str, str] = {
    "mean": "mean",
    "idf-mean": "idf-weighted mean",
    "sif": "SIF",
    "usif": "uSIF",
    "gem": "GEM",
}
#: the key that held the same settings for the STS stages alone (read for one release)
DEPRECATED_KEY = "sts.params"


def fold_deprecated(config: MutableMapping[str, Any]) -> str | None:
    """Complete ``config["methods"]`` in place, as the rules read it: every configured
    method's settings (``{}`` where none are given), each over the deprecated
    ``sts.params.<name>``; the deprecation message naming each key used, or None."""
    methods = config.setdefault("methods", {})
    deprecated = config.get("sts", {}).get("params") or {}
    for name in CONFIGURED:
        methods[name] = {**deprecated.get(name, {}), **(methods.get(name) or {})}
    if not deprecated:
        return None
    used = ", ".join(f"{DEPRECATED_KEY}.{n} → methods.{n}" for n in deprecated)
    return (
        f"config key {DEPRECATED_KEY} is deprecated and will be removed in the next "
        f"release; each method's settings now live under methods.<name> and reach every "
        f"task that applies it: {used}"
    )
