"""Monte Carlo estimators from the foundation's samplers (:func:`rfsym.couplings.sample`): pair
conformity, PRF MSE and RFF MSE, returned as :class:`rfsym.montecarlo.MCResult` for z-tests."""

from __future__ import annotations

import math

import numpy as np

from .. import couplings as _couplings
from ..montecarlo import mean_of
from ._common import PAIR_COUPLINGS, _coupling, _dim, _int

__all__ = ["conformity_mc", "prf_mse_mc", "rff_mse_mc"]


# --------------------------------------------------------------------------- Monte Carlo witnesses


def _rng(rng):
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got rng={rng!r}")
    return rng


def conformity_mc(coupling, d, v, n, rng, *, samples=False):
    """Monte Carlo estimate of the pair conformity :math:`E[e^{(w_1+w_2)^\\top v}]` from the foundation's
    sampler: ``n`` independent blocks of two rows, ``v`` along a fixed axis (the samplers are isotropic).
    ``samples=True`` returns the ``n`` replicates instead (for :func:`rfsym.montecarlo.exact_z_witness`).

    Examples
    --------
    >>> r = conformity_mc("orthogonal", 6, 1.0, 20000, np.random.default_rng(1))
    >>> abs(r.z(2.5795618214495755)) < 5
    True
    """
    _coupling(coupling, PAIR_COUPLINGS + ("simplex+",))
    d = _dim(d)
    n = _int(n, "n", 2)
    _rng(rng)
    v = float(v)
    vals = np.empty(n)
    chunk = 2000
    for s in range(0, n, chunk):
        k = min(chunk, n - s)
        if coupling == "iid":
            w = rng.standard_normal((k, 2, d))
        else:
            w = _couplings.sample(coupling, d, d * k, rng).reshape(k, d, d)[:, :2, :]
        vals[s:s + k] = np.exp(v * (w[:, 0, 0] + w[:, 1, 0]))
    return vals if samples else mean_of(vals)


def prf_mse_mc(coupling, x, y, m, n, rng, *, samples=False):
    """Monte Carlo estimate of the PRF MSE: ``n`` independent draws of ``W`` (``m`` rows) from
    :func:`rfsym.couplings.sample`, squared error of :math:`\\widehat K` (Eq. (7)) against the exact
    Gaussian kernel. ``samples=True`` returns the ``n`` squared errors instead.

    Examples
    --------
    >>> r = prf_mse_mc("simplex", [0.1, 0, 0], [0, 0.2, 0], 3, 4000, np.random.default_rng(0))
    >>> abs(r.z(0.00289504224259)) < 5
    True
    """
    _coupling(coupling, PAIR_COUPLINGS + ("simplex+",))
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    d = _dim(x.size)
    m = _int(m, "m", 1)
    n = _int(n, "n", 2)
    _rng(rng)
    K = math.exp(-float(np.sum((x - y) ** 2)) / 2)
    pre = math.exp(-float(x @ x) - float(y @ y))
    vals = np.empty(n)
    chunk = max(1, 200000 // (m * d))
    for s in range(0, n, chunk):
        k = min(chunk, n - s)
        mp_ = -(-m // d) * d  # whole blocks per replicate, then keep the first m rows
        W = _couplings.sample(coupling, d, mp_ * k, rng).reshape(k, mp_, d)[:, :m, :]
        est = pre * np.mean(np.exp(W @ (x + y)), axis=1)
        vals[s:s + k] = (est - K) ** 2
    return vals if samples else mean_of(vals)


def rff_mse_mc(coupling, d, m, z, n, rng):
    """Monte Carlo MSE of the RFF estimator :math:`\\frac1m\\sum_i\\cos w_i^\\top(x-y)` (Eq. (72)) with
    ``||x - y|| = z`` along a fixed axis.

    Examples
    --------
    >>> r = rff_mse_mc("iid", 4, 4, 1.5, 4000, np.random.default_rng(0))
    >>> abs(r.z((1 - math.exp(-2.25)) ** 2 / 8)) < 5
    True
    """
    _coupling(coupling, ("iid", "orthogonal"))
    d = _dim(d)
    m = _int(m, "m", 1)
    n = _int(n, "n", 2)
    _rng(rng)
    z = float(z)
    K = math.exp(-z * z / 2)
    vals = np.empty(n)
    chunk = max(1, 200000 // (m * d))
    for s in range(0, n, chunk):
        k = min(chunk, n - s)
        mp_ = -(-m // d) * d
        W = _couplings.sample(coupling, d, mp_ * k, rng).reshape(k, mp_, d)[:, :m, :]
        est = np.mean(np.cos(z * W[:, :, 0]), axis=1)
        vals[s:s + k] = (est - K) ** 2
    return mean_of(vals)
