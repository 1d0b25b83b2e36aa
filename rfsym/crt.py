"""Chefs' Random Tables (CRT): GERF, OPRF, Poisson / geometric RFs, orthogonal OPRFs, tail bounds.

Every quantity here targets the **Gaussian kernel** :math:`K(x, y) = \\exp(-\\|x-y\\|^2/2)`, as the
paper does (CRT Sec. 2.1). The softmax kernel is one exponential factor away:
:math:`K_{\\mathrm{sfm}}(x, y) = \\exp(x^\\top y) = e^{\\|x\\|^2/2} K(x, y) e^{\\|y\\|^2/2}`, so the
variance of a softmax estimator is :math:`e^{\\|x\\|^2+\\|y\\|^2}` times the Gaussian one.

Layers (see DESIGN.md):

* symbolic builders ``*_expr`` (sympy does the Gaussian integrals, series and stationary points);
* high-precision functions with exact inputs and a ``dps`` keyword, evaluated through
  :func:`rfsym.precision.verified`;
* float64 vectorised ``*_np`` functions returning **log**-variances (no overflow for values of
  several hundred);
* samplers of the random features themselves (``*_features`` and :func:`estimator_samples`) used by
  the Monte Carlo checks; they never use the variance formulas under test.

Notation: ``N = ||x||^2 + ||y||^2``, ``s2 = ||x + y||^2``, ``S = ||x + s y||^2``.
"""

from __future__ import annotations

import functools
import math
import numbers

import mpmath
import numpy as np
import sympy
from mpmath import mp
from scipy import optimize, special

from .couplings import sample as _sample_projections
from .precision import (DEFAULT_DPS, require_int, require_real, require_same_length, to_mp,
                        to_vector, verified)

__all__ = [
    # high precision
    "gerf_params", "gerf_variance", "trig_variance", "pos_variance",
    "oprf_rho_star", "oprf_a_star", "oprf_variance", "oprf_log_variance_ratio",
    "poisson_lambda_star", "poisson_variance", "geometric_variance", "geometric_p_star",
    "orthogonal_gap", "orthogonal_gap_lower_bound", "orthogonal_pair_moment",
    "orthogonal_gap_lower_bound_printed_f",
    "oprf_feature_sup", "paper_feature_bound", "oprf_upper_tail", "hoeffding_bound_printed", "hoeffding_bound_corrected",
    "homogeneity_statistic", "poisson_statistic", "geometric_statistic",
    # symbolic
    "gerf_mean_expr", "gerf_variance_expr", "oprf_rho_star_expr", "poisson_variance_expr",
    "geometric_variance_expr", "trig_variance_expr", "pos_variance_expr",
    # float64
    "log_trig_variance_np", "log_pos_variance_np", "log_gerf_variance_np", "log_oprf_variance_np",
    "oprf_rho_star_np", "oprf_log_variance_ratio_np", "log_poisson_variance_np",
    "log_geometric_variance_np", "geometric_p_star_np",
    # samplers
    "sample_omega", "gerf_features", "dirf_features", "estimator_samples",
]


# ---------------------------------------------------------------------------------------------
# validation helpers
# ---------------------------------------------------------------------------------------------

def _check_s(s):
    if isinstance(s, bool) or not isinstance(s, (numbers.Integral, sympy.Integer)) or int(s) not in (-1, 1):
        raise ValueError(f"s must be -1 or +1, got s={s!r}")
    return int(s)


def _pair(x, y):
    """Convert x, y (exact, same length) to lists of mpf at the current precision."""
    require_same_length(x, y)
    return to_vector(x, "x"), to_vector(y, "y")


def _check_pair(x, y):
    """Validate outside the closure (so errors are raised early, not as PrecisionError)."""
    if isinstance(x, (str, bytes)) or not hasattr(x, "__len__"):
        raise TypeError(f"x must be a 1-D sequence of numbers, got x={x!r}")
    if isinstance(y, (str, bytes)) or not hasattr(y, "__len__"):
        raise TypeError(f"y must be a 1-D sequence of numbers, got y={y!r}")
    require_same_length(x, y)
    with mp.workdps(20):
        to_vector(x, "x")
        to_vector(y, "y")
    return len(x)


def _norms(xv, yv, s=1):
    n = sum(a * a for a in xv) + sum(b * b for b in yv)
    S = sum((a + s * b) ** 2 for a, b in zip(xv, yv))
    dm = sum((a - b) ** 2 for a, b in zip(xv, yv))
    return n, S, dm


def _check_A(A, need8=True):
    with mp.workdps(30):
        a = to_mp(A, "A", complex_ok=True)
        if need8:
            if mpmath.re(1 - 8 * a) <= 0:
                raise ValueError(f"A must satisfy Re(1-8A) > 0, got A={A}")
        elif mpmath.re(1 - 4 * a) <= 0:
            raise ValueError(f"A must satisfy Re(1-4A) > 0, got A={A}")


def _check_s2(s2):
    with mp.workdps(30):
        v = to_mp(s2, "s2")
    if v < 0:
        raise ValueError(f"s2 = ||x+y||^2 must satisfy s2 >= 0, got s2={s2}")


