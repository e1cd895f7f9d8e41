from __future__ import annotations

import math

import numpy as np
import pytest

from textsim.deboom.metrics import (
    best_threshold,
    binomial_test,
    evaluate_split,
    js_divergence,
    js_divergence_robust,
    minmax_normalise,
    split_error,
)


def test_minmax_normalise_maps_validation_range_to_unit_interval() -> None:
    out = minmax_normalise([2.0, 4.0, 6.0, 7.0], low=2.0, high=6.0)
    assert out.tolist() == [0.0, 0.5, 1.0, 1.25]  # test values may exceed [0, 1]
    assert minmax_normalise([1.0, 1.0], 1.0, 1.0).tolist() == [0.0, 0.0]


def test_best_threshold_takes_last_minimum_on_grid() -> None:
    sim = np.array([0.1, 0.4, 0.35, 0.8])
    related = np.array([False, True, False, True])
    theta, err = best_threshold(sim, related, 1001)
    # any θ in [0.35, 0.4) separates perfectly; the last grid point there is 0.399
    assert theta == pytest.approx(0.399)
    assert err == 0.0


def test_best_threshold_counts_errors_by_hand() -> None:
    sim = np.array([0.2, 0.6, 0.3, 0.7, 0.9])
    related = np.array([True, False, False, True, True])
    theta, err = best_threshold(sim, related, 11)  # grid 0, 0.1, ..., 1
    # errors: θ<0.2 → 2 (the two non-related above); θ∈[0.2,0.3) → 3; [0.3,0.6) → 2;
    # [0.6,0.7) → 1; [0.7,0.9) → 2; ≥0.9 → 3.  Minimum 1 at θ = 0.6 only.
    assert theta == pytest.approx(0.6)
    assert err == pytest.approx(1 / 5)


def test_split_error_strict_inequality() -> None:
    assert split_error([0.5, 0.5], [True, False], 0.5) == 0.5  # 0.5 > 0.5 is False
    assert split_error([0.6, 0.4], [True, False], 0.5) == 0.0


def test_js_divergence_by_hand_two_bins() -> None:
    js = js_divergence([0.25], [0.75], bins=2, low=0.0, high=1.0, pseudocount=1.0)
    p = np.array([2, 1]) / 3
    q = np.array([1, 2]) / 3
    m = (p + q) / 2
    expected = 0.5 * sum(p * np.log2(p / m)) + 0.5 * sum(q * np.log2(q / m))
    assert js == pytest.approx(expected)
    # hand value: 2/3·log2(4/3) + 1/3·log2(2/3)
    assert js == pytest.approx(2 / 3 * math.log2(4 / 3) + 1 / 3 * math.log2(2 / 3))


def test_js_divergence_leaves_out_values_outside_its_range_as_the_authors_code() -> None:
    # their np.histogram(x, bins, range=(low, high)) drops what lies outside
    inside = js_divergence([0.25], [0.75], bins=2, low=0.0, high=1.0)
    assert js_divergence([0.25, 1.7], [0.75, -3.0], bins=2, low=0.0, high=1.0) == inside
    # the authors' formula, transcribed, on a hand-made sample
    rel, non = np.array([0.1, 0.4, 0.4, 0.9, 2.0]), np.array([-0.5, 0.0, 0.2, 0.3])
    h_p = np.histogram(rel, bins=10, range=(-1.0, 1.5))[0] + 1.0
    h_np = np.histogram(non, bins=10, range=(-1.0, 1.5))[0] + 1.0
    h_p, h_np = h_p / h_p.sum(), h_np / h_np.sum()
    d1 = h_p * np.log2(2 * h_p / (h_p + h_np))
    d2 = h_np * np.log2(2 * h_np / (h_p + h_np))
    assert js_divergence(rel, non, bins=10) == pytest.approx(0.5 * np.sum(d1 + d2))


def test_js_divergence_bounds() -> None:
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 1, 5000)
    assert js_divergence(x, x) == pytest.approx(0.0, abs=1e-12)
    assert js_divergence(
        [0.1] * 10, [0.9] * 10, bins=10, low=0, high=1, pseudocount=0
    ) == pytest.approx(1.0)
    assert js_divergence_robust([0.1] * 10, [0.9] * 10) == pytest.approx(1.0)


def test_js_smoothing_shrinks_with_sample_size_but_robust_does_not() -> None:
    rng = np.random.default_rng(1)
    small = js_divergence(rng.normal(0.6, 0.1, 2000), rng.normal(0.4, 0.1, 2000))
    large = js_divergence(rng.normal(0.6, 0.1, 200_000), rng.normal(0.4, 0.1, 200_000))
    assert small < 0.8 * large
    r_small = js_divergence_robust(rng.normal(0.6, 0.1, 20_000), rng.normal(0.4, 0.1, 20_000))
    r_large = js_divergence_robust(rng.normal(0.6, 0.1, 200_000), rng.normal(0.4, 0.1, 200_000))
    assert r_small == pytest.approx(r_large, abs=0.01)


def test_binomial_test_exact_value() -> None:
    assert binomial_test(0, 10, 0.5) == pytest.approx(2 * 0.5**10)
    assert binomial_test(5, 10, 0.5) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        binomial_test(1, 10, 1.5)


def test_evaluate_split_uses_validation_range_and_threshold() -> None:
    val = np.array([0.0, 10.0, 2.0, 8.0])
    val_y = np.array([False, True, False, True])
    test = np.array([1.0, 9.0, 6.0, 12.0])
    test_y = np.array([False, True, False, True])
    ev = evaluate_split(val, val_y, test, test_y, js_bins=10)
    assert (ev.val_min, ev.val_max) == (0.0, 10.0)
    assert ev.val_error == 0.0
    # validation separates on (0.2, 0.8): last grid θ is 0.799; test 6.0 → 0.6 correct
    assert ev.threshold == pytest.approx(0.799)
    assert ev.test_errors == 0 and ev.n_test == 4
    assert 0.0 <= ev.js <= 1.0
