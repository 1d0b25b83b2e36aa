"""The variance comparison of Sec. 5.1 (Figs. 1-2): log relative variance of a single feature
(M = 1) of every RF family, the data regimes, and the mean over pairs and sets per sigma.
"""

from __future__ import annotations

import functools

import numpy as np

from ._helpers import _check_pair_np, _single_thread
from .moments import derf_log_moments_np
from .optima import aderf_optimum_np, as_derf_params_np, gerf_optimum_np, saderf_optimum_np, sderf_optimum_np


FAMILIES = ("trig", "pos", "gerf", "aderf", "sderf", "saderf")


REGIMES = ("normal", "sphere", "heterogen", "mnist")


def log_relative_variance_np(family, X, Y, params=None):
    """log(Var / K^2) of a single-feature estimator (M = 1) for all pairs, float64, shape (L_X, L_Y).

    Families: ``"trig"`` (corrected TrigRF: e^u - 1 + e^{-u}/2, u = ||x-y||^2), ``"pos"``
    (e^{||x+y||^2} - 1), and ``"gerf"``, ``"aderf"``, ``"sderf"``, ``"saderf"`` from the DERF
    parameters (computed from (X, Y) with the ``*_optimum_np`` function when ``params`` is None).
    Evaluated in log space (log expm1) so that variances of e^100 and more are fine.

    Examples
    --------
    >>> float(log_relative_variance_np("pos", [[1.0]], [[0.0]])[0, 0]).__round__(6)   # log(e - 1)
    0.541325

    Entry ``[i, j]`` is :math:`\\log(\\mathrm{Var}/K^2)` for ``x = X[i]`` (on the ``B1, C1`` side) and
    ``y = Y[j]``, the plain variance of one feature being :func:`derf_variance`:

    >>> from rfsym.derf import aderf_optimum_np, as_derf_params_np, derf_variance
    >>> X, Y = np.array([[0.4, 0.1], [-0.2, 0.5], [0.3, -0.3]]), np.array([[0.2, 0.6], [0.5, -0.1]])
    >>> p = {k: np.asarray(v).tolist() for k, v in as_derf_params_np("aderf", aderf_optimum_np(X, Y)).items()}
    >>> var = derf_variance(p["A"], p["B1"], p["B2"], p["C1"], p["C2"], p["D"], X[0].tolist(), Y[1].tolist(), dps=15)
    >>> bool(np.isclose(log_relative_variance_np("aderf", X, Y)[0, 1], np.log(float(var)) - 2 * X[0] @ Y[1]))
    True
    """
    X, Y = _check_pair_np(X, Y)
    nx, ny, xy = (X ** 2).sum(1)[:, None], (Y ** 2).sum(1)[None, :], X @ Y.T
    if family == "trig":
        u = np.maximum(nx + ny - 2 * xy, 0.0)            # ||x - y||^2
        # log(e^u - 1 + e^{-u}/2) = u + log(1 - e^{-u} + e^{-2u}/2)
        return u + np.log1p(-np.exp(-u) + np.exp(-2 * u) / 2)
    if family == "pos":
        return _log_expm1(nx + ny + 2 * xy)             # ||x + y||^2
    if params is None:
        opt = {"gerf": gerf_optimum_np, "aderf": aderf_optimum_np, "sderf": sderf_optimum_np,
               "saderf": saderf_optimum_np}[family](X, Y)
        params = as_derf_params_np(family, opt, d=X.shape[1])
    l1, l2 = derf_log_moments_np(params, X, Y)
    return _log_expm1(l2 - 2 * l1)


def _log_expm1(t):
    """log(e^t - 1) = t + log(1 - e^{-t}), with 1 - e^{-t} = -expm1(-t) accurate for every t > 0 (no overflow, no
    cancellation at small t; one pass over the array)."""
    t = np.asarray(t, dtype=float)
    with np.errstate(divide="ignore"):                 # t = 0: -inf, as log(expm1(0))
        return t + np.log(-np.expm1(-t))


