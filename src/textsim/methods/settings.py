"""Each zero-training method's settings in one place: config ``methods.<name>``.

Every task that applies one of these methods (the STS table and its model files, the
paragraph probe, Schäfer's baselines, the corpus-size study's STS rows) builds it with
these settings, so ``methods.sif.a`` changes every SIF row and nothing else. What a
setting admits is its estimator's own rule (``allowed``): the config schema's
``$defs`` are generated from those rules (:mod:`textsim.methods.schema`, apart from
this module so that the stages importing it do not import every estimator).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["CONFIGURED", "DEPRECATED_KEY", "merged_settings"]

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


def merged_settings(
    methods: Mapping[str, Any], deprecated: Mapping[str, Mapping[str, Any]]
) -> tuple[dict[str, dict[str, Any]], str | None]:
    """(each configured method's settings, a deprecation message or None): ``methods``
    (config ``methods``) over the deprecated ``sts.params``, whose use is named."""
    settings = {name: {**deprecated.get(name, {}), **methods.get(name, {})} for name in CONFIGURED}
    message = None
    if deprecated:
        used = ", ".join(f"{DEPRECATED_KEY}.{n} → methods.{n}" for n in deprecated)
        message = (
            f"config key {DEPRECATED_KEY} is deprecated and will be removed in the next "
            f"release; each method's settings now live under methods.<name> and reach every "
            f"task that applies it: {used}"
        )
    return settings, message