def _np_pairs(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same shape, got {x.shape} and {y.shape}")
    if x.ndim == 0:
        raise ValueError("x and y must have a trailing dimension d")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("x and y must be finite")
    return x, y


def _log_diff_np(a, b):
    """log(exp(a) - exp(b)) for a >= b elementwise (float64); -inf where equal."""
    a = np.asarray(a, float)
    b = np.asarray(b, float)
    with np.errstate(divide="ignore"):
        return a + np.log(-np.expm1(np.minimum(b - a, 0.0)))


# ---------------------------------------------------------------------------------------------
# kernels and statistics
# ---------------------------------------------------------------------------------------------

def homogeneity_statistic(X, Y, s=1):
    """Average of :math:`\\|x^{(i)} + s y^{(j)}\\|^2` over all pairs through CRT Eq. (8), in O(Ld).

    (The sets may have different sizes; Eq. (8) is the case of equal sizes.)

    Parameters
    ----------
    X, Y : array_like, shape (L, d)
        The two sets (float64, or object arrays of exact numbers such as ``Fraction``).
    s : {-1, +1}

    Returns
    -------
    Same scalar type as the inputs.

    Notes
    -----
    .. math:: \\frac{1}{L^2}\\sum_{i,j}\\|x_i+sy_j\\|^2 = \\frac1L\\sum_i\\|x_i\\|^2
              + \\frac{2s}{L^2}\\Big(\\sum_i x_i\\Big)^\\top\\Big(\\sum_j y_j\\Big) + \\frac1L\\sum_j\\|y_j\\|^2

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> homogeneity_statistic([[F(1), F(2)], [F(0), F(1)]], [[F(1), F(0)], [F(3), F(1)]], 1)
    Fraction(12, 1)
    """
    s = _check_s(s)
    if all(isinstance(A, np.ndarray) and A.dtype.kind == "f" and A.ndim == 2 for A in (X, Y)):   # float64 fast path
        if X.shape[0] == 0 or Y.shape[0] == 0 or X.shape[1] != Y.shape[1]:
            raise ValueError(f"X and Y must be non-empty with the same d, got shapes {X.shape} and {Y.shape}")
        return float((X * X).sum() / X.shape[0] + 2 * s * X.sum(0) @ Y.sum(0) / (X.shape[0] * Y.shape[0])
                     + (Y * Y).sum() / Y.shape[0])
    X = [list(r) for r in X]
    Y = [list(r) for r in Y]
    L1, L2 = len(X), len(Y)
    if L1 == 0 or L2 == 0:
        raise ValueError(f"X and Y must be non-empty, got {L1} and {L2} rows")
    if len({len(r) for r in X} | {len(r) for r in Y}) != 1:
        raise ValueError("all rows of X and Y must have the same length d")
    sx = [sum(c) for c in zip(*X)]
    sy = [sum(c) for c in zip(*Y)]
    nx = sum(sum(v * v for v in r) for r in X)
    ny = sum(sum(v * v for v in r) for r in Y)
    return nx / L1 + 2 * s * sum(a * b for a, b in zip(sx, sy)) / (L1 * L2) + ny / L2


def poisson_statistic(X, Y):
    """Average of :math:`\\sum_l (x^{(i)}_l)^2 (y^{(j)}_l)^2` over all pairs through CRT Eq. (12).

    Examples
    --------
    >>> float(poisson_statistic([[1, 2], [0, 1]], [[1, 0], [3, 1]]))
    3.75
    """
    X = np.asarray(X, dtype=object if _is_exact(X) else float)
    Y = np.asarray(Y, dtype=object if _is_exact(Y) else float)
    sx = (X * X).sum(axis=0)
    sy = (Y * Y).sum(axis=0)
    return (sx * sy).sum() / (X.shape[0] * Y.shape[0])


def geometric_statistic(X, Y):
    """Averages of :math:`|x^{(i)}_l y^{(j)}_l|` over all pairs, one per coordinate (CRT Eq. (14)).

    Examples
    --------
    >>> geometric_statistic([[1, -2], [0, 1]], [[1, 0], [-3, 1]]).tolist()
    [1.0, 0.75]
    """
    X = np.asarray(X, dtype=object if _is_exact(X) else float)
    Y = np.asarray(Y, dtype=object if _is_exact(Y) else float)
    return abs(X).sum(axis=0) * abs(Y).sum(axis=0) / (X.shape[0] * Y.shape[0])


def _is_exact(X):
    if isinstance(X, np.ndarray) and X.dtype.kind in "iuf":
        return False
    try:
        return any(isinstance(v, (numbers.Rational, sympy.Basic)) and not isinstance(v, numbers.Integral)
                   for r in X for v in r)
    except TypeError:
        return False


# ---------------------------------------------------------------------------------------------
# GERF (Sec. 3.1): Theorems 3.1 and 3.2
# ---------------------------------------------------------------------------------------------

def gerf_params(A, s, d, *, dps: int = DEFAULT_DPS):
    """Dependent GERF parameters :math:`(B, C, D)` of CRT Theorem 3.1, Eq. (5), with principal roots.

    Gaussian kernel :math:`\\exp(-\\|x-y\\|^2/2)`.

    Parameters
    ----------
    A : exact number (complex allowed)
        Free parameter, ``Re(1 - 4A) > 0``.
    s : {-1, +1}
    d : int
        Dimension, ``d >= 1``.
    dps : int

    Returns
    -------
    tuple of mpc ``(B, C, D)``

    Notes
    -----
    .. math:: B = \\sqrt{s(1-4A)},\\quad C = -(s+1)/2,\\quad D = (\\sqrt[4]{1-4A})^d

    Examples
    --------
    >>> B, C, D = gerf_params(0, -1, 3, dps=10)   # TrigRF: B = i, C = 0, D = 1
    >>> print(B, C, D)
    (0.0 + 1.0j) (0.0 + 0.0j) (1.0 + 0.0j)
    """
    s = _check_s(s)
    d = require_int(d, "d", minimum=1)
    _check_A(A, need8=False)

    def f():
        a = mpmath.mpc(to_mp(A, "A", complex_ok=True))
        B = mpmath.sqrt(s * (1 - 4 * a))
        C = mpmath.mpc(-(s + 1)) / 2
        D = mpmath.root(1 - 4 * a, 4) ** d
        return (B, C, D)

    return verified(f, dps, what="GERF parameters", absolute=mpmath.mpf(10) ** (-dps - 5))


def gerf_variance(x, y, A, s, *, dps: int = DEFAULT_DPS):
    """Variance of one GERF sample :math:`\\mathrm{Re}(f^{(1)}f^{(2)})` (CRT Theorem 3.2, Eq. (6)).

    Gaussian kernel :math:`\\exp(-\\|x-y\\|^2/2)`; multiply by :math:`e^{\\|x\\|^2+\\|y\\|^2}` for the
    softmax kernel.

    Parameters
    ----------
    x, y : sequence of exact reals
        Inputs of equal length ``d``.
    A : exact number, complex allowed
        ``Re(1 - 8A) > 0``.
    s : {-1, +1}
    dps : int

    Returns
    -------
    mpf
        Correct to ``dps`` significant digits, or to absolute accuracy :math:`K^2 10^{-dps}` when
        the variance is that small (it vanishes for PosRF at ``x = -y``).

    Notes
    -----
    .. math:: \\tfrac12 e^{-(s+1)(\\|x\\|^2+\\|y\\|^2)}\\big(\\mathrm{Re}(\\alpha_1 e^{\\alpha_2 S})
              + \\alpha_3 e^{\\alpha_4 S}\\big) - K(x,y)^2,\\quad S=\\|x+sy\\|^2

    with :math:`\\alpha_1=(\\sqrt{1+16A^2/(1-8A)})^d`, :math:`\\alpha_2=s+s/(1-8A)`,
    :math:`\\alpha_3=(1+16|A|^2/(1-8\\mathrm{Re}A))^{d/2}`,
    :math:`\\alpha_4=s/2+(s+2|1-4A|)/(2(1-8\\mathrm{Re}A))` exactly as printed.

    Examples
    --------
    >>> print(mpmath.nstr(gerf_variance([1], [0], 0, 1, dps=15), 15))    # PosRF: exp(0) - exp(-1)
    0.632120558828558
    """
    s = _check_s(s)
    _check_pair(x, y)
    _check_A(A)

    def f():
        xv, yv = _pair(x, y)
        d = len(xv)
        a = mpmath.mpc(to_mp(A, "A", complex_ok=True))
        n, S, dm = _norms(xv, yv, s)
        a1 = mpmath.sqrt(1 + 16 * a ** 2 / (1 - 8 * a)) ** d
        a2 = s + s / (1 - 8 * a)
        ra = mpmath.re(a)
        a3 = (1 + 16 * abs(a) ** 2 / (1 - 8 * ra)) ** (mpmath.mpf(d) / 2)
        a4 = mpmath.mpf(s) / 2 + (s + 2 * abs(1 - 4 * a)) / (2 * (1 - 8 * ra))
        first = mpmath.exp(-(s + 1) * n) / 2 * (mpmath.re(a1 * mpmath.exp(a2 * S)) + a3 * mpmath.exp(a4 * S))
        return first - mpmath.exp(-dm)

    with mp.workdps(20):
        xv, yv = _pair(x, y)
        k2 = mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)))
    # a variance that vanishes (e.g. PosRF at x = -y) is returned with absolute accuracy K^2 10^-dps
    return verified(f, dps, what="GERF variance", absolute=k2 * mpmath.mpf(10) ** (-dps))


def trig_variance(x, y, *, dps: int = DEFAULT_DPS):
    """TrigRF variance :math:`\\tfrac12(1-K(x,y)^2)^2` (CRT Sec. 2.2), Gaussian kernel.

    Examples
    --------
    >>> print(mpmath.nstr(trig_variance([1], [0], dps=12), 12))
    0.199788200447
    """
    _check_pair(x, y)

    def f():
        xv, yv = _pair(x, y)
        k2 = mpmath.exp(-sum((a - b) ** 2 for a, b in zip(xv, yv)))
        return (1 - k2) ** 2 / 2

    return verified(f, dps, what="TrigRF variance", absolute=mpmath.mpf(10) ** (-3 * dps))


