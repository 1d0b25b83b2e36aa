"""Discretely-induced random features (DIRFs, CRT Sec. 3.2): Poisson (PoisRF, Theorem 3.4, Eq. (11))
and geometric (GeomRF, Theorem 3.5, Eq. (13)) random features, their variances and optimal parameters.
"""

from __future__ import annotations

import functools

import mpmath
import numpy as np
import sympy
from mpmath import mp
from scipy import optimize, special

from ..precision import DEFAULT_DPS, require_real, to_mp, verified
from ._common import _check_pair, _log_diff_np, _norms, _np_stats, _pair

__all__ = ["poisson_lambda_star", "poisson_variance", "geometric_variance", "geometric_p_star",
           "poisson_variance_expr", "geometric_variance_expr", "log_poisson_variance_np",
           "log_geometric_variance_np", "geometric_p_star_np"]


# ---------------------------------------------------------------------------------------------
# high precision
# ---------------------------------------------------------------------------------------------

def poisson_lambda_star(x, y, *, dps: int = DEFAULT_DPS):
    """Optimal Poisson rate :math:`\\lambda^* = d^{-1/2}(\\sum_l x_l^2y_l^2)^{1/2}` (CRT Sec. 3.2.1).

    Raises ``ValueError`` when :math:`\\sum_l x_l^2 y_l^2 = 0` (then the infimum over
    :math:`\\lambda > 0` is approached as :math:`\\lambda \\to 0` and not attained).

    Examples
    --------
    >>> print(mpmath.nstr(poisson_lambda_star([1, 2], [3, 1], dps=15), 15))
    2.54950975679639

    It minimises :func:`poisson_variance` over :math:`\\lambda`:

    >>> lam = poisson_lambda_star([1, 2], [3, 1])
    >>> v = poisson_variance([1, 2], [3, 1], lam)
    >>> all(poisson_variance([1, 2], [3, 1], lam * mpmath.mpf(f)) > v for f in ("0.99", "1.01"))
    True
    """
    _check_pair(x, y)
    with mp.workdps(30):
        xv, yv = _pair(x, y)
        if sum((a * b) ** 2 for a, b in zip(xv, yv)) == 0:
            raise ValueError("poisson_lambda_star requires sum_l x_l^2 y_l^2 > 0 (lambda* = 0 is not admissible)")

    def f():
        xv, yv = _pair(x, y)
        return mpmath.sqrt(sum((a * b) ** 2 for a, b in zip(xv, yv)) / len(xv))

    return verified(f, dps, what="lambda*")


def poisson_variance(x, y, lam, *, dps: int = DEFAULT_DPS):
    """PoisRF variance, CRT Theorem 3.4, Eq. (11), Gaussian kernel.

    .. math:: \\exp\\Big(\\lambda d + \\lambda^{-1}\\sum_l x_l^2y_l^2 - \\|x\\|^2-\\|y\\|^2\\Big) - K(x,y)^2

    Examples
    --------
    >>> print(mpmath.nstr(poisson_variance([1], [1], 2, dps=15), 15))
    0.648721270700128
    """
    _check_pair(x, y)
    with mp.workdps(30):
        require_real(lam, "lam", lower=0)

    def f():
        xv, yv = _pair(x, y)
        l = to_mp(lam, "lam")
        n, s2, dm = _norms(xv, yv, 1)
        q = sum((a * b) ** 2 for a, b in zip(xv, yv))
        e1 = l * len(xv) + q / l - n
        return mpmath.exp(-dm) * mpmath.expm1(e1 + dm)

    return verified(f, dps, what="PoisRF variance", absolute=mpmath.mpf(10) ** (-3 * dps))


def geometric_variance(x, y, p, *, dps: int = DEFAULT_DPS):
    """GeomRF variance, CRT Theorem 3.5, Eq. (13), Gaussian kernel.

    .. math:: p^{-d} e^{-\\|x\\|^2-\\|y\\|^2}\\prod_l I_0\\big(2(1-p)^{-1/2}|x_ly_l|\\big) - K(x,y)^2

    Examples
    --------
    >>> print(mpmath.nstr(geometric_variance([1], [1], "1/2", dps=15), 15))
    0.150986221397893
    """
    _check_pair(x, y)
    with mp.workdps(30):
        require_real(p, "p", lower=0, upper=1)

    def f():
        xv, yv = _pair(x, y)
        pp = to_mp(p, "p")
        n, s2, dm = _norms(xv, yv, 1)
        lg = -len(xv) * mpmath.log(pp) - n
        for a, b in zip(xv, yv):
            lg += mpmath.log(mpmath.besseli(0, 2 * abs(a * b) / mpmath.sqrt(1 - pp)))
        return mpmath.exp(-dm) * mpmath.expm1(lg + dm)

    return verified(f, dps, what="GeomRF variance", absolute=mpmath.mpf(10) ** (-3 * dps))


