"""A stage's settings as one checked mapping (textsim.options)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from textsim.options import SettingsError, call_with, settings_of


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


def _table(rows: list[int], stem: str, *, title: str, note: str = "", workers: int = 1) -> str:
    return f"{stem}:{len(rows)}:{title}:{note}:{workers}"


def test_call_with_passes_checked_options_as_keywords() -> None:
    got = call_with(_table, [1, 2], "out", options={"title": "T"}, workers=3)
    assert got == "out:2:T::3"


def test_call_with_names_unknown_and_missing_keyword_settings() -> None:
    with pytest.raises(SettingsError) as err:
        call_with(_table, [], "out", options={"titel": "T"}, workers=2)
    # what is given by the caller (workers) is not a setting the rule may pass
    assert str(err.value) == (
        "_table: unknown setting(s) ['titel'] (known: title, note); missing ['title']"
    )
    with pytest.raises(SettingsError, match=r"a table: unknown setting\(s\) \['workers'\]"):
        call_with(
            _table, [], "out", options={"title": "T", "workers": 2}, what="a table", workers=1
        )