def pos_variance(x, y, *, dps: int = DEFAULT_DPS):
    """PosRF variance :math:`\\exp(4x^\\top y) - K(x,y)^2` (CRT Sec. 2.2), Gaussian kernel.

    Computed as :math:`K^2\\,\\mathrm{expm1}(\\|x+y\\|^2)` (no cancellation).

    Examples
    --------
    >>> print(mpmath.nstr(pos_variance([1], [0], dps=15), 15))
    0.632120558828558
    """
    _check_pair(x, y)

    def f():
        xv, yv = _pair(x, y)
        n, s2, dm = _norms(xv, yv, 1)
        return mpmath.exp(-dm) * mpmath.expm1(s2)

    return verified(f, dps, what="PosRF variance", absolute=mpmath.mpf(10) ** (-3 * dps))


# ---------------------------------------------------------------------------------------------
# OPRF (Theorem 3.3)
# ---------------------------------------------------------------------------------------------

def _rho_star_mp(d, s2):
    b = 2 * s2 + d
    return 2 * d / (mpmath.sqrt(b * b + 8 * d * s2) + b)


def oprf_rho_star(d, s2, *, dps: int = DEFAULT_DPS):
    """Optimal :math:`\\rho^* = 1/(1-8A^*)` of OPRFs (CRT Theorem 3.3, Eq. (7)), ``s2 = ||x+y||^2``.

    Parameters
    ----------
    d : int
        Dimension ``d >= 1``.
    s2 : exact real
        :math:`\\|x+y\\|^2 \\ge 0` (``s2 = 0`` gives the limit ``rho* = 1``, i.e. PosRF).
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    Positive root of :math:`2s_2\\rho^2 + (2s_2+d)\\rho - d = 0` (proof, Eq. (22)):

    .. math:: \\rho^* = \\frac{\\sqrt{(2s_2+d)^2+8ds_2}-2s_2-d}{4s_2}
                     = \\frac{2d}{\\sqrt{(2s_2+d)^2+8ds_2}+2s_2+d}

    (the second, cancellation-free form is evaluated). Eq. (7) as printed puts ``-2s2-d`` under the
    square root, a typo (see the registry claim ``CRT-Eq7``).

    Examples
    --------
    >>> print(mpmath.nstr(oprf_rho_star(64, 100, dps=31), 31))
    0.2092525524840292351340233393618
    """
    d = require_int(d, "d", minimum=1)
    _check_s2(s2)
    return verified(lambda: _rho_star_mp(d, to_mp(s2, "s2")), dps, what="rho*")


def oprf_a_star(d, s2, *, dps: int = DEFAULT_DPS):
    """Optimal OPRF parameter :math:`A^* = (1 - 1/\\rho^*)/8` (CRT Theorem 3.3), Gaussian kernel.

    Evaluated as :math:`A^* = -s_2/(d - 2s_2 + \\sqrt{(2s_2+d)^2 + 8ds_2})` (same value, no
    cancellation); :math:`A^* < 0` for :math:`s_2 > 0` and :math:`A^* = 0` at :math:`s_2 = 0`.

    Examples
    --------
    >>> print(mpmath.nstr(oprf_a_star(64, 100, dps=15), 15))
    -0.472364278314074
    """
    d = require_int(d, "d", minimum=1)
    _check_s2(s2)

    def f():
        v = to_mp(s2, "s2")
        return -v / (d - 2 * v + mpmath.sqrt((2 * v + d) ** 2 + 8 * d * v))

    return verified(f, dps, what="A*", absolute=mpmath.mpf(10) ** (-dps - 5))


def _oprf_log_excess(d, s2):
    """g~ = log(E Z^2 / K^2) at rho*: d log((rho+1)/(2 sqrt rho)) + rho s2 (>= 0)."""
    r = _rho_star_mp(d, s2)
    return d * mpmath.log((r + 1) / (2 * mpmath.sqrt(r))) + r * s2


def oprf_variance(x, y, *, dps: int = DEFAULT_DPS):
    """OPRF variance at the pairwise optimum :math:`A^*(d, \\|x+y\\|^2)` (CRT Theorems 3.2-3.3).

    Gaussian kernel. Equals :math:`K^2\\,\\mathrm{expm1}(d\\log\\frac{\\rho^*+1}{2\\sqrt{\\rho^*}} +
    \\rho^*\\|x+y\\|^2)`, the proof's form of Eq. (6) for real ``A`` and ``s = +1``.

    Examples
    --------
    >>> print(mpmath.nstr(oprf_variance([1, 0], [0, 1], dps=12), 12))
    0.211254980775
    """
    _check_pair(x, y)

    def f():
        xv, yv = _pair(x, y)
        n, s2, dm = _norms(xv, yv, 1)
        return mpmath.exp(-dm) * mpmath.expm1(_oprf_log_excess(len(xv), s2))

    return verified(f, dps, what="OPRF variance", absolute=mpmath.mpf(10) ** (-3 * dps))


def oprf_log_variance_ratio(d, s2, *, dps: int = DEFAULT_DPS):
    """Fig. 1 (right) utility :math:`\\mu = \\log(\\mathrm{Var}_{\\mathrm{OPRF}}/\\mathrm{Var}_{\\mathrm{PosRF}})`.

    Depends on ``x, y`` only through ``d`` and ``s2 = ||x+y||^2`` (the common factor
    :math:`e^{-2(\\|x\\|^2+\\|y\\|^2)}` cancels); identical for Gaussian and softmax kernels.
    ``s2 = 0`` returns the limit 0.

    .. math:: \\mu = \\log\\mathrm{expm1}(\\tilde g) - \\log\\mathrm{expm1}(s_2),\\quad
              \\tilde g = d\\log\\frac{\\rho^*+1}{2\\sqrt{\\rho^*}} + \\rho^* s_2

    Examples
    --------
    >>> print(mpmath.nstr(oprf_log_variance_ratio(64, 100, dps=10), 10))
    -61.22118004
    """
    d = require_int(d, "d", minimum=1)
    _check_s2(s2)

    def f():
        v = to_mp(s2, "s2")
        if v == 0:
            return mpmath.mpf(0)
        return mpmath.log(mpmath.expm1(_oprf_log_excess(d, v))) - mpmath.log(mpmath.expm1(v))

    return verified(f, dps, what="log variance ratio", absolute=mpmath.mpf(10) ** (-dps - 5))


# ---------------------------------------------------------------------------------------------
# Poisson and geometric RFs (Theorems 3.4, 3.5)
# ---------------------------------------------------------------------------------------------

