"""One checked object per stage's settings (textsim.options.settings_of)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from textsim.options import SettingsError, settings_of


@dataclass(frozen=True)
class _Settings:
    seed: int
    grid: tuple[float, ...]
    folds: int = 5


def test_settings_of_fills_the_defaults_of_the_dataclass() -> None:
    got = settings_of(_Settings, {"seed": 1, "grid": (0.5,)}, "a search")
    assert got == _Settings(seed=1, grid=(0.5,), folds=5)


def test_unknown_and_missing_settings_are_named_together() -> None:
    with pytest.raises(SettingsError) as err:
        settings_of(_Settings, {"grid": (1.0,), "fold": 3}, "a search")
    assert str(err.value) == (
        "a search: unknown setting(s) ['fold'] (known: seed, grid, folds); missing ['seed']"
    )
    # a caller may catch it as either kind of bad argument
    assert isinstance(err.value, TypeError) and isinstance(err.value, ValueError)