@functools.lru_cache(maxsize=1)
def _digits_images():
    from ..datasets import load_images
    return load_images("mnist", resize="area", scale="unit")[0]   # 8x8 MNIST test images, pixels in [0, 1]


def sample_regime(regime: str, sigma: float, d: int, L: int, rng: np.random.Generator):
    """Draw the sets X, Y (each L x d) of a variance-comparison regime of Sec. 5.1.

    ``normal``: N(0, sigma^2 I); ``sphere``: uniform on sigma S^{d-1}; ``heterogen``: X ~ N(0, sigma^2 I),
    Y ~ N(sigma 1, sigma^2 I); ``mnist``: the MNIST test images resized to 8x8 by area averaging
    (:func:`rfsym.datasets.load_images`; d = 64, pixels in [0, 1], times sigma). :mod:`rfsym.derf.realdata`
    varies the unstated preprocessing and adds the cifar10 and mnist/cifar10 regimes.

    Examples
    --------
    >>> X, Y = sample_regime("sphere", 0.5, 4, 3, np.random.default_rng(0))
    >>> np.allclose(np.linalg.norm(X, axis=1), 0.5)
    True
    >>> X, Y = sample_regime("heterogen", 0.5, 4, 5000, np.random.default_rng(0))   # sigma = 0.5
    >>> np.round([X.mean(), Y.mean(), X.std(), Y.std()], 1).tolist()
    [0.0, 0.5, 0.5, 0.5]
    """
    if regime not in REGIMES:
        raise ValueError(f"regime must be one of {REGIMES}, got regime={regime!r}")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy Generator, got {type(rng).__name__}")
    if not sigma > 0:
        raise ValueError(f"sigma must satisfy sigma > 0, got sigma={sigma}")
    if regime == "normal":
        return sigma * rng.standard_normal((L, d)), sigma * rng.standard_normal((L, d))
    if regime == "sphere":
        X, Y = rng.standard_normal((L, d)), rng.standard_normal((L, d))
        return (sigma * X / np.linalg.norm(X, axis=1, keepdims=True),
                sigma * Y / np.linalg.norm(Y, axis=1, keepdims=True))
    if regime == "heterogen":
        return sigma * rng.standard_normal((L, d)), sigma * (1 + rng.standard_normal((L, d)))
    if d != 64:
        raise ValueError(f"the mnist (digits) regime has d = 64, got d={d}")
    imgs = _digits_images()
    ix = rng.choice(len(imgs), size=2 * L, replace=False)
    return sigma * imgs[ix[:L]], sigma * imgs[ix[L:]]


@_single_thread
def variance_comparison(regime, sigmas, *, d=64, L=256, n_sets=2, rng,
                        families=("trig", "pos", "gerf", "aderf", "sderf", "saderf"), skip_inapplicable=False):
    """Mean over pairs and sets of log(Var/K^2) (M = 1) for each family and sigma (Fig. 1/2).

    Parameters are optimised separately on each pair of sets (App. B.2). A family whose optimum does
    not exist on the data (ADERF needs nonsingular M1, M2; SADERF needs every coordinate nonzero
    somewhere -- both fail on the digits images, whose border pixels are always 0) raises
    ``ValueError``, or is left out of the result when ``skip_inapplicable`` is true.

    Returns
    -------
    dict family -> ndarray of shape (len(sigmas),)

    Examples
    --------
    >>> r = variance_comparison("normal", [0.1], d=4, L=8, n_sets=1, rng=np.random.default_rng(0))
    >>> bool(r["sderf"][0] <= r["pos"][0])
    True
    """
    out = {f: np.zeros(len(sigmas)) for f in families}
    skipped = set()
    for k, s in enumerate(sigmas):
        for _ in range(n_sets):
            X, Y = sample_regime(regime, float(s), d, L, rng)
            for f in families:
                if f in skipped:
                    continue
                try:
                    out[f][k] += log_relative_variance_np(f, X, Y).mean() / n_sets
                except ValueError:
                    if not skip_inapplicable:
                        raise
                    skipped.add(f)
    return {f: v for f, v in out.items() if f not in skipped}