def _geom_obj_np(p, a):
    """-d log p + sum log I0(2 a_l / sqrt(1-p)), float64."""
    z = 2 * a / np.sqrt(1 - p)
    return -a.size * np.log(p) + np.sum(np.log(special.i0e(z)) + z)


def _geom_obj_grid_np(p, a):
    """:func:`_geom_obj_np` at every ``p`` of a 1-D grid at once (row sums of a (grid, d) array: the same
    pairwise summation as the 1-D sum, so the same values)."""
    z = 2 * a[None, :] / np.sqrt(1 - p)[:, None]
    return -a.size * np.log(p) + np.sum(np.log(special.i0e(z)) + z, axis=1)


def geometric_p_star_np(a):
    """Minimiser over ``p in (0, 1)`` of the log of the first term of Eq. (13) (float64).

    ``a`` holds the values :math:`|x_ly_l|` (or their averages, statistic (14)). A 1-D search:
    a grid in :math:`\\mathrm{logit}(p)` then bounded Brent refinement (the paper uses Brent,
    App. 9.10.1). Raises ``ValueError`` if all ``a`` are 0 (infimum at ``p -> 1``, not attained).

    Examples
    --------
    >>> round(geometric_p_star_np(np.array([1.0])), 6)
    0.477454

    ``a`` is :math:`|x_ly_l|`, so that it agrees with :func:`geometric_p_star` on the pair:

    >>> x, y = [1, 2], [3, -1]
    >>> bool(abs(geometric_p_star_np(np.abs(np.multiply(x, y))) - geometric_p_star(x, y)) < 1e-8)
    True
    """
    a = np.abs(np.asarray(a, float)).ravel()
    if a.size == 0 or not np.all(np.isfinite(a)):
        raise ValueError("a must be a non-empty finite array")
    if np.all(a == 0):
        raise ValueError("geometric_p_star requires some |x_l y_l| > 0 (else the infimum is at p -> 1)")
    t = np.linspace(-30, 30, 601)
    p = special.expit(t)
    p = p[(p > 0) & (p < 1)]
    vals = _geom_obj_grid_np(p, a)
    i = int(np.nanargmin(vals))
    lo = t[max(i - 1, 0)]
    hi = t[min(i + 1, len(t) - 1)]
    res = optimize.minimize_scalar(lambda u: _geom_obj_np(special.expit(u), a), bounds=(lo, hi),
                                   method="bounded", options={"xatol": 1e-12})
    return float(special.expit(res.x))


def geometric_p_star(x, y, *, dps: int = DEFAULT_DPS):
    """Optimal geometric parameter :math:`p^*` for a pair (numerical 1-D search, CRT Sec. 3.2.2).

    A float64 grid + Brent search locates the minimum of Eq. (13); ``mpmath.findroot`` then solves
    the stationarity condition :math:`-d/p + (1-p)^{-3/2}\\sum_l |x_ly_l| I_1(z_l)/I_0(z_l) = 0`,
    :math:`z_l = 2|x_ly_l|/\\sqrt{1-p}`, to ``dps`` digits.

    Examples
    --------
    >>> print(mpmath.nstr(geometric_p_star([1], [1], dps=12), 12))
    0.47745385726

    The result is a real number in (0, 1) even when the search passes through complex values:

    >>> p = geometric_p_star(["0.3", "-0.2", "0.5"], ["0.1", "0.4", "-0.3"])
    >>> isinstance(p, mpmath.mpf), mpmath.nstr(p, 12)
    (True, '0.909229970201')
    """
    _check_pair(x, y)
    with mp.workdps(30):
        xv, yv = _pair(x, y)
    p0 = geometric_p_star_np(np.array([float(abs(a * b)) for a, b in zip(xv, yv)]))

    def f():
        xv, yv = _pair(x, y)
        av = [abs(a * b) for a, b in zip(xv, yv)]
        d = len(av)

        def g(p):
            z = [2 * a / mpmath.sqrt(1 - p) for a in av]
            return -d / p + (1 - p) ** mpmath.mpf(-1.5) * sum(
                a * mpmath.besseli(1, zz) / mpmath.besseli(0, zz) for a, zz in zip(av, z))

        p = mpmath.findroot(g, mpmath.mpf(p0))
        # a secant step may leave (0, 1), where (1-p)^(-3/2) turns complex, and come back with a zero
        # imaginary part: return the real root, and refuse anything else
        if isinstance(p, mpmath.mpc):
            if abs(p.imag) > mpmath.eps * 16 * abs(p.real):
                raise ArithmeticError(f"p* search returned a complex value {p}")
            p = p.real
        if not 0 < p < 1:
            raise ArithmeticError(f"p* search left (0, 1): {p}")
        return p

    return verified(f, dps, what="p*")



