"""Gaussian lambda coefficients (Eq. (20)) and the normalized bipolar Gaussian hybrid (App. F).
"""

from __future__ import annotations

import functools

import mpmath
import sympy
from mpmath import mp

from ..precision import DEFAULT_DPS, require_int, to_matrix, to_mp, verified
from ._common import _dot, _nrm2, _pair
from .angular import bipolar_hybrid_mse
from .cexp import _matvec

__all__ = ["gaussian_lambda_pos_moments", "gaussian_hybrid_lambda", "gaussian_hybrid_moments",
           "gaussian_hybrid_moments_expr", "gaussian_hybrid_mse"]


# ============================================================================================
# Gaussian lambda coefficients (Eq. 20) and Gaussian hybrid (App. F)
# ============================================================================================


def gaussian_lambda_pos_moments(x, y, M, c, n, *, dps: int = DEFAULT_DPS):
    """Moments of the Gaussian coefficient (20) estimated with n antithetic positive features.

    :math:`\\lambda=\\exp(-\\|x+My\\|^2/(2c^2))` and
    :math:`\\hat\\lambda=e^{-\\|x\\|^2/(2c^2)}e^{-\\|My\\|^2/(2c^2)}\\widehat{SM}^{++}_n(x/c,-My/c)`.

    Returns
    -------
    dict
        ``mean``, ``second``, ``second_complement``, ``cross`` (:math:`\\mathbb E\\hat\\lambda(1-\\hat\\lambda)`).

    Examples
    --------
    >>> from mpmath import nstr
    >>> r = gaussian_lambda_pos_moments([2, 0], [-1, 0], [[2, 0], [0, 2]], 1, 1, dps=8)
    >>> nstr(r["mean"], 8), bool(r["cross"] < 0)
    ('1.0', True)
    """
    n = require_int(n, "n", minimum=1)

    def f():
        xv, yv = _pair(x, y)
        Mm = to_matrix(M, "M", shape=(len(xv), len(xv)))
        cc = to_mp(c, "c")
        if cc <= 0:
            raise ValueError(f"c must satisfy c > 0, got c={c}")
        my = _matvec(Mm, yv)
        u = [a / cc for a in xv]
        v = [-b / cc for b in my]
        pref = mp.exp(-(_nrm2(xv) + _nrm2(my)) / (2 * cc ** 2))
        sm = mp.exp(_dot(u, v))
        z2 = _nrm2([a + b for a, b in zip(u, v)])
        var_sm = mp.exp(z2) * sm ** 2 * (-mp.expm1(-z2)) ** 2 / (2 * n)
        mean = pref * sm
        second = mean ** 2 + pref ** 2 * var_sm
        return {"mean": mean, "second": second, "second_complement": 1 - 2 * mean + second,
                "cross": mean - second}

    return verified(f, dps, what="gaussian_lambda_pos_moments", absolute=mpmath.mpf(10) ** (-dps - 5))


def gaussian_hybrid_lambda(x, y, sigma, r=None, *, dps: int = DEFAULT_DPS):
    """Coefficient (67) of the normalized bipolar Gaussian hybrid, :math:`(1-e^{-\\sigma^2\\|x-y\\|^2/2})/\\rho`.

    Parameters
    ----------
    x, y : sequence of exact reals
    sigma : exact real > 0
    r : exact real > 0, optional
        Common norm of the inputs in :math:`\\rho=1-e^{-2\\sigma^2r^2}` (68); default ``||x||``,
        which then must equal ``||y||``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(gaussian_hybrid_lambda([1, 0], [-1, 0], 1, dps=10), 10)
    '1.0'
    """
    def f():
        xv, yv, rho, d2, ss = _gh_parts(x, y, sigma, r)
        return -mp.expm1(-ss * d2 / 2) / rho

    return verified(f, dps, what="gaussian_hybrid_lambda", absolute=mpmath.mpf(10) ** (-dps - 5))


def _gh_parts(x, y, sigma, r):
    xv, yv = _pair(x, y)
    s = to_mp(sigma, "sigma")
    if s <= 0:
        raise ValueError(f"sigma must satisfy sigma > 0, got sigma={sigma}")
    if r is None:
        nx, ny = _nrm2(xv), _nrm2(yv)
        if abs(nx - ny) > mpmath.mpf(10) ** (-mp.dps + 5) * max(nx, 1):
            raise ValueError("x and y must have the same norm when r is not given "
                             f"(normalized setting of App. F), got ||x||^2={mpmath.nstr(nx, 8)}, "
                             f"||y||^2={mpmath.nstr(ny, 8)}")
        rr = mp.sqrt(nx)
    else:
        rr = to_mp(r, "r")
    if rr <= 0:
        raise ValueError(f"r must satisfy r > 0, got r={r}")
    rho = -mp.expm1(-2 * s ** 2 * rr ** 2)
    d2 = _nrm2([a - b for a, b in zip(xv, yv)])
    return xv, yv, rho, d2, s ** 2