def poisson_lambda_star(x, y, *, dps: int = DEFAULT_DPS):
    """Optimal Poisson rate :math:`\\lambda^* = d^{-1/2}(\\sum_l x_l^2y_l^2)^{1/2}` (CRT Sec. 3.2.1).

    Raises ``ValueError`` when :math:`\\sum_l x_l^2 y_l^2 = 0` (then the infimum over
    :math:`\\lambda > 0` is approached as :math:`\\lambda \\to 0` and not attained).

    Examples
    --------
    >>> print(mpmath.nstr(poisson_lambda_star([1, 2], [3, 1], dps=15), 15))
    2.54950975679639
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


def geometric_p_star_np(a):
    """Minimiser over ``p in (0, 1)`` of the log of the first term of Eq. (13) (float64).

    ``a`` holds the values :math:`|x_ly_l|` (or their averages, statistic (14)). A 1-D search:
    a grid in :math:`\\mathrm{logit}(p)` then bounded Brent refinement (the paper uses Brent,
    App. 9.10.1). Raises ``ValueError`` if all ``a`` are 0 (infimum at ``p -> 1``, not attained).

    Examples
    --------
    >>> round(geometric_p_star_np(np.array([1.0])), 6)
    0.477454
    """
    a = np.abs(np.asarray(a, float)).ravel()
    if a.size == 0 or not np.all(np.isfinite(a)):
        raise ValueError("a must be a non-empty finite array")
    if np.all(a == 0):
        raise ValueError("geometric_p_star requires some |x_l y_l| > 0 (else the infimum is at p -> 1)")
    t = np.linspace(-30, 30, 601)
    p = special.expit(t)
    p = p[(p > 0) & (p < 1)]
    vals = np.array([_geom_obj_np(q, a) for q in p])
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

        return mpmath.findroot(g, mpmath.mpf(p0))

    return verified(f, dps, what="p*")


# ---------------------------------------------------------------------------------------------
# Orthogonal OPRFs (Theorems 4.1, 9.1)
# ---------------------------------------------------------------------------------------------

def orthogonal_pair_moment(d, s2, *, dps: int = DEFAULT_DPS):
    """:math:`E[Z_1Z_2]/K^2` for two *orthogonal* GERF samples with real ``A``, ``s = +1``.

    Derived here (not in the paper): writing :math:`\\omega_i = r_iu_i` with :math:`r_i\\sim\\chi_d`
    independent and :math:`(u_1^\\top z, u_2^\\top z)/\\|z\\|` distributed as two coordinates of a
    uniform unit vector, the double power series sums to

    .. math:: \\frac{E[Z_1Z_2]}{K^2} = e^{-s_2}\\,{}_1F_1\\big(d; d/2; s_2/2\\big)\\le 1,

    independent of ``A``; i.i.d. samples give exactly 1. Valid for ``d >= 2`` (orthogonality needs
    ``M <= d`` rows per block).

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_pair_moment(2, 2, dps=15), 15))
    0.735758882342885
    """
    d = require_int(d, "d", minimum=2)
    _check_s2(s2)

    def f():
        v = to_mp(s2, "s2")
        return mpmath.exp(-v) * mpmath.hyp1f1(d, mpmath.mpf(d) / 2, v / 2)

    return verified(f, dps, what="orthogonal pair moment")


def _one_minus_pair_ratio(d, s2):
    """1 - e^{-s2} 1F1(d; d/2; s2/2) without cancellation (series with positive terms for s2 < 4)."""
    if s2 == 0:
        return mpmath.mpf(0)
    if s2 >= 4:
        return 1 - mpmath.exp(-s2) * mpmath.hyp1f1(d, mpmath.mpf(d) / 2, s2 / 2)
    # e^{s2} - 1F1 = sum_{n>=2} x^n/n! (2^n - (d)_n/(d/2)_n), x = s2/2, all terms > 0
    x = s2 / 2
    total = mpmath.mpf(0)
    n, xn, two, rat = 1, x, mpmath.mpf(2), mpmath.mpf(2)   # after n=1: x^1/1!, 2^1, (d)_1/(d/2)_1 = 2
    eps = mpmath.eps
    while True:
        n += 1
        xn = xn * x / n
        two *= 2
        rat *= (d + n - 1) / (mpmath.mpf(d) / 2 + n - 1)
        term = xn * (two - rat)
        total += term
        if term < eps * total:
            break
    return mpmath.exp(-s2) * total


def orthogonal_gap(x, y, M, *, dps: int = DEFAULT_DPS):
    """Exact :math:`\\mathrm{Var}(\\hat K^{\\mathrm{iid}}_M) - \\mathrm{Var}(\\hat K^{\\mathrm{ort}}_M)`
    for OPRFs (any real ``A``, ``s = +1``), Gaussian kernel, ``d >= 2``.

    For ``M <= d`` (one orthogonal block):

    .. math:: (1 - 1/M)\\,K^2\\big(1 - e^{-s_2}{}_1F_1(d; d/2; s_2/2)\\big)

    For ``M > d`` the features form independent blocks of ``d`` rows (App. 9.1) and only pairs
    inside a block are correlated: the factor :math:`1 - 1/M = M(M-1)/M^2` becomes
    :math:`\\sum_b m_b(m_b-1)/M^2` (block sizes :math:`m_b`), e.g. :math:`(d-1)/M` for full blocks.

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_gap([1, 0], [0, 1], 2, dps=12), 12))
    0.0178805732504
    >>> print(mpmath.nstr(orthogonal_gap([1, 0], [0, 1], 4, dps=12), 12))
    0.00894028662522
    """
    n = _check_pair(x, y)
    M = require_int(M, "M", minimum=1)
    if n < 2:
        raise ValueError(f"orthogonal features need d >= 2, got d={n}")
    full, rest = divmod(M, n)
    pairs = full * n * (n - 1) + rest * (rest - 1)

    def f():
        xv, yv = _pair(x, y)
        nn, s2, dm = _norms(xv, yv, 1)
        return mpmath.mpf(pairs) / (M * M) * mpmath.exp(-dm) * _one_minus_pair_ratio(len(xv), s2)

    return verified(f, dps, what="orthogonal gap", absolute=mpmath.mpf(10) ** (-3 * dps))


def orthogonal_gap_lower_bound(x, y, M, *, dps: int = DEFAULT_DPS):
    """Lower bound :math:`(1-1/M)\\frac{2}{d+2}F^2` of CRT Theorem 9.1, Eq. (24) / Theorem 4.1, for OPRFs,
    with the printed factor :math:`1-1/M` (any ``M``; it is proven only for ``M <= d``).

    With the unbiased constant ``C = -1`` in ``g`` (see claim ``CRT-Sec9.7-g``) and the **corrected**
    :math:`F = E_\\omega[\\tilde g(\\omega^\\top z, \\|\\omega\\|)] = K(x,y) - e^{-\\|x\\|^2-\\|y\\|^2}`,
    independent of ``A``. Theorem 9.1 as printed drops the length inside :math:`\\tilde g`; that
    reading is :func:`orthogonal_gap_lower_bound_printed_f` (claim ``CRT-Thm9.1``).

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_gap_lower_bound([1, 0], [0, 1], 2, dps=12), 12))
    0.0135191963474
    """
    _check_pair(x, y)
    M = require_int(M, "M", minimum=1)

    def f():
        xv, yv = _pair(x, y)
        nn, s2, dm = _norms(xv, yv, 1)
        F = mpmath.exp(-nn) * mpmath.expm1(s2 / 2)
        return (1 - mpmath.mpf(1) / M) * 2 * F ** 2 / (len(xv) + 2)

    return verified(f, dps, what="Thm 9.1 bound", absolute=mpmath.mpf(10) ** (-3 * dps))


def orthogonal_gap_lower_bound_printed_f(x, y, M, A=None, *, dps: int = DEFAULT_DPS):
    """Right-hand side :math:`(1-1/M)\\frac{2}{d+2}F^2(z)` of CRT Eq. (24) with :math:`F` **as printed**
    in Theorem 9.1, for the OPRF/GERF function :math:`g` (real ``A``, ``s = +1``), Gaussian kernel.

    Parameters
    ----------
    x, y : sequences of exact reals
        Inputs, same length ``d >= 1``; ``z = x + y``.
    M : int
        Number of random features, ``M >= 1`` (the theorem assumes ``M <= d``).
    A : exact real, optional
        GERF parameter with ``1 - 4A > 0``; default the OPRF optimum
        :math:`A^*(d, \\|x+y\\|^2)` (:func:`oprf_a_star`).
    dps : int
        Verified significant digits.

    Returns
    -------
    mpf

    Notes
    -----
    Theorem 9.1 defines :math:`F(z) = E_{u\\sim\\mathrm{Unif}(S^{d-1})}E_{x\\sim\\tilde\\Omega(d)}
    [\\tilde g(u^\\top z, x)]`, :math:`\\tilde g(a,b) = \\frac{g(a,b)+g(-a,b)}2 - g(0,b)`. Since
    :math:`X = g(\\omega^\\top z, \\|\\omega\\|)` with :math:`\\omega = xu`, the first argument should be
    :math:`x\\,u^\\top z`; the printed :math:`u^\\top z` drops the length (the same slip as in the proof's
    :math:`X_m`, claim ``CRT-Sec9.7-Xm``). With :math:`g(a,b) = D^2e^{2Ab^2+Ba-N}`,
    :math:`D^2 = (1-4A)^{d/2}`, :math:`B = \\sqrt{1-4A}`, :math:`N = \\|x\\|^2+\\|y\\|^2` (the unbiased
    constant, claim ``CRT-Sec9.7-g``), :math:`E_x[D^2e^{2Ax^2}] = 1` and
    :math:`E_u\\cosh(Bu^\\top z) = {}_0F_1(;d/2;B^2s_2/4)`, so the printed

    .. math:: F_{\\mathrm{printed}} = e^{-N}\\big({}_0F_1(;\\tfrac d2;\\tfrac{(1-4A)s_2}4) - 1\\big)
              = e^{-N}\\,\\frac{q}{d/2}\\,{}_1F_2(1; 2, \\tfrac d2+1; q),\\quad q = \\frac{(1-4A)s_2}{4},

    (the second form, free of cancellation, is used for ``q < 1``). It depends on ``A`` while the
    exact gap (:func:`orthogonal_gap`) does not, and at :math:`A^*` and large :math:`s_2` it exceeds
    the gap: Eq. (24) as printed is false (e.g. ``d = M = 2``, ``x = y = (2, 0)``: bound 17.76 > gap
    0.4985). The corrected :math:`F = E_\\omega[\\tilde g(\\omega^\\top z,\\|\\omega\\|)] = e^{-N}(e^{s_2/2}-1)`
    is :func:`orthogonal_gap_lower_bound`.

    References
    ----------
    CRT, App. 9.7, Theorem 9.1, Eq. (24); claim ``CRT-Thm9.1``.

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_gap_lower_bound_printed_f([2, 0], [2, 0], 2, dps=15), 15))
    17.7559025191826
    >>> print(mpmath.nstr(orthogonal_gap([2, 0], [2, 0], 2, dps=15), 15))
    0.498490418174439
    """
    n = _check_pair(x, y)
    M = require_int(M, "M", minimum=1)
    if A is not None:
        with mp.workdps(30):
            if 1 - 4 * require_real(A, "A") <= 0:
                raise ValueError(f"A must satisfy 1 - 4A > 0, got A={A}")

    def f():
        xv, yv = _pair(x, y)
        nn, s2, dm = _norms(xv, yv, 1)
        d = len(xv)
        if A is None:
            a = -s2 / (d - 2 * s2 + mpmath.sqrt((2 * s2 + d) ** 2 + 8 * d * s2))   # A* (oprf_a_star)
        else:
            a = to_mp(A, "A")
        q = (1 - 4 * a) * s2 / 4
        b = mpmath.mpf(d) / 2
        if q < 1:
            sph = q / b * mpmath.hyp1f2(1, 2, b + 1, q)
        else:
            sph = mpmath.hyp0f1(b, q) - 1
        F = mpmath.exp(-nn) * sph
        return (1 - mpmath.mpf(1) / M) * 2 * F ** 2 / (d + 2)

    return verified(f, dps, what="Thm 9.1 bound (printed F)", absolute=mpmath.mpf(10) ** (-3 * dps))


# ---------------------------------------------------------------------------------------------
# Boundedness and tail bounds (Theorem 4.2)
# ---------------------------------------------------------------------------------------------

def oprf_feature_sup(x, y, A, *, dps: int = DEFAULT_DPS):
    """Exact supremum over :math:`\\omega` of :math:`Z = f^{(1)}f^{(2)}` for real ``A < 0``, ``s = +1``.

    .. math:: \\sup_\\omega Z = D^2 \\exp\\Big(-\\frac{B^2\\|x+y\\|^2}{8A} - \\|x\\|^2 - \\|y\\|^2\\Big),
              \\quad D^2 = (1-4A)^{d/2},\\ B^2 = 1-4A

    attained at :math:`\\omega = -B(x+y)/(4A)`.

    Examples
    --------
    >>> print(mpmath.nstr(oprf_feature_sup([1], [1], -1, dps=12), 12))
    3.68665283724
    """
    _check_pair(x, y)
    with mp.workdps(30):
        require_real(A, "A", upper=0)

    def f():
        xv, yv = _pair(x, y)
        a = to_mp(A, "A")
        n, s2, dm = _norms(xv, yv, 1)
        return (1 - 4 * a) ** (mpmath.mpf(len(xv)) / 2) * mpmath.exp(-(1 - 4 * a) * s2 / (8 * a) - n)

    return verified(f, dps, what="sup Z")


def paper_feature_bound(x, y, A, *, dps: int = DEFAULT_DPS):
    """The bound :math:`\\mathcal M(x,y) = \\exp(-(\\|x\\|^2+\\|y\\|^2)/(4A))` printed in Eq. (35).

    It omits the factor :math:`D^2 = (1-4A)^{d/2} > 1` (claim ``CRT-Eq35``).

    Examples
    --------
    >>> print(mpmath.nstr(paper_feature_bound([1], [1], -1, dps=12), 12))
    1.6487212707
    """
    _check_pair(x, y)
    with mp.workdps(30):
        require_real(A, "A", upper=0)

    def f():
        xv, yv = _pair(x, y)
        a = to_mp(A, "A")
        n, s2, dm = _norms(xv, yv, 1)
        return mpmath.exp(-n / (4 * a))

    return verified(f, dps, what="M(x,y)")


def oprf_upper_tail(x, y, A, t, *, dps: int = 20):
    """Exact :math:`P[Z \\ge t]` for one positive GERF sample :math:`Z = f^{(1)}f^{(2)}` (real ``A < 0``,
    ``s = +1``), by a 1-D quadrature.

    Writing :math:`\\omega = g\\,\\hat z + \\omega_\\perp` (:math:`\\hat z = (x+y)/\\|x+y\\|`,
    :math:`\\|\\omega_\\perp\\|^2\\sim\\chi^2_{d-1}`), :math:`Z \\ge t` iff
    :math:`\\|\\omega_\\perp\\|^2 \\le (c - 2Ag^2 - B\\|x+y\\|g)/(2A)`, :math:`c = \\log(t/D^2) + N`,
    so :math:`P = \\int \\varphi(g)\\,F_{\\chi^2_{d-1}}(\\cdot)\\,dg` (``d >= 2``).

    Examples
    --------
    >>> print(mpmath.nstr(oprf_upper_tail(["1", "0"], ["1", "0"], -1, "0.5", dps=10), 10))
    0.3255340383
    """
    n = _check_pair(x, y)
    if n < 2:
        raise ValueError(f"oprf_upper_tail needs d >= 2, got d={n}")
    with mp.workdps(30):
        require_real(A, "A", upper=0)
        require_real(t, "t", lower=0)

    def f():
        xv, yv = _pair(x, y)
        a = to_mp(A, "A")
        tt = to_mp(t, "t")
        d = len(xv)
        nn, s2, dm = _norms(xv, yv, 1)
        B = mpmath.sqrt(1 - 4 * a)
        D2 = (1 - 4 * a) ** (mpmath.mpf(d) / 2)
        zn = mpmath.sqrt(s2)
        c = mpmath.log(tt / D2) + nn

        def integrand(g):
            u = (c - 2 * a * g * g - B * zn * g) / (2 * a)
            if u <= 0:
                return mpmath.mpf(0)
            return mpmath.npdf(g) * mpmath.gammainc(mpmath.mpf(d - 1) / 2, 0, u / 2, regularized=True)

        disc = B * B * s2 + 8 * a * c          # roots of 2A g^2 + B|z| g - c = 0 bound the support
        if disc <= 0:
            return mpmath.mpf(0)
        r1 = (-B * zn + mpmath.sqrt(disc)) / (4 * a)
        r2 = (-B * zn - mpmath.sqrt(disc)) / (4 * a)
        lo, hi = min(r1, r2), max(r1, r2)
        return mpmath.quad(integrand, mpmath.linspace(lo, hi, 9))

    return verified(f, dps, what="P[Z >= t]", absolute=mpmath.mpf(10) ** (-2 * dps))


def hoeffding_bound_printed(x, y, A, M, eps, *, dps: int = DEFAULT_DPS):
    """Right side of CRT Theorem 4.2 (i.i.d. part) as printed:
    :math:`2\\exp(-\\tfrac{M\\epsilon^2}{2}\\exp(\\frac{\\|x\\|^2+\\|y\\|^2}{2A}))`.

    Examples
    --------
    >>> print(mpmath.nstr(hoeffding_bound_printed([1], [1], -1, 10, "0.5", dps=10), 10))
    1.262757572
    """
    _check_pair(x, y)
    M = require_int(M, "M", minimum=1)
    with mp.workdps(30):
        require_real(A, "A", upper=0)
        require_real(eps, "eps", lower=0)

    def f():
        xv, yv = _pair(x, y)
        a = to_mp(A, "A")
        e = to_mp(eps, "eps")
        n, s2, dm = _norms(xv, yv, 1)
        return 2 * mpmath.exp(-M * e ** 2 / 2 * mpmath.exp(n / (2 * a)))

    return verified(f, dps, what="printed tail bound")


def hoeffding_bound_corrected(x, y, A, M, eps, *, dps: int = DEFAULT_DPS):
    """A correct i.i.d. tail bound: Hoeffding with the true range :math:`[0, \\sup Z]`,
    :math:`2\\exp(-2M\\epsilon^2/(\\sup_\\omega Z)^2)` (see :func:`oprf_feature_sup`).

    Examples
    --------
    >>> print(mpmath.nstr(hoeffding_bound_corrected([1], [1], -1, 10, "0.5", dps=10), 10))
    1.384401255
    """
    _check_pair(x, y)
    M = require_int(M, "M", minimum=1)
    with mp.workdps(30):
        require_real(eps, "eps", lower=0)
    sup = oprf_feature_sup(x, y, A, dps=dps + 10)

    def f():
        e = to_mp(eps, "eps")
        return 2 * mpmath.exp(-2 * M * e ** 2 / sup ** 2)

    return verified(f, dps, what="corrected tail bound")


# ---------------------------------------------------------------------------------------------
# symbolic layer
# ---------------------------------------------------------------------------------------------

def _gauss_1d(a, b):
    """sympy: (2 pi)^(-1/2) * integral exp(-a w^2/2 + b w) dw for a > 0 (done by sympy)."""
    w = sympy.Symbol("omega", real=True)
    return sympy.simplify(sympy.integrate(sympy.exp(-a * w ** 2 / 2 + b * w), (w, -sympy.oo, sympy.oo))
                          / sympy.sqrt(2 * sympy.pi))


@functools.lru_cache(maxsize=None)
def gerf_mean_expr():
    """Symbolic :math:`E[f^{(1)}f^{(2)}]` for GERF in one coordinate, Eq. (16), real parameters.

    Returns ``(expr, symbols)``; ``expr`` is the per-coordinate expectation with ``x, y`` scalars,
    for real ``A < 1/4`` (``a = 1 - 4A > 0``) and real ``B``; the d-dimensional value is the product
    over coordinates. Sympy performs the Gaussian integral.

    Examples
    --------
    >>> e, S = gerf_mean_expr()
    >>> sorted(S)
    ['A', 'B', 'C', 'D', 's', 'x', 'y']
    """
    a = sympy.Symbol("a", positive=True)   # a = 1 - 4A
    A = sympy.Symbol("A", real=True)
    B, C, D = sympy.symbols("B C D", real=True)
    x, y = sympy.symbols("x y", real=True)
    s = sympy.Symbol("s", integer=True)
    integ = _gauss_1d(a, B * (x + s * y))
    expr = (D ** 2 * integ * sympy.exp(C * (x ** 2 + y ** 2))).subs(a, 1 - 4 * A)
    return expr, {"A": A, "B": B, "C": C, "D": D, "s": s, "x": x, "y": y}


@functools.lru_cache(maxsize=None)
def gerf_variance_expr(s):
    """Symbolic GERF variance for real ``A < 1/8`` and real B (so ``s = +1``), one coordinate.

    For ``s = +1``: derived by sympy as :math:`E[f_1^2f_2^2] - K^2` with the dependent parameters
    of Eq. (5); for ``s = -1`` with real ``A`` the features are complex and the function returns the
    Eq. (6) expression built from the sympy Gaussian integral with complex ``B = i\\sqrt{1-4A}``
    substituted into Eq. (19).

    Returns ``(expr, symbols)`` with symbols ``A, x, y``.

    Examples
    --------
    >>> e, S = gerf_variance_expr(1)
    >>> import sympy
    >>> sympy.simplify(e.subs(S["A"], 0) - (sympy.exp(4*S["x"]*S["y"]) - sympy.exp(-(S["x"]-S["y"])**2)))
    0
    """
    s = _check_s(s)
    A = sympy.Symbol("A", real=True)
    x, y = sympy.symbols("x y", real=True)
    a8 = sympy.Symbol("a8", positive=True)  # 1 - 8A
    w = sympy.Symbol("omega", real=True)
    K2 = sympy.exp(-(x - y) ** 2)
    C = -sympy.Rational(s + 1, 2)
    D2 = sympy.sqrt(1 - 4 * A)                       # D^2 for d = 1
    if s == 1:
        B = sympy.sqrt(1 - 4 * A)
        # E[f1^2 f2^2] = D^4 E exp(4A w^2 + 2B w (x+y) + 2C(x^2+y^2))
        integ = _gauss_1d(a8, 2 * B * (x + y)).subs(a8, 1 - 8 * A)
        expr = D2 ** 2 * integ * sympy.exp(2 * C * (x ** 2 + y ** 2)) - K2
    else:
        # Re(Z)^2 = (Z^2 + conj(Z)^2 + 2|Z|^2)/4 with Z = D^2 exp(2A w^2 + i b w (x-y)), b = sqrt(1-4A)
        b = sympy.Symbol("b", positive=True)
        u = x - y
        ez2 = D2 ** 2 * _gauss_1d(a8, 2 * sympy.I * b * u)     # E[Z^2] (real here)
        eabs = D2 ** 2 * _gauss_1d(a8, 0)                     # E|Z|^2
        ez2 = ez2.subs(b, sympy.sqrt(1 - 4 * A))
        expr = (ez2 + eabs).subs(a8, 1 - 8 * A) / 2 - K2
    return sympy.simplify(expr), {"A": A, "x": x, "y": y}


@functools.lru_cache(maxsize=None)
def oprf_rho_star_expr():
    """Sympy solution of :math:`g'(\\rho) = 0` (proof of Theorem 3.3) — the positive root.

    Returns ``(rho_star, g, symbols)`` where ``g`` is the log-variance objective of the proof.

    Examples
    --------
    >>> r, g, S = oprf_rho_star_expr()
    >>> import sympy
    >>> float(r.subs({S["d"]: 64, S["s2"]: 100}))
    0.20925255248402924
    """
    rho, d, s2, n = sympy.symbols("rho d s2 N", positive=True)
    g = (-d * sympy.log(2) + d * sympy.log(rho + 1) - d / 2 * sympy.log(rho) + (1 + rho) * s2 - 2 * n)
    sols = sympy.solve(sympy.Eq(sympy.diff(g, rho), 0), rho)
    pos = [r for r in sols if sympy.simplify(r.subs({d: 1, s2: 1})).is_positive]
    if len(pos) != 1:
        raise RuntimeError(f"expected one positive stationary point, got {sols}")
    return pos[0], g, {"rho": rho, "d": d, "s2": s2, "N": n}


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


@functools.lru_cache(maxsize=None)
def trig_variance_expr():
    """Symbolic TrigRF variance in one coordinate: sympy integrates :math:`\\cos^2(\\omega u)`.

    Examples
    --------
    >>> e, S = trig_variance_expr()
    >>> import sympy
    >>> sympy.simplify(e - (1 - sympy.exp(-S["u"]**2))**2/2)
    0
    """
    u = sympy.Symbol("u", real=True)
    w = sympy.Symbol("omega", real=True)
    dens = sympy.exp(-w ** 2 / 2) / sympy.sqrt(2 * sympy.pi)
    m2 = sympy.integrate(sympy.cos(w * u) ** 2 * dens, (w, -sympy.oo, sympy.oo))
    m1 = sympy.integrate(sympy.cos(w * u) * dens, (w, -sympy.oo, sympy.oo))
    return sympy.simplify(m2 - m1 ** 2), {"u": u}


@functools.lru_cache(maxsize=None)
def pos_variance_expr():
    """Symbolic PosRF variance in one coordinate: sympy integrates :math:`e^{2\\omega(x+y)}`.

    Examples
    --------
    >>> e, S = pos_variance_expr()
    >>> import sympy
    >>> sympy.simplify(e - (sympy.exp(4*S["x"]*S["y"]) - sympy.exp(-(S["x"]-S["y"])**2)))
    0
    """
    x, y = sympy.symbols("x y", real=True)
    w = sympy.Symbol("omega", real=True)
    dens = sympy.exp(-w ** 2 / 2) / sympy.sqrt(2 * sympy.pi)
    z = sympy.exp(w * (x + y) - x ** 2 - y ** 2)
    m2 = sympy.integrate(z ** 2 * dens, (w, -sympy.oo, sympy.oo))
    m1 = sympy.integrate(z * dens, (w, -sympy.oo, sympy.oo))
    return sympy.simplify(m2 - m1 ** 2), {"x": x, "y": y}


# ---------------------------------------------------------------------------------------------
# float64 log-variances (vectorised over leading axes of x, y of shape (..., d))
# ---------------------------------------------------------------------------------------------

def _np_stats(x, y):
    x, y = _np_pairs(x, y)
    n = (x * x).sum(-1) + (y * y).sum(-1)
    sp = ((x + y) ** 2).sum(-1)
    sm = ((x - y) ** 2).sum(-1)
    return x, y, n, sp, sm


def log_trig_variance_np(x, y):
    """log of the TrigRF variance (float64), :math:`\\log(\\tfrac12(1-K^2)^2)`.

    Examples
    --------
    >>> round(float(log_trig_variance_np([1.0], [0.0])), 10)
    -1.6104974713
    """
    x, y, n, sp, sm = _np_stats(x, y)
    with np.errstate(divide="ignore"):
        return 2 * np.log(-np.expm1(-sm)) - np.log(2.0)


def log_pos_variance_np(x, y):
    """log of the PosRF variance (float64): :math:`-\\|x-y\\|^2 + \\log\\mathrm{expm1}(\\|x+y\\|^2)`.

    Examples
    --------
    >>> round(float(log_pos_variance_np([1.0], [0.0])), 10)
    -0.4586751454
    """
    x, y, n, sp, sm = _np_stats(x, y)
    with np.errstate(divide="ignore"):
        return -sm + _log_expm1_np(sp)


def _log_expm1_np(v):
    v = np.asarray(v, float)
    with np.errstate(divide="ignore", over="ignore"):
        return np.where(v > 30, v + np.log1p(-np.exp(-np.minimum(v, 700))), np.log(np.expm1(np.minimum(v, 30))))


def oprf_rho_star_np(d, s2):
    """float64 :math:`\\rho^*` (cancellation-free form), vectorised over ``s2``.

    Examples
    --------
    >>> round(float(oprf_rho_star_np(64, 100.0)), 12)
    0.209252552484
    """
    s2 = np.asarray(s2, float)
    if np.any(s2 < 0):
        raise ValueError("s2 must be >= 0")
    b = 2 * s2 + d
    return 2 * d / (np.sqrt(b * b + 8 * d * s2) + b)


def oprf_log_variance_ratio_np(d, s2):
    """float64 Fig. 1 (right) utility :math:`\\mu(d, s_2)`, vectorised; absolute accuracy ~1e-9
    for ``1e-8 <= s2 <= 1e5``.

    Examples
    --------
    >>> round(float(oprf_log_variance_ratio_np(64, 100.0)), 8)
    -61.22118004
    """
    d = require_int(d, "d", minimum=1)
    s2 = np.asarray(s2, float)
    if np.any(s2 < 0):
        raise ValueError("s2 must be >= 0")
    r = oprf_rho_star_np(d, s2)
    # log((r+1)/(2 sqrt r)) = log1p((1-sqrt r)^2/(2 sqrt r))
    sr = np.sqrt(r)
    g = d * np.log1p((1 - sr) ** 2 / (2 * sr)) + r * s2
    with np.errstate(divide="ignore", invalid="ignore"):
        out = _log_expm1_np(g) - _log_expm1_np(s2)
    return np.where(s2 == 0, 0.0, out)


def log_oprf_variance_np(x, y, A=None):
    """log of the OPRF / real-A positive GERF variance (float64); ``A=None`` uses the pairwise A*.

    Examples
    --------
    >>> round(float(log_oprf_variance_np([1.0, 0.0], [0.0, 1.0])), 10)
    -1.5546894354
    """
    x, y, n, sp, sm = _np_stats(x, y)
    d = x.shape[-1]
    if A is None:
        r = oprf_rho_star_np(d, sp)
    else:
        A = np.asarray(A, float)
        if np.any(1 - 8 * A <= 0):
            raise ValueError(f"A must satisfy 1-8A > 0, got A={A}")
        r = 1 / (1 - 8 * A)
    sr = np.sqrt(r)
    g = d * np.log1p((1 - sr) ** 2 / (2 * sr)) + r * sp
    return -sm + _log_expm1_np(g)


def log_gerf_variance_np(x, y, A, s):
    """log of the GERF variance, Eq. (6), float64 and log-space, vectorised over pairs.

    Returns ``-inf`` where the variance is (numerically) zero. Accurate while the variance is not
    below ~1e-12 of :math:`K^2` (cancellation in ``first - K^2``); use :func:`gerf_variance` there.

    Examples
    --------
    >>> round(float(log_gerf_variance_np([1.0], [0.0], 0.0, -1)), 10)
    -1.6104974713
    """
    s = _check_s(s)
    x, y, n, sp, sm = _np_stats(x, y)
    A = complex(A)
    if (1 - 8 * A).real <= 0:
        raise ValueError(f"A must satisfy Re(1-8A) > 0, got A={A}")
    d = x.shape[-1]
    S = sp if s == 1 else sm
    la1 = d * np.log(np.sqrt(1 + 16 * A ** 2 / (1 - 8 * A)))       # complex log of alpha_1
    a2 = s + s / (1 - 8 * A)
    la3 = d / 2 * np.log(1 + 16 * abs(A) ** 2 / (1 - 8 * A.real))
    a4 = s / 2 + (s + 2 * abs(1 - 4 * A)) / (2 * (1 - 8 * A.real))
    t1 = la1 + a2 * S                                              # complex exponent
    t3 = la3 + a4 * S
    # Re(e^{t1}) + e^{t3} = e^{t3} (1 + e^{Re t1 - t3} cos(Im t1))
    inner = 1 + np.exp(t1.real - t3) * np.cos(t1.imag)
    logfirst = np.log(0.5) - (s + 1) * n + t3 + np.log(np.maximum(inner, 0.0))
    return _log_diff_np(logfirst, -sm)


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


# ---------------------------------------------------------------------------------------------
# samplers of the random features (used by Monte Carlo; independent of the variance formulas)
# ---------------------------------------------------------------------------------------------

def sample_omega(kind, d, m, rng, *, coupling="iid", lam=None, p=None):
    """Draw ``m`` random vectors :math:`\\omega` for an RF type.

    Parameters
    ----------
    kind : {"gaussian", "poisson", "geometric"}
        Gaussian projections (TrigRF, PosRF, GERF, OPRF), i.i.d. Poisson(``lam``) coordinates, or
        i.i.d. geometric(``p``) coordinates on ``{0, 1, ...}`` (:math:`p_k = p(1-p)^k`).
    d, m : int
    rng : numpy.random.Generator
    coupling : {"iid", "orthogonal"}
        For Gaussian projections (:func:`rfsym.couplings.sample`, Haar, blocks of ``d`` rows).

    Returns
    -------
    ndarray, shape (m, d)

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> sample_omega("geometric", 3, 5, rng, p=0.5).shape
    (5, 3)
    """
    d = require_int(d, "d", minimum=1)
    m = require_int(m, "m", minimum=1)
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got rng={rng!r}")
    if kind == "gaussian":
        if coupling not in ("iid", "orthogonal"):
            raise ValueError(f"coupling must be 'iid' or 'orthogonal', got coupling={coupling!r}")
        return _sample_projections(coupling, d, m, rng)
    if kind == "poisson":
        if lam is None or not lam > 0:
            raise ValueError(f"lam must satisfy lam > 0, got lam={lam}")
        return rng.poisson(lam, size=(m, d))
    if kind == "geometric":
        if p is None or not 0 < p < 1:
            raise ValueError(f"p must satisfy 0 < p < 1, got p={p}")
        return rng.geometric(p, size=(m, d)) - 1
    raise ValueError(f"kind must be 'gaussian', 'poisson' or 'geometric', got kind={kind!r}")


def gerf_features(X, W, A, s, which):
    """GERF features :math:`f^{(1)}` (``which=1``) or :math:`f^{(2)}` (``which=2``) of Eq. (4)-(5).

    Parameters
    ----------
    X : array, shape (n, d)
    W : array, shape (m, d)
    A : complex, ``Re(1-4A) > 0``
    s : {-1, +1}
    which : {1, 2}

    Returns
    -------
    complex ndarray, shape (n, m)

    Examples
    --------
    >>> W = np.array([[0.3]]); X = np.array([[0.5]])
    >>> complex(gerf_features(X, W, 0.0, 1, 1)[0, 0]).real == float(np.exp(0.15 - 0.25))
    True
    """
    s = _check_s(s)
    if which not in (1, 2):
        raise ValueError(f"which must be 1 or 2, got which={which!r}")
    A = complex(A)
    if (1 - 4 * A).real <= 0:
        raise ValueError(f"A must satisfy Re(1-4A) > 0, got A={A}")
    X = np.atleast_2d(np.asarray(X, float))
    W = np.atleast_2d(np.asarray(W, float))
    d = X.shape[1]
    if W.shape[1] != d:
        raise ValueError(f"X and W must have the same dimension, got {X.shape} and {W.shape}")
    B = np.sqrt(complex(s * (1 - 4 * A)))
    C = -(s + 1) / 2
    logD = d / 4 * np.log(1 - 4 * A)        # principal log -> principal fourth root, to the power d
    lin = B * (X @ W.T) * (1 if which == 1 else s)
    return np.exp(logD + A * (W * W).sum(1)[None, :] + lin + C * (X * X).sum(1)[:, None])


def dirf_features(X, Om, kind, *, lam=None, p=None):
    """Discretely induced features, Eq. (10): Poisson (``lam``) or geometric (``p``), real valued.

    Returns ``(log|f|, sign)`` arrays of shape (n, m) (values overflow easily).

    Examples
    --------
    >>> lf, sg = dirf_features(np.array([[1.0]]), np.array([[0], [2]]), "poisson", lam=1.0)
    >>> np.round(np.exp(lf) * sg, 6).tolist()
    [[1.0, 1.0]]
    """
    X = np.atleast_2d(np.asarray(X, float))
    Om = np.atleast_2d(np.asarray(Om))
    if kind == "poisson":
        logp = lambda k: -lam + k * np.log(lam) - special.gammaln(k + 1)
    elif kind == "geometric":
        logp = lambda k: np.log(p) + k * np.log1p(-p)
    else:
        raise ValueError(f"kind must be 'poisson' or 'geometric', got kind={kind!r}")
    with np.errstate(divide="ignore"):
        la = np.log(np.abs(X))                                  # (n, d)
    k = Om[None, :, :].astype(float)                            # (1, m, d)
    term = np.where(k > 0, k * la[:, None, :], 0.0) - 0.5 * special.gammaln(k + 1) - 0.5 * logp(k)
    logf = -0.5 * (X * X).sum(1)[:, None] + term.sum(-1)
    neg = ((X < 0)[:, None, :] & (Om[None, :, :] % 2 == 1)).sum(-1) % 2
    zero = ((X == 0)[:, None, :] & (Om[None, :, :] > 0)).any(-1)
    sign = np.where(zero, 0.0, np.where(neg == 1, -1.0, 1.0))
    return logf, sign


def estimator_samples(kind, x, y, m, rng, *, coupling="iid", A=None, s=1, lam=None, p=None):
    """``m`` single-feature estimates :math:`\\mathrm{Re}(f^{(1)}(\\omega_i,x)f^{(2)}(\\omega_i,y))`.

    Gaussian kernel. ``kind`` in ``"trig"``, ``"pos"``, ``"gerf"`` (needs ``A``, ``s``), ``"oprf"``
    (``A`` defaults to the pairwise ``A*``), ``"poisson"`` (``lam``), ``"geometric"`` (``p``).
    With ``coupling="orthogonal"`` consecutive blocks of ``d`` samples share an orthogonal frame.

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> v = estimator_samples("oprf", [0.1, 0.2], [0.3, -0.1], 4000, rng)
    >>> bool(abs(v.mean() - np.exp(-0.5 * 0.13)) < 0.01)
    True
    """
    x = np.asarray(x, float).ravel()
    y = np.asarray(y, float).ravel()
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same length, got {x.size} and {y.size}")
    d = x.size
    if kind in ("trig", "pos", "gerf", "oprf"):
        W = sample_omega("gaussian", d, m, rng, coupling=coupling)
        if kind == "trig":
            A, s = 0.0, -1
        elif kind == "pos":
            A, s = 0.0, 1
        elif kind == "oprf":
            s = 1
            if A is None:
                A = float(oprf_rho_star_np(d, float(((x + y) ** 2).sum())))
                A = (1 - 1 / A) / 8
        f1 = gerf_features(x[None, :], W, A, s, 1)[0]
        f2 = gerf_features(y[None, :], W, A, s, 2)[0]
        return (f1 * f2).real
    if kind in ("poisson", "geometric"):
        Om = sample_omega(kind, d, m, rng, lam=lam, p=p)
        lx, sx = dirf_features(x[None, :], Om, kind, lam=lam, p=p)
        ly, sy = dirf_features(y[None, :], Om, kind, lam=lam, p=p)
        return (sx * sy * np.exp(lx + ly))[0]
    raise ValueError(f"unknown kind={kind!r}")