# ---------------------------------------------------------------------------------------------
# symbolic (sympy sums the series)
# ---------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def poisson_variance_expr():
    """Per-coordinate Poisson second moment by sympy summation (proof of Theorem 3.4).

    Returns ``(second_moment, symbols)`` where ``second_moment`` is
    :math:`E[X_lY_l]^2`-type factor :math:`e^{\\lambda}\\sum_k e^{-\\lambda}\\lambda^k/k!\\,(x y)^{2k}\\lambda^{-2k}`
    summed in closed form; the d-dimensional variance is
    :math:`e^{-\\|x\\|^2-\\|y\\|^2}\\prod_l(\\cdot) - K^2`.

    Examples
    --------
    >>> e, S = poisson_variance_expr()
    >>> e
    exp(lam + x**2*y**2/lam)
    """
    lam = sympy.Symbol("lam", positive=True)
    x, y = sympy.symbols("x y", real=True)
    k = sympy.Symbol("k", integer=True, nonnegative=True)
    term = sympy.exp(-lam) * lam ** k / sympy.factorial(k) * (x * y) ** (2 * k) * lam ** (-2 * k)
    sm = sympy.summation(term, (k, 0, sympy.oo))
    # f^2 carries e^{lam} per coordinate (e^{lam d/2} squared twice)
    return sympy.simplify(sympy.exp(2 * lam) * sm), {"lam": lam, "x": x, "y": y}


@functools.lru_cache(maxsize=None)
def geometric_variance_expr():
    """Per-coordinate geometric second-moment factor by sympy summation (proof of Theorem 3.5).

    Returns ``(factor, symbols)`` with, in terms of ``q = 1 - p``,
    :math:`p^{-2}\\sum_k p\\,q^k (k!)^{-2}(q^{-1}xy)^{2k}`, which sympy sums to
    :math:`p^{-1} I_0(2|xy|/\\sqrt{q})`.

    Examples
    --------
    >>> e, S = geometric_variance_expr()
    >>> e
    -besseli(0, 2*u/sqrt(q))/(q - 1)
    """
    q = sympy.Symbol("q", positive=True)   # q = 1 - p
    u = sympy.Symbol("u", positive=True)   # u = |x y|
    k = sympy.Symbol("k", integer=True, nonnegative=True)
    p = 1 - q
    term = p * q ** k / sympy.factorial(k) ** 2 * (u / q) ** (2 * k)
    sm = sympy.summation(term, (k, 0, sympy.oo))
    return sympy.simplify(sm / p ** 2), {"q": q, "u": u}



# ---------------------------------------------------------------------------------------------
# float64 log-variances
# ---------------------------------------------------------------------------------------------

def log_poisson_variance_np(x, y, lam):
    """log of the PoisRF variance, Eq. (11), float64.

    Examples
    --------
    >>> round(float(log_poisson_variance_np([1.0], [1.0], 2.0)), 10)
    -0.4327521296
    """
    x, y, n, sp, sm = _np_stats(x, y)
    lam = np.asarray(lam, float)
    if np.any(lam <= 0):
        raise ValueError(f"lam must satisfy lam > 0, got lam={lam}")
    d = x.shape[-1]
    e1 = lam * d + ((x * y) ** 2).sum(-1) / lam - n
    return _log_diff_np(e1, -sm)


def log_geometric_variance_np(x, y, p):
    """log of the GeomRF variance, Eq. (13), float64 (``log I0`` via ``i0e``).

    Examples
    --------
    >>> round(float(log_geometric_variance_np([1.0], [1.0], 0.5)), 10)
    -1.8905666954
    """
    x, y, n, sp, sm = _np_stats(x, y)
    p = float(p)
    if not 0 < p < 1:
        raise ValueError(f"p must satisfy 0 < p < 1, got p={p}")
    d = x.shape[-1]
    z = 2 * np.abs(x * y) / np.sqrt(1 - p)
    lfirst = -d * np.log(p) - n + (np.log(special.i0e(z)) + z).sum(-1)
    return _log_diff_np(lfirst, -sm)