def gaussian_hybrid_moments(x, y, sigma, n, r=None, *, dps: int = DEFAULT_DPS):
    """:math:`\\mathbb E\\hat\\lambda^2` and :math:`\\mathbb E(1-\\hat\\lambda)^2` of Thm F.1 (Eqs. (72)-(73)).

    Computed from the law of :math:`\\hat\\lambda` (69) directly:
    :math:`\\mathbb E\\hat\\lambda=\\lambda`, :math:`\\mathrm{Var}\\hat\\lambda=(1-e^{-\\sigma^2\\|\\Delta\\|^2})^2/(2n\\rho^2)`.

    Returns
    -------
    dict
        ``mean``, ``second``, ``second_complement``, ``cross``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> r = gaussian_hybrid_moments([1, 0], [0, 1], 1, 2, dps=10)
    >>> nstr(r["second"], 10)
    '0.7844466454'
    """
    n = require_int(n, "n", minimum=1)

    def f():
        xv, yv, rho, d2, ss = _gh_parts(x, y, sigma, r)
        mean = -mp.expm1(-ss * d2 / 2) / rho
        var = mp.expm1(-ss * d2) ** 2 / (2 * n * rho ** 2)
        second = mean ** 2 + var
        return {"mean": mean, "second": second, "second_complement": (1 - mean) ** 2 + var,
                "cross": mean - second}

    return verified(f, dps, what="gaussian_hybrid_moments", absolute=mpmath.mpf(10) ** (-dps - 5))


@functools.lru_cache(maxsize=None)
def gaussian_hybrid_moments_expr():
    """Sympy: the printed (72)/(73) against moments derived from the law of (69).

    Returns ``[(derived, printed), (derived, printed)]`` in symbols ``rho, D2 (=||Delta||^2),
    sigma, n``.

    Examples
    --------
    >>> import sympy
    >>> all(sympy.simplify(d - p) == 0 for d, p in gaussian_hybrid_moments_expr())
    True
    """
    rho, D2, s = sympy.symbols("rho D2 sigma", positive=True)
    n = sympy.Symbol("n", positive=True, integer=True)
    g = sympy.Symbol("g", real=True)
    dens = sympy.exp(-g ** 2 / 2) / sympy.sqrt(2 * sympy.pi)
    # sigma * omega^T Delta ~ N(0, sigma^2 D2) -> cos(sigma sqrt(D2) g)
    u = s * sympy.sqrt(D2)
    ec = sympy.simplify(sympy.integrate(sympy.cos(u * g) * dens, (g, -sympy.oo, sympy.oo)))
    ec2 = sympy.simplify(sympy.integrate(sympy.cos(u * g) ** 2 * dens, (g, -sympy.oo, sympy.oo)))
    var_mean_cos = (ec2 - ec ** 2) / n
    mean_l = (1 - ec) / rho
    var_l = var_mean_cos / rho ** 2
    e_l2 = mean_l ** 2 + var_l
    e_c2 = (1 - mean_l) ** 2 + var_l
    E = sympy.exp(-s ** 2 * D2 / 2)
    E2 = sympy.exp(-s ** 2 * D2)
    p72 = (1 - E) ** 2 / rho ** 2 + (1 - E2) ** 2 / (2 * rho ** 2 * n)
    p73 = ((1 - rho) - E) ** 2 / rho ** 2 + (1 - E2) ** 2 / (2 * rho ** 2 * n)
    return [(e_l2, p72), (e_c2, p73)]


def gaussian_hybrid_mse(x, y, m, n, sigma, r=None, *, shared: bool = False, dps: int = DEFAULT_DPS):
    """MSE of the normalized bipolar Gaussian hybrid (HRF Thm F.1, Eq. (71)).

    Parameters
    ----------
    x, y : sequence of exact reals
    m, n : int
        Base projections and coefficient features.
    sigma : exact real > 0
    r : exact real, optional
        Norm used in :math:`\\rho` (default ``||x|| = ||y||``).
    shared : bool
        Same projections for trig and ++ (Eq. (23) correction applied; it vanishes when
        ``||x|| = ||y||``).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(gaussian_hybrid_mse([1, 0], [-1, 0], 2, 3, 1, dps=10), 10)
    '0.3824456597'
    """
    mo = gaussian_hybrid_moments(x, y, sigma, n, r, dps=dps + 10)
    return bipolar_hybrid_mse(x, y, m, mo["second"], mo["second_complement"], shared=shared, dps=dps)


