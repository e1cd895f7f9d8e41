"""Multinomial logistic regression (L2), the topic-prediction probe.

A small, deterministic scikit-learn style classifier on SciPy's L-BFGS:
features standardised with the training mean and deviation, softmax over the
classes, penalty ``‖W‖² / (2C)`` on the weights (not the intercepts), loss
averaged over the training documents.
"""

from __future__ import annotations

from typing import Any, Self

import numpy as np
import numpy.typing as npt

__all__ = ["LogisticRegression"]

F64 = npt.NDArray[np.float64]


class LogisticRegression:
    coef_: F64
    intercept_: F64

    def __init__(self, C: float = 1.0, max_iter: int = 1000, tol: float = 1e-6) -> None:
        self.C = C
        self.max_iter = max_iter
        self.tol = tol

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        return {"C": self.C, "max_iter": self.max_iter, "tol": self.tol}

    def _standardise(self, X: npt.ArrayLike) -> F64:
        x = np.asarray(X, dtype=np.float64)
        return np.asarray((x - self.mean_) / self.scale_)

    def fit(self, X: npt.ArrayLike, y: npt.ArrayLike, init: Self | None = None) -> Self:
        """Fit on (X, y); ``init``, a model fitted on the same classes and features,
        gives the starting point (warm start along a C grid)."""
        from scipy.optimize import minimize

        x = np.asarray(X, dtype=np.float64)
        labels = np.asarray(y)
        if x.ndim != 2 or len(x) != len(labels) or len(x) == 0:
            raise ValueError("X must be (n_samples, n_features) with one label per row")
        if not np.isfinite(x).all():
            raise ValueError("X holds NaN or infinite values")
        self.classes_, yi = np.unique(labels, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError("logistic regression needs at least two classes")
        self.mean_ = x.mean(axis=0)
        std = x.std(axis=0)
        self.scale_ = np.where(std > 0, std, 1.0)
        xs = self._standardise(x)
        n, d = xs.shape
        k = len(self.classes_)
        onehot = np.zeros((n, k))
        onehot[np.arange(n), yi] = 1.0
        lam = 1.0 / (self.C * n)

        def loss(theta: F64) -> tuple[float, F64]:
            W = theta[: d * k].reshape(d, k)
            b = theta[d * k :]
            z = xs @ W + b
            z -= z.max(axis=1, keepdims=True)
            logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
            value = -float((onehot * logp).sum()) / n + 0.5 * lam * float((W * W).sum())
            g = (np.exp(logp) - onehot) / n
            grad = np.concatenate([(xs.T @ g + lam * W).ravel(), g.sum(axis=0)])
            return value, grad

        theta0 = np.zeros(d * k + k)
        if init is not None and init.coef_.shape == (d, k):
            theta0 = np.concatenate([init.coef_.ravel(), init.intercept_])
        res = minimize(
            loss,
            theta0,
            jac=True,
            method="L-BFGS-B",
            options={"maxiter": self.max_iter, "gtol": self.tol},
        )
        self.coef_ = res.x[: d * k].reshape(d, k)
        self.intercept_ = res.x[d * k :]
        self.n_iter_ = int(res.nit)
        return self

    def decision_function(self, X: npt.ArrayLike) -> F64:
        if not hasattr(self, "coef_"):
            raise RuntimeError("LogisticRegression is not fitted; call fit() first")
        return np.asarray(self._standardise(X) @ self.coef_ + self.intercept_)

    def predict(self, X: npt.ArrayLike) -> npt.NDArray[Any]:
        scores = self.decision_function(X)
        return np.asarray(self.classes_[np.argmax(scores, axis=1)])

    def score(self, X: npt.ArrayLike, y: npt.ArrayLike) -> float:
        return float(np.mean(self.predict(X) == np.asarray(y)))
