"""scikit-learn's estimator checks that apply to text input, over every method name.

``sklearn.utils.estimator_checks.parametrize_with_checks`` feeds numeric arrays, which
no method here takes (each takes raw texts); each check below restates one of its
checks (named in its docstring) on texts, for every case of ``tests/test_api.py``'s
``CASES`` (every method name but ``minilm``, GEM in both variants). MiniLM, whose
package is optional and lives in an environment of its own, is not among them
(tests/test_minilm.py checks what it embeds).
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from test_api import CASES, FIT_TEXTS, RAW, SENTENCES, _fit, model_files

import textsim


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """tests/test_api.py's word vectors, document frequencies and weight file."""
    return model_files(tmp_path_factory)


IDS = [m + "".join(f"-{k}={v}" for k, v in p.items()) for m, p in CASES]
#: related (1) and unrelated (0) couples, one batch of the learned weights' training
#: (100 couples): what they are fitted on
COUPLES = (
    ([SENTENCES[i % 8] for i in range(100)], [SENTENCES[(i + i % 2) % 8] for i in range(100)]),
    [1 - i % 2 for i in range(100)],
)


def _fit_data(method: str) -> tuple[Any, ...]:
    """The arguments of the case's ``fit``: texts, or the learned weights' couples."""
    return COUPLES if method == "learned" else (FIT_TEXTS,)


def _unfitted(method: str, params: dict[str, object], files: dict[str, Path]) -> Any:
    """An unfitted estimator of the case: scikit-learn's ``clone`` of a fitted one
    (the same word vectors, the same parameters, nothing learned)."""
    return clone(_fit(method, files, **params))


def _same_params(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.keys() == b.keys() and all(repr(a[k]) == repr(b[k]) for k in a)


@pytest.mark.parametrize(("method", "params"), CASES, ids=IDS)
def test_constructor_stores_only_its_parameters(
    method: str, params: dict[str, object], files: dict[str, Path]
) -> None:
    """check_no_attributes_set_in_init, check_get_params_invariance,
    check_set_params: an unfitted estimator has no fitted (``*_``) attribute; its
    parameters survive ``clone`` and ``set_params(**get_params())`` unchanged."""
    est = _unfitted(method, params, files)
    fitted_attrs = [k for k in vars(est) if k.endswith("_") and not k.startswith("_")]
    assert not fitted_attrs, fitted_attrs
    before = est.get_params()
    assert est.set_params(**before) is est
    assert _same_params(est.get_params(), before)
    assert _same_params(clone(est).get_params(), before)
    for key, value in params.items():
        assert before[key] == value


@pytest.mark.parametrize(("method", "params"), CASES, ids=IDS)
def test_fit_returns_self_keeps_its_parameters_and_is_idempotent(
    method: str, params: dict[str, object], files: dict[str, Path]
) -> None:
    """check_fit_returns_self, check_dont_overwrite_parameters, check_fit_idempotent:
    ``fit`` returns the estimator, changes none of its parameters, and a second fit on
    the same texts gives the same vectors."""
    est = _unfitted(method, params, files)
    before = est.get_params()
    assert est.fit(*_fit_data(method)) is est
    assert _same_params(est.get_params(), before)
    first = est.transform(RAW)
    np.testing.assert_array_equal(est.fit(*_fit_data(method)).transform(RAW), first)


@pytest.mark.parametrize(("method", "params"), CASES, ids=IDS)
def test_transform_before_fit_is_not_fitted_error(
    method: str, params: dict[str, object], files: dict[str, Path]
) -> None:
    """check_estimators_unfitted: ``transform`` before ``fit`` raises scikit-learn's
    ``NotFittedError`` (a ``ValueError``), never embeds with nothing learned."""
    est = _unfitted(method, params, files)
    with pytest.raises(NotFittedError):
        est.transform(RAW)


@pytest.mark.parametrize(("method", "params"), CASES, ids=IDS)
def test_each_text_is_embedded_whatever_the_batch(
    method: str, params: dict[str, object], files: dict[str, Path]
) -> None:
    """check_methods_subset_invariance, check_methods_sample_order_invariance: a fitted
    estimator gives a text the same vector alone, in a subset, or in another order."""
    est = _fit(method, files, **params)
    texts = [*RAW, *FIT_TEXTS[:4]]
    whole = est.transform(texts)  # type: ignore[attr-defined]
    assert whole.shape == (len(texts), est.n_features_out_)  # type: ignore[attr-defined]
    assert np.isfinite(whole).all()
    order = np.random.default_rng(0).permutation(len(texts))
    shuffled = est.transform([texts[i] for i in order])  # type: ignore[attr-defined]
    np.testing.assert_allclose(shuffled, whole[order], rtol=1e-6, atol=1e-7)
    for i, text in enumerate(texts):
        np.testing.assert_allclose(est.transform([text])[0], whole[i], rtol=1e-6, atol=1e-7)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("method", "params"), CASES, ids=IDS)
def test_a_pickled_estimator_embeds_the_same(
    method: str, params: dict[str, object], files: dict[str, Path]
) -> None:
    """check_estimators_pickle: a fitted estimator pickled and read back gives the same
    vectors (pickle serves joblib and multiprocessing; model files hold no pickle)."""
    est = _fit(method, files, **params)
    back = pickle.loads(pickle.dumps(est))
    np.testing.assert_array_equal(back.transform(RAW), est.transform(RAW))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("method", "params"), CASES, ids=IDS)
def test_no_texts_is_a_clear_error(
    method: str, params: dict[str, object], files: dict[str, Path]
) -> None:
    """check_estimators_empty_data: fitting on no texts (a method fitted on texts) and
    embedding no texts give a one-sentence ``ValueError`` or an empty result, never
    another exception."""
    est = _fit(method, files, **params)
    out = est.transform([])  # type: ignore[attr-defined]
    assert out.shape == (0, est.n_features_out_)  # type: ignore[attr-defined]
    empty = (([], []), []) if method == "learned" else ([],)
    try:
        clone(est).fit(*empty)
    except ValueError as err:
        assert str(err) and "\n" not in str(err), err
    else:  # fitted on nothing: only a method that learns nothing from texts
        assert not textsim.METHODS[method].needs.texts and method != "learned", method
