"""Generalized exponential random features (GERFs, CRT Sec. 3.1, Theorems 3.1 and 3.2) and the
Sec. 2.2 baselines they contain: trigonometric (TrigRF) and positive (PosRF) random features.

Theorem 3.1 (Eq. (5)) gives the parameters :math:`(B, C, D)` that make the GERF (4) unbiased for the
Gaussian kernel, Theorem 3.2 (Eq. (6)) its variance; TrigRF and PosRF are the cases :math:`A = 0`,
:math:`s = \\mp 1` (Eq. (4)).
"""

from __future__ import annotations

import functools

import mpmath
import numpy as np
import sympy
from mpmath import mp

from ..precision import DEFAULT_DPS, require_int, to_mp, verified
from ._common import _check_pair, _check_s, _log_diff_np, _log_expm1_np, _norms, _np_stats, _pair

__all__ = ["gerf_params", "gerf_variance", "trig_variance", "pos_variance", "gerf_mean_expr",
           "gerf_variance_expr", "trig_variance_expr", "pos_variance_expr", "log_trig_variance_np",
           "log_pos_variance_np", "log_gerf_variance_np"]


# ---------------------------------------------------------------------------------------------
# high precision
# ---------------------------------------------------------------------------------------------

def _check_A(A, need8=True):
    with mp.workdps(30):
        a = to_mp(A, "A", complex_ok=True)
        if need8:
            if mpmath.re(1 - 8 * a) <= 0:
                raise ValueError(f"A must satisfy Re(1-8A) > 0, got A={A}")
        elif mpmath.re(1 - 4 * a) <= 0:
            raise ValueError(f"A must satisfy Re(1-4A) > 0, got A={A}")


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
# symbolic (sympy does the Gaussian integrals)
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
