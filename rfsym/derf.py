"""Dense-Exponential Random Features (DERF paper): formulas, optima, variances, samplers.

Kernel: the softmax kernel :math:`K^{(0)}(x, y) = \\exp(x^\\top y)` throughout (Sec. 2.3 of the
paper); the scaled kernel :math:`K^{(\\alpha)}` is obtained by multiplying the features by
:math:`\\exp(\\alpha\\|x\\|^2)` (:func:`scaled_features_np`).

Three layers, as everywhere in :mod:`rfsym`:

* symbolic builders ``*_expr`` (sympy; the Gaussian integrals and stationary points are derived by
  sympy, not typed in),
* high precision (mpmath, exact inputs, ``dps=`` keyword, results verified by recomputation with
  :func:`rfsym.precision.verified`): :func:`lemma_a1_argmin`, :func:`lemma_a1_objective`,
  :func:`gerf_log_variance`, :func:`derf_variance`, :func:`gerf_optimum`, :func:`aderf_optimum`,
  :func:`sderf_optimum`, :func:`saderf_optimum`, :func:`shifted_log_variance`,
* float64, vectorised (``*_np``): samplers of every RF family of the paper, the optima and the log
  relative variances used for the variance-comparison figure (Fig. 1/2).

Conventions. Data sets ``X``, ``Y`` are nested sequences whose rows are the points
:math:`x^{(i)}, y^{(j)} \\in \\mathbb{R}^d`.

GERF, Eq. (6). The paper prints
:math:`f_{GE}(\\omega, x) = D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2/2)` with
:math:`B = \\sqrt{1-4A}`, :math:`C = -0.5`, :math:`D = (1-4A)^{d/4}`. With these constants the exponent
carries :math:`-\\|x\\|^2/4` and :math:`E[f f] = \\exp(x^\\top y + (\\|x\\|^2 + \\|y\\|^2)/4) \\ne K^{(0)}`
(claim ``DERF-Eq6``). The printed constants are right for the form of [31] without the ``/2``,
:math:`D\\exp(A\\|\\omega\\|^2 + B\\omega^\\top x + C\\|x\\|^2)`, which is also the form that the DERF
embedding of Sec. 4 (:math:`\\mathbf{C}^{(k)} = C\\mathbf{I}_d`) presumes. This library uses that
corrected form: a GERF parameter dict has ``C = -1/2`` and :func:`gerf_features_np` evaluates
:math:`C\\|x\\|^2`; :func:`gerf_features_printed_np` evaluates (6) literally (for the erratum).

References
----------
V. Likhosherstov, K. Choromanski, A. Dubey, F. Liu, T. Sarlos, A. Weller, "Dense-Exponential Random
Features: Sharp Positive Estimators of the Gaussian Kernel", NeurIPS 2023.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
import sympy
from mpmath import mp

from .precision import (
    DEFAULT_DPS,
    check_dps,
    require_real,
    to_matrix,
    to_mp,
    to_vector,
    verified,
)

__all__ = [
    # symbolic
    "lemma_a1_objective_expr", "lemma_a1_argmin_expr", "lemma_a1_h_expr", "lemma_a1_hprime_expr",
    "gaussian_mgf_expr", "gerf_log_variance_expr", "gerf_objective_expr", "derf_moments_expr",
    "trig_mean_expr", "trig_variance_expr",
    # high precision
    "lemma_a1_argmin", "lemma_a1_objective", "gerf_log_variance", "derf_mean", "derf_variance",
    "derf_conditions_residual", "gerf_optimum", "aderf_optimum", "sderf_optimum", "saderf_optimum",
    "as_derf_params", "shifted_log_variance", "shifted_log_variance_stats",
    # float64
    "trig_features_np", "pos_features_np", "gerf_features_np", "gerf_features_printed_np", "derf_features_np",
    "derf_log_features_np", "scaled_features_np", "derf_log_moments_np", "log_relative_variance_np",
    "gerf_optimum_np", "aderf_optimum_np", "sderf_optimum_np", "saderf_optimum_np",
    "as_derf_params_np", "shifted_log_variance_np", "sample_regime", "variance_comparison",
    "FAMILIES", "REGIMES",
]

FAMILIES = ("trig", "pos", "gerf", "aderf", "sderf", "saderf")


def _single_thread(fn):
    """Run a float64 routine with one BLAS thread: the small (d = 64) eigen/SVD/matmul calls here are
    several times slower with multithreaded BLAS on a busy machine."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            from threadpoolctl import threadpool_limits
        except ImportError:  # pragma: no cover
            return fn(*args, **kwargs)
        with threadpool_limits(limits=1, user_api="blas"):
            return fn(*args, **kwargs)
    return wrapper
REGIMES = ("normal", "sphere", "heterogen", "mnist")


# =============================================================================================
# validation helpers
# =============================================================================================

def _phi_mp(phi, name="phi"):
    return require_real(phi, name, lower=0, lower_open=False)


def _a_scalar_mp(A, name="A"):
    v = to_mp(A, name)
    if not 8 * v < 1:
        raise ValueError(f"{name} must satisfy 8{name} < 1, got {name}={A}")
    return v


def _rows(X, name):
    """Structural check of a data set (rows = points); returns (L, d). Values are read later."""
    if isinstance(X, np.ndarray):
        if X.ndim != 2:
            raise ValueError(f"{name} must be a 2-D array of points (rows), got shape {X.shape}")
        if X.shape[0] == 0 or X.shape[1] == 0:
            raise ValueError(f"{name} must be non-empty, got shape {X.shape}")
        return X.shape
    if isinstance(X, mpmath.matrix):
        return X.rows, X.cols
    if isinstance(X, (str, bytes)) or not hasattr(X, "__len__") or len(X) == 0:
        raise ValueError(f"{name} must be a non-empty nested sequence of points, got {name}={X!r}")
    d = None
    for i, row in enumerate(X):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__len__"):
            raise ValueError(f"{name} must be a nested sequence of points (rows), got row {i}={row!r}")
        if d is None:
            d = len(row)
        elif len(row) != d:
            raise ValueError(f"{name} must be rectangular (ragged rows), got row {i} of length {len(row)} "
                             f"(expected {d})")
    if d == 0:
        raise ValueError(f"{name} must have at least one coordinate, got empty rows")
    return len(X), d


def _data_pair(X, Y):
    lx, dx = _rows(X, "X")
    ly, dy = _rows(Y, "Y")
    if dx != dy:
        raise ValueError(f"X and Y must have the same dimension d, got d_X={dx} and d_Y={dy}")
    return lx, ly, dx


def _mpmat(X, name):
    return to_matrix(X.tolist() if isinstance(X, np.ndarray) else X, name)


def _mp_vec(x, name, d=None):
    return mpmath.matrix(to_vector(list(x) if isinstance(x, np.ndarray) else x, name, length=d))


def _sym_check(A, name="A"):
    for i in range(A.rows):
        for j in range(i + 1, A.cols):
            if A[i, j] != A[j, i]:
                raise ValueError(f"{name} must be symmetric, got {name}[{i}][{j}]={A[i, j]} != "
                                 f"{name}[{j}][{i}]={A[j, i]}")


def _eigsy(S):
    E, Q = mp.eigsy(S)
    return [E[i] for i in range(S.rows)], Q


def _posdef_check(A, name="A"):
    d = A.rows
    M = mp.eye(d) - 8 * A
    ev, _ = _eigsy(M)
    if min(ev) <= 0:
        raise ValueError(f"{name} must satisfy 8{name} < I_d (I_d - 8{name} positive definite), got "
                         f"smallest eigenvalue of I_d - 8{name} = {mpmath.nstr(min(ev), 8)}")


def _diag(v):
    d = len(v)
    M = mp.zeros(d, d)
    for i in range(d):
        M[i, i] = v[i]
    return M


def _sum_sq(v):
    return mpmath.fsum(t * t for t in v)


def _dot(u, v):
    return mpmath.fsum(a * b for a, b in zip(u, v))


# =============================================================================================
# Symbolic layer (sympy)
# =============================================================================================

@functools.lru_cache(maxsize=None)
def lemma_a1_objective_expr():
    """Symbolic f(A) of Lemma A.1, Eq. (14).

    Returns
    -------
    (f, A, phi) : sympy expression and its symbols (``A`` real, ``phi`` nonnegative).

    Examples
    --------
    >>> f, A, phi = lemma_a1_objective_expr()
    >>> sympy.simplify(f - (sympy.log(1 - 4*A) - sympy.log(1 - 8*A)/2 + phi/(1 - 8*A)))
    0
    """
    A = sympy.Symbol("A", real=True)
    phi = sympy.Symbol("phi", nonnegative=True)
    f = sympy.log(1 - 4 * A) - sympy.log(1 - 8 * A) / 2 + phi / (1 - 8 * A)
    return f, A, phi


@functools.lru_cache(maxsize=None)
def lemma_a1_h_expr():
    """h(gamma) of the proof of Lemma A.1 obtained from (14) by sympy substitution A = (1 - 1/gamma)/8.

    Returns
    -------
    (h, gamma, phi)

    Examples
    --------
    >>> h, g, phi = lemma_a1_h_expr()
    >>> sympy.simplify(h - (sympy.log(g + 1) - sympy.log(g)/2 - sympy.log(2) + phi*g))
    0
    """
    f, A, phi = lemma_a1_objective_expr()
    g = sympy.Symbol("gamma", positive=True)
    h = sympy.expand_log(sympy.simplify(f.subs(A, (1 - 1 / g) / 8)), force=True)
    return sympy.simplify(h), g, phi


@functools.lru_cache(maxsize=None)
def lemma_a1_hprime_expr():
    """h'(gamma) of Eqs. (16)-(17), differentiated by sympy and put over a common denominator.

    Examples
    --------
    >>> hp, g, phi = lemma_a1_hprime_expr()
    >>> sympy.simplify(hp - (2*phi*g**2 + (2*phi + 1)*g - 1)/(2*g*(g + 1)))
    0
    """
    h, g, phi = lemma_a1_h_expr()
    return sympy.together(sympy.diff(h, g)), g, phi


@functools.lru_cache(maxsize=None)
def lemma_a1_argmin_expr():
    """Closed-form minimiser of Lemma A.1 derived by sympy (positive root of (17) mapped back to A).

    Returns
    -------
    (A_star, phi) where ``A_star`` is the sympy expression of Eq. (15) as derived.

    Examples
    --------
    >>> a, phi = lemma_a1_argmin_expr()
    >>> printed = (1 - 2*phi - sympy.sqrt((2*phi + 1)**2 + 8*phi))/16
    >>> sympy.simplify(a - printed)
    0
    """
    hp, g, phi = lemma_a1_hprime_expr()
    num = sympy.numer(sympy.together(hp))
    roots = sympy.solve(sympy.Eq(num, 0), g)
    # the positive root: evaluate each at phi = 1 (both are real for phi >= 0)
    pos = [r for r in roots if r.subs(phi, 1).evalf() > 0]
    if len(pos) != 1:  # pragma: no cover - sympy returns two roots for symbolic phi
        raise RuntimeError(f"unexpected roots {roots}")
    gstar = pos[0]
    a_star = sympy.simplify(sympy.radsimp((1 - 1 / gstar) / 8))
    return a_star, phi


@functools.lru_cache(maxsize=None)
def gaussian_mgf_expr():
    """One-dimensional Gaussian integral E exp(a w^2 + b w), w ~ N(0,1), computed by sympy.

    Returns
    -------
    (value, a, b) with ``a < 1/2`` encoded as ``a = (1 - p)/2``, ``p > 0``.

    Examples
    --------
    >>> v, p, b = gaussian_mgf_expr()
    >>> sympy.simplify(v - sympy.exp(b**2/(2*p))/sympy.sqrt(p))
    0
    """
    w = sympy.Symbol("omega", real=True)
    p = sympy.Symbol("p", positive=True)
    b = sympy.Symbol("b", real=True)
    integrand = sympy.exp(-p * w ** 2 / 2 + b * w) / sympy.sqrt(2 * sympy.pi)
    val = sympy.integrate(integrand, (w, -sympy.oo, sympy.oo), conds="none")
    return sympy.simplify(val), p, b


@functools.lru_cache(maxsize=None)
def derf_moments_expr():
    """First and second moments of one coordinate of a DERF (d = 1), derived by sympy integration.

    For d = 1 the DERF of Sec. 4 is f_k(w, x) = D exp(A w^2 + B_k w x + C_k x^2). E[f_1 f_2] and
    E[f_1^2 f_2^2] over w ~ N(0, 1) (proof of Thm 4.1) follow from the Gaussian integral
    :func:`gaussian_mgf_expr` evaluated by sympy.

    Returns
    -------
    dict with keys ``"m1"``, ``"m2"`` (expressions) and ``"symbols"`` (A, B1, B2, C1, C2, D, x, y);
    ``A`` is declared negative so that sympy can integrate without conditions (the formulas are
    analytic in A on A < 1/8 and extend by continuation).

    Examples
    --------
    >>> e = derf_moments_expr()
    >>> A, B1, B2, C1, C2, D, x, y = e["symbols"]
    >>> sympy.simplify(e["m1"] - D**2/sympy.sqrt(1 - 4*A)
    ...     * sympy.exp(C1*x**2 + C2*y**2 + (B1*x + B2*y)**2/(2*(1 - 4*A))))
    0
    """
    A = sympy.Symbol("A", negative=True)
    B1, B2, C1, C2, D, x, y = sympy.symbols("B1 B2 C1 C2 D x y", real=True)
    # E exp(a w^2 + b w) = exp(b^2/(2p))/sqrt(p), p = 1 - 2a, integrated by sympy (gaussian_mgf_expr)
    mgf, p, b = gaussian_mgf_expr()
    # f1 f2 = D^2 exp(2A w^2 + (B1 x + B2 y) w + C1 x^2 + C2 y^2); (f1 f2)^2 doubles every exponent
    m1 = D ** 2 * sympy.exp(C1 * x ** 2 + C2 * y ** 2) * mgf.subs({p: 1 - 4 * A, b: B1 * x + B2 * y})
    m2 = D ** 4 * sympy.exp(2 * C1 * x ** 2 + 2 * C2 * y ** 2) * mgf.subs({p: 1 - 8 * A, b: 2 * (B1 * x + B2 * y)})
    return {"m1": sympy.simplify(m1), "m2": sympy.simplify(m2), "symbols": (A, B1, B2, C1, C2, D, x, y)}


@functools.lru_cache(maxsize=None)
def gerf_log_variance_expr():
    """log E[(f_GE(w,x) f_GE(w,y))^2] for GERF (6) with valid B, C, D, derived per coordinate by sympy.

    The d-dimensional Gaussian integral factorises over coordinates; sympy integrates one coordinate
    with symbols ``sx = x_l``, ``sy = y_l`` and the result is summed symbolically over l by
    replacing ``sx^2 -> ||x||^2``, ``sy^2 -> ||y||^2``, ``sx*sy -> x.y`` (all terms are quadratic).

    Returns
    -------
    (L_GE, symbols) where symbols = (A, d, nx2, ny2, xy) (``nx2 = ||x||^2``, ``xy = x^T y``).

    Examples
    --------
    >>> L, (A, d, nx2, ny2, xy) = gerf_log_variance_expr()
    >>> printed = (d*sympy.log((1 - 4*A)/sympy.sqrt(1 - 8*A)) + 2*(1 - 4*A)/(1 - 8*A)*(nx2 + ny2 + 2*xy)
    ...            - nx2 - ny2)
    >>> sympy.simplify(sympy.expand_log(L - printed, force=True))
    0
    """
    A = sympy.Symbol("A", negative=True)
    d = sympy.Symbol("d", positive=True, integer=True)
    sx, sy = sympy.symbols("s_x s_y", real=True)
    B = sympy.sqrt(1 - 4 * A)
    C2 = -1  # 2C with C = -1/2
    # one coordinate of f1^2 f2^2 (without D and the C terms): E exp(4 A w^2 + 2 B w (sx + sy))
    mgf, p, b = gaussian_mgf_expr()
    one = sympy.simplify(mgf.subs({p: 1 - 8 * A, b: 2 * B * (sx + sy)}))
    log_one = sympy.expand(sympy.expand_log(sympy.log(one), force=True))
    # log_one = -1/2 log(1 - 8A) + q(sx, sy) with q quadratic; sum over coordinates
    const = log_one.subs({sx: 0, sy: 0})
    quad = sympy.expand(log_one - const)
    nx2, ny2, xy = sympy.symbols("nx2 ny2 xy", real=True)
    poly = sympy.Poly(quad, sx, sy)
    summed = (poly.coeff_monomial(sx ** 2) * nx2 + poly.coeff_monomial(sy ** 2) * ny2
              + poly.coeff_monomial(sx * sy) * xy)
    if sympy.simplify(quad - (poly.coeff_monomial(sx ** 2) * sx ** 2 + poly.coeff_monomial(sy ** 2) * sy ** 2
                              + poly.coeff_monomial(sx * sy) * sx * sy)) != 0:  # pragma: no cover
        raise RuntimeError("non-quadratic exponent")
    # D^4 = (1-4A)^d ; 2 C(||x||^2 + ||y||^2) with C = -1/2 (the corrected (6), as in [31])
    L = d * sympy.log(1 - 4 * A) + d * const + summed + C2 * (nx2 + ny2)
    return sympy.simplify(L), (A, d, nx2, ny2, xy)


@functools.lru_cache(maxsize=None)
def gerf_objective_expr():
    """Shifted log-variance (8) for GERF with the averaged statistics (Sec. 3.1), and its minimiser.

    Returns
    -------
    dict with ``"objective"`` (in symbols A, d, S = mean ||x+y||^2, mx = mean ||x||^2,
    my = mean ||y||^2), ``"phi"`` (= S/d, the Lemma A.1 parameter), and ``"symbols"``.

    Examples
    --------
    >>> e = gerf_objective_expr()
    >>> A, d, S, mx, my = e["symbols"]
    >>> f, A1, phi = lemma_a1_objective_expr()
    >>> sympy.simplify(sympy.expand_log(e["objective"] - (d*f.subs({A1: A, phi: S/d}) + S - mx - my),
    ...                                 force=True))
    0
    """
    L, (A, d, nx2, ny2, xy) = gerf_log_variance_expr()
    S, mx, my = sympy.symbols("S m_x m_y", real=True)
    # L_GE is affine in nx2, ny2, xy; averaging over pairs replaces ||x+y||^2 by S etc.
    obj = sympy.simplify(L.subs({xy: (S - nx2 - ny2) / 2}).subs({nx2: mx, ny2: my}))
    return {"objective": obj, "phi": S / d, "symbols": (A, d, S, mx, my)}


@functools.lru_cache(maxsize=None)
def trig_mean_expr(sign=-1):
    """E[f_trig^(1) f_trig^(2)] for d = 1 with f^(2) = sqrt2 e^{y^2/2} cos(sign*w*y + theta) (Eqs. (4)-(5)).

    ``sign=-1`` is Eq. (5) as printed, ``sign=+1`` the corrected feature. sympy integrates over
    theta ~ U[0, 2pi] and w ~ N(0, 1).

    Examples
    --------
    >>> x, y = sympy.symbols("x y", real=True)
    >>> sympy.simplify(trig_mean_expr(+1)[0] - sympy.exp(x*y))
    0
    >>> sympy.simplify(trig_mean_expr(-1)[0] - sympy.exp(-x*y))
    0
    """
    x, y = sympy.symbols("x y", real=True)
    w, th = sympy.symbols("omega theta", real=True)
    f1 = sympy.sqrt(2) * sympy.exp(x ** 2 / 2) * sympy.cos(w * x + th)
    f2 = sympy.sqrt(2) * sympy.exp(y ** 2 / 2) * sympy.cos(sign * w * y + th)
    e_theta = sympy.integrate(sympy.expand_trig(sympy.expand(f1 * f2)), (th, 0, 2 * sympy.pi)) / (2 * sympy.pi)
    e_theta = sympy.simplify(sympy.trigsimp(e_theta))
    val = sympy.integrate(e_theta * sympy.exp(-w ** 2 / 2) / sympy.sqrt(2 * sympy.pi), (w, -sympy.oo, sympy.oo))
    return sympy.simplify(val), (x, y)


@functools.lru_cache(maxsize=None)
def trig_variance_expr():
    """Relative variance of the corrected TrigRF, Var/K^2 = e^u - 1 + e^{-u}/2 with u = ||x - y||^2.

    Derived for d = 1 by sympy from E[(f1 f2)^2] (theta and w integrated) with x = y + t; the result
    depends only on u = t^2 and extends to any d by rotation invariance.

    Returns
    -------
    (rel, t) : sympy expression of Var/K^2 in the symbol t = x - y.

    Examples
    --------
    >>> r, t = trig_variance_expr()
    >>> u = t**2
    >>> sympy.simplify(r - (sympy.exp(u) - 1 + sympy.exp(-u)/2))
    0
    """
    y, t = sympy.symbols("y t", real=True)
    w, th = sympy.symbols("omega theta", real=True)
    x = y + t
    g = 2 * sympy.cos(w * x + th) * sympy.cos(w * y + th)  # f1 f2 / e^{(x^2+y^2)/2}
    g2 = sympy.expand(sympy.expand_trig(g ** 2))
    e_theta = sympy.fu(sympy.simplify(sympy.integrate(g2, (th, 0, 2 * sympy.pi)) / (2 * sympy.pi)))
    m2 = sympy.integrate(sympy.expand(e_theta) * sympy.exp(-w ** 2 / 2) / sympy.sqrt(2 * sympy.pi),
                         (w, -sympy.oo, sympy.oo))
    # Var[f1 f2] / K^2 = e^{x^2+y^2} (m2 - Kg^2) / e^{2xy} = e^{t^2} (m2 - e^{-t^2})
    rel = sympy.simplify(sympy.expand((m2 - sympy.exp(-t ** 2)) * sympy.exp(t ** 2)))
    return rel, t


# =============================================================================================
# High precision: Lemma A.1 and GERF
# =============================================================================================

def _a1_argmin_mp(phi):
    # Eq. (15) without cancellation: 1 - s = -(12 phi + 4 phi^2)/(1 + s), s = sqrt((2phi+1)^2 + 8phi)
    s = mp.sqrt((2 * phi + 1) ** 2 + 8 * phi)
    return (-2 * phi - (12 * phi + 4 * phi ** 2) / (1 + s)) / 16


def _a1_objective_mp(A, phi):
    return mp.log(1 - 4 * A) - mp.log(1 - 8 * A) / 2 + phi / (1 - 8 * A)


def lemma_a1_argmin(phi, *, dps: int = DEFAULT_DPS):
    """Minimiser A* of f(A) = log(1-4A) - log(1-8A)/2 + phi/(1-8A) on A < 1/8 (Lemma A.1, Eq. (15)).

    Parameters
    ----------
    phi : exact real, ``phi >= 0``
        For ``phi < 0`` f is unbounded below (f -> -inf as A -> 1/8 from below, while f -> +inf as
        A -> -inf) and no minimiser exists.
    dps : int
        Significant digits of the result.

    Returns
    -------
    mpf
        :math:`A^* = \\frac{1}{16}\\left(1 - 2\\phi - \\sqrt{(2\\phi+1)^2 + 8\\phi}\\right)`, evaluated
        in the cancellation-free form :math:`(-2\\phi - (12\\phi+4\\phi^2)/(1+s))/16`.

    Notes
    -----
    Eq. (15) of the paper; derivation in :func:`lemma_a1_argmin_expr`. ``A* <= 0`` with equality
    iff ``phi = 0``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(lemma_a1_argmin("0.37"), 30)
    '-0.136684830892115612918684818843'
    >>> lemma_a1_argmin(0)
    mpf('0.0')
    >>> lemma_a1_argmin(-1)
    Traceback (most recent call last):
    ...
    ValueError: phi must satisfy 0 <= phi, got phi=-1
    """
    dps = check_dps(dps)
    _phi_mp(phi)
    return verified(lambda: _a1_argmin_mp(_phi_mp(phi)), dps, what="lemma_a1_argmin", absolute=mpmath.mpf(10) ** (-dps - 30))


def lemma_a1_objective(A, phi, *, dps: int = DEFAULT_DPS):
    """f(A) of Lemma A.1, Eq. (14): log(1 - 4A) - log(1 - 8A)/2 + phi/(1 - 8A).

    Parameters
    ----------
    A : exact real, ``A < 1/8``
    phi : exact real, ``phi >= 0``
    dps : int

    Returns
    -------
    mpf

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(lemma_a1_objective(0, "0.5"), 20)
    '0.5'
    >>> lemma_a1_objective("0.125", 1)
    Traceback (most recent call last):
    ...
    ValueError: A must satisfy 8A < 1, got A=0.125
    """
    dps = check_dps(dps)
    _a_scalar_mp(A)
    _phi_mp(phi)
    return verified(lambda: _a1_objective_mp(_a_scalar_mp(A), _phi_mp(phi)), dps, what="lemma_a1_objective",
                    absolute=mpmath.mpf(10) ** (-dps - 30))


def gerf_log_variance(A, x, y, *, dps: int = DEFAULT_DPS):
    """L_GE(A, x, y) of Eq. (7): log(Var + K^2) of the GERF estimator f_GE(w,x) f_GE(w,y).

    .. math:: \\mathcal{L}_{GE} = d\\log\\frac{1-4A}{\\sqrt{1-8A}} + \\frac{2(1-4A)}{1-8A}\\|x+y\\|^2
              - \\|x\\|^2 - \\|y\\|^2

    Parameters
    ----------
    A : exact real, ``A < 1/8``
    x, y : sequences of exact reals of the same length d
    dps : int

    Returns
    -------
    mpf

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(gerf_log_variance(0, [1, 0], [0, 1]), 15)   # PosRF: 2||x+y||^2 - ||x||^2 - ||y||^2
    '2.0'
    """
    dps = check_dps(dps)
    _a_scalar_mp(A)
    d = len(to_vector(x, "x"))
    to_vector(y, "y", length=d)

    def run():
        a = _a_scalar_mp(A)
        xv, yv = to_vector(x, "x"), to_vector(y, "y")
        s = _sum_sq([p + q for p, q in zip(xv, yv)])
        return (d * (mp.log(1 - 4 * a) - mp.log(1 - 8 * a) / 2) + 2 * (1 - 4 * a) / (1 - 8 * a) * s
                - _sum_sq(xv) - _sum_sq(yv))
    return verified(run, dps, what="gerf_log_variance", absolute=mpmath.mpf(10) ** (-dps - 30))


# =============================================================================================
# High precision: DERF (Thm 4.1, Eq. (9))
# =============================================================================================

def _derf_read(A, B1, B2, C1, C2, D, d=None):
    Am = to_matrix(A, "A")
    if Am.rows != Am.cols:
        raise ValueError(f"A must be square, got shape {(Am.rows, Am.cols)}")
    d = Am.rows if d is None else d
    if Am.rows != d:
        raise ValueError(f"A must have shape {(d, d)}, got shape {(Am.rows, Am.cols)}")
    mats = [Am]
    for M, n in ((B1, "B1"), (B2, "B2"), (C1, "C1"), (C2, "C2")):
        mats.append(to_matrix(M, n, shape=(d, d)))
    return mats + [to_mp(D, "D")]


def _derf_log_parts(A, B1, B2, C1, C2, D, x, y):
    """log E[f1 f2], log E[f1^2 f2^2] (general, no conditions assumed) at the working precision."""
    d = A.rows
    I = mp.eye(d)
    P4 = I - 4 * A
    P8 = I - 8 * A
    s = B1 * x + B2 * y
    q1 = (x.T * C1 * x)[0] + (y.T * C2 * y)[0]
    log_m1 = 2 * mp.log(abs(D)) - mp.log(mp.det(P4)) / 2 + q1 + (s.T * mp.inverse(P4) * s)[0] / 2
    log_m2 = 4 * mp.log(abs(D)) - mp.log(mp.det(P8)) / 2 + 2 * q1 + 2 * (s.T * mp.inverse(P8) * s)[0]
    return log_m1, log_m2


def _eq9_log_m2(A, B1, B2, C1, C2, D, x, y):
    """The exponent of Eq. (9) literally: log(D^4 det(I-8A)^{-1/2} exp(...))."""
    d = A.rows
    P = mp.inverse(mp.eye(d) - 8 * A)
    e = (2 * (x.T * (C1 + B1.T * P * B1) * x)[0] + 2 * (y.T * (C2 + B2.T * P * B2) * y)[0]
         + 4 * (x.T * B1.T * P * B2 * y)[0])
    return 4 * mp.log(abs(D)) - mp.log(mp.det(mp.eye(d) - 8 * A)) / 2 + e


def _derf_validate(A, B1, B2, C1, C2, D, x, y):
    Am, *_ = _derf_read(A, B1, B2, C1, C2, D)
    d = Am.rows
    _sym_check(Am)
    _posdef_check(Am)
    to_vector(x, "x", length=d)
    to_vector(y, "y", length=d)
    return d


def derf_mean(A, B1, B2, C1, C2, D, x, y, *, dps: int = DEFAULT_DPS):
    """E[f_DE^(1)(w,x) f_DE^(2)(w,y)] for arbitrary DERF parameters (proof of Thm 4.1).

    .. math:: D^2\\det(I-4A)^{-1/2}\\exp\\big(x^\\top C^{(1)}x + y^\\top C^{(2)}y +
              \\tfrac12 s^\\top(I-4A)^{-1}s\\big),\\quad s = B^{(1)}x + B^{(2)}y

    Equals K^(0)(x, y) = exp(x^T y) under the conditions of Thm 4.1.

    Examples
    --------
    >>> from mpmath import nstr
    >>> I = [[1, 0], [0, 1]]; H = [["-1/2", 0], [0, "-1/2"]]; Z = [[0, 0], [0, 0]]
    >>> nstr(derf_mean(Z, I, I, H, H, 1, [1, 2], ["1/2", 1]), 20)   # PosRF: exp(x.y) = e^{5/2}
    '12.182493960703473438'
    """
    dps = check_dps(dps)
    _derf_validate(A, B1, B2, C1, C2, D, x, y)

    def run():
        Am, b1, b2, c1, c2, Dm = _derf_read(A, B1, B2, C1, C2, D)
        xv, yv = _mp_vec(x, "x"), _mp_vec(y, "y")
        return mp.exp(_derf_log_parts(Am, b1, b2, c1, c2, Dm, xv, yv)[0])
    return verified(run, dps, what="derf_mean")


def derf_variance(A, B1, B2, C1, C2, D, x, y, *, dps: int = DEFAULT_DPS):
    """Variance of the DERF estimator f_DE^(1)(w,x) f_DE^(2)(w,y), w ~ N(0, I_d) (Thm 4.1, Eq. (9)).

    Computed as :math:`E[f_1^2 f_2^2] - (E[f_1 f_2])^2` with both Gaussian integrals in closed form;
    under the conditions of Thm 4.1 the mean is K^(0)(x, y) and this is Eq. (9):

    .. math:: D^4\\det(I-8A)^{-1/2}\\exp\\big(2x^\\top(C^{(1)} + B^{(1)\\top}(I-8A)^{-1}B^{(1)})x
              + 2y^\\top(C^{(2)} + B^{(2)\\top}(I-8A)^{-1}B^{(2)})y
              + 4x^\\top B^{(1)\\top}(I-8A)^{-1}B^{(2)}y\\big) - K^{(0)}(x,y)^2

    Parameters
    ----------
    A : d x d symmetric (nested sequence of exact reals) with 8A < I_d
    B1, B2, C1, C2 : d x d nested sequences
    D : exact real
    x, y : length-d sequences
    dps : int

    Returns
    -------
    mpf
        Verified to ``dps`` digits; the working precision is raised automatically when the variance is
        much smaller than the second moment (cancellation).

    Raises
    ------
    ValueError
        Non-symmetric A, 8A not < I, shape mismatch.

    Examples
    --------
    >>> from mpmath import nstr, e
    >>> I = [[1]]; H = [["-1/2"]]; Z = [[0]]
    >>> nstr(derf_variance(Z, I, I, H, H, 1, [1], [0]), 20)     # PosRF, d=1: e^{2-1} - e^0
    '1.7182818284590452354'
    >>> derf_variance([["1/8"]], I, I, H, H, 1, [1], [0])
    Traceback (most recent call last):
    ...
    ValueError: A must satisfy 8A < I_d (I_d - 8A positive definite), got smallest eigenvalue of I_d - 8A = 0.0
    """
    dps = check_dps(dps)
    _derf_validate(A, B1, B2, C1, C2, D, x, y)

    def make(extra):
        def run():
            with mp.workdps(mp.dps + extra):
                Am, b1, b2, c1, c2, Dm = _derf_read(A, B1, B2, C1, C2, D)
                xv, yv = _mp_vec(x, "x"), _mp_vec(y, "y")
                l1, l2 = _derf_log_parts(Am, b1, b2, c1, c2, Dm, xv, yv)
                v = mp.exp(l2) - mp.exp(2 * l1)
            return +v
        return run
    # estimate the digits lost to cancellation at low precision
    with mp.workdps(30):
        Am, b1, b2, c1, c2, Dm = _derf_read(A, B1, B2, C1, C2, D)
        l1, l2 = _derf_log_parts(Am, b1, b2, c1, c2, Dm, _mp_vec(x, "x"), _mp_vec(y, "y"))
        gap = l2 - 2 * l1
        lost = 0 if gap > 1 else int(mpmath.ceil(-mpmath.log10(abs(mpmath.expm1(gap)) + mpmath.mpf(10) ** -25))) + 2
    return verified(make(lost), dps, what="derf_variance")


def derf_conditions_residual(A, B1, B2, C1, C2, D, *, dps: int = 20):
    """Largest absolute residual of the validity conditions of Thm 4.1 (0 for valid DERFs).

    Conditions: B1^T (I-4A)^{-1} B2 = I, C_k = -1/2 B_k^T (I-4A)^{-1} B_k (symmetric parts),
    D^4 = det(I - 4A).

    Examples
    --------
    >>> I = [[1]]; H = [["-1/2"]]; Z = [[0]]
    >>> float(derf_conditions_residual(Z, I, I, H, H, 1))
    0.0
    >>> float(derf_conditions_residual(Z, I, I, [[-1]], [[-1]], 1))   # C^(k) = -I_d: invalid
    0.5
    """
    dps = check_dps(dps)
    with mp.workdps(dps + 10):
        Am, b1, b2, c1, c2, Dm = _derf_read(A, B1, B2, C1, C2, D)
        d = Am.rows
        P = mp.inverse(mp.eye(d) - 4 * Am)
        res = []
        R = b1.T * P * b2 - mp.eye(d)
        res += [abs(R[i, j]) for i in range(d) for j in range(d)]
        for b, c in ((b1, c1), (b2, c2)):
            R = (c + c.T) / 2 + b.T * P * b / 2
            res += [abs(R[i, j]) for i in range(d) for j in range(d)]
        res.append(abs(Dm ** 4 - mp.det(mp.eye(d) - 4 * Am)))
        return +max(res)


# =============================================================================================
# High precision: optima of the shifted log-variance (8)
# =============================================================================================

def _stats(Xm, Ym):
    lx, ly, d = Xm.rows, Ym.rows, Xm.cols
    mu4 = [mpmath.fsum(Xm[i, l] for i in range(lx)) / lx for l in range(d)]
    mu5 = [mpmath.fsum(Ym[j, l] for j in range(ly)) / ly for l in range(d)]
    M1 = mp.zeros(d, d)
    M2 = mp.zeros(d, d)
    for a in range(d):
        for b in range(a, d):
            M1[a, b] = M1[b, a] = mpmath.fsum(Xm[i, a] * Xm[i, b] for i in range(lx)) / lx
            M2[a, b] = M2[b, a] = mpmath.fsum(Ym[j, a] * Ym[j, b] for j in range(ly)) / ly
    mx = sum(M1[l, l] for l in range(d))
    my = sum(M2[l, l] for l in range(d))
    return {"mu4": mu4, "mu5": mu5, "M1": M1, "M2": M2, "mx": mx, "my": my, "xy": _dot(mu4, mu5)}


def _check_nonsingular(M, name):
    ev, _ = _eigsy(M)
    top = max(abs(e) for e in ev)
    if top == 0 or min(ev) <= top * mpmath.mpf(10) ** (-(mp.dps - 5)):
        raise ValueError(f"{name} must be nonsingular (Thm 4.2 needs positive definite {name}; "
                         f"it requires L >= d points in general position), got smallest eigenvalue "
                         f"{mpmath.nstr(min(ev), 5)}")


def _gerf_opt_mp(Xm, Ym):
    st = _stats(Xm, Ym)
    d = Xm.cols
    S = st["mx"] + st["my"] + 2 * st["xy"]          # mean over pairs of ||x + y||^2
    phi = S / d
    a = _a1_argmin_mp(phi)
    obj = d * _a1_objective_mp(a, phi) + S - st["mx"] - st["my"]
    return {"A": a, "B": mp.sqrt(1 - 4 * a), "C": -mpmath.mpf(1) / 2, "D": (1 - 4 * a) ** (mpmath.mpf(d) / 4),
            "phi": phi, "objective": obj}


def _aderf_opt_mp(Xm, Ym):
    st = _stats(Xm, Ym)
    d = Xm.cols
    _check_nonsingular(st["M1"], "M1")
    _check_nonsingular(st["M2"], "M2")
    l1, Q1 = _eigsy(st["M1"])
    l2, Q2 = _eigsy(st["M2"])
    W = _diag([mp.sqrt(v) for v in l1]) * Q1.T * Q2 * _diag([mp.sqrt(v) for v in l2])
    U, Sg, Vt = mp.svd_r(W)
    sig = [Sg[i] for i in range(d)]
    mu3 = st["xy"] / d
    phi = 2 * mpmath.fsum(sig) / d + 2 * mu3
    a = _a1_argmin_mp(phi)
    r = mp.sqrt(1 - 4 * a)
    B1 = r * _diag([mp.sqrt(s) for s in sig]) * U.T * _diag([1 / mp.sqrt(v) for v in l1]) * Q1.T
    B2 = r * _diag([1 / mp.sqrt(s) for s in sig]) * U.T * _diag([mp.sqrt(v) for v in l1]) * Q1.T
    C1 = -(B1.T * B1) / (2 * (1 - 4 * a))
    C2 = -(B2.T * B2) / (2 * (1 - 4 * a))
    D = (1 - 4 * a) ** (mpmath.mpf(d) / 4)
    obj = d * (mp.log(1 - 4 * a) - mp.log(1 - 8 * a) / 2 + 2 / (1 - 8 * a) * (mpmath.fsum(sig) / d + mu3) + 2 * mu3)
    return {"A": a, "B1": B1, "B2": B2, "C1": C1, "C2": C2, "D": D, "phi": phi, "objective": obj,
            "Sigma": sig, "mu3": mu3}


def _sderf_opt_mp(Xm, Ym):
    st = _stats(Xm, Ym)
    d = Xm.cols
    mu4, mu5 = st["mu4"], st["mu5"]
    N = st["M1"] + st["M2"]
    for a in range(d):
        for b in range(d):
            N[a, b] += mu4[a] * mu5[b] + mu5[a] * mu4[b]
    ev, Q = _eigsy(N)
    order = sorted(range(d), key=lambda i: -ev[i])          # non-ascending
    lam = [max(ev[i], mpmath.mpf(0)) for i in order]         # N is PSD; clamp round-off
    Q3 = mp.zeros(d, d)
    for c, i in enumerate(order):
        for r in range(d):
            Q3[r, c] = Q[r, i]
    Ad = [_a1_argmin_mp(v) for v in lam]
    A = _diag(Ad)
    B = _diag([mp.sqrt(1 - 4 * a) for a in Ad]) * Q3.T
    C = -mp.eye(d) / 2
    D = mpmath.fprod(1 - 4 * a for a in Ad) ** (mpmath.mpf(1) / 4)
    obj = mpmath.fsum(mp.log(1 - 4 * a) - mp.log(1 - 8 * a) / 2 + (1 + 1 / (1 - 8 * a)) * v
                      for a, v in zip(Ad, lam)) - st["mx"] - st["my"]
    return {"A": A, "B": B, "C": C, "D": D, "objective": obj, "Lambda3": lam, "Q3": Q3}


def _saderf_opt_mp(Xm, Ym):
    lx, ly, d = Xm.rows, Ym.rows, Xm.cols
    psi = []
    for l in range(d):
        sx = mpmath.fsum(Xm[i, l] ** 2 for i in range(lx)) / lx
        sy = mpmath.fsum(Ym[j, l] ** 2 for j in range(ly)) / ly
        if sx == 0 or sy == 0:
            raise ValueError(f"SADERF needs every coordinate to be nonzero somewhere in X and in Y "
                             f"(Psi_ll = (sum_j y_l^2 / sum_i x_l^2)^(1/4) must be finite and nonzero), "
                             f"got coordinate l={l} with sum x_l^2={mpmath.nstr(sx * lx, 5)}, "
                             f"sum y_l^2={mpmath.nstr(sy * ly, 5)}")
        psi.append((sy / sx) ** (mpmath.mpf(1) / 4))
    Xp = mp.matrix(lx, d)
    Yp = mp.matrix(ly, d)
    for l in range(d):
        for i in range(lx):
            Xp[i, l] = Xm[i, l] * psi[l]
        for j in range(ly):
            Yp[j, l] = Ym[j, l] / psi[l]
    g = _gerf_opt_mp(Xp, Yp)
    g["Psi"] = _diag(psi)
    return g


def _optimum(kind, X, Y, dps):
    dps = check_dps(dps)
    _data_pair(X, Y)
    fn = {"gerf": _gerf_opt_mp, "aderf": _aderf_opt_mp, "sderf": _sderf_opt_mp, "saderf": _saderf_opt_mp}[kind]
    # validate once at low precision (raises ValueError for singular / degenerate data)
    with mp.workdps(max(dps, 20) + 10):
        fn(_mpmat(X, "X"), _mpmat(Y, "Y"))

    def run():
        out = fn(_mpmat(X, "X"), _mpmat(Y, "Y"))
        return {k: v for k, v in out.items()}
    # eigenvectors / singular vectors are defined up to sign: verify the invariant quantities only
    def invariant():
        out = fn(_mpmat(X, "X"), _mpmat(Y, "Y"))
        keep = {"objective": out["objective"]}
        for k in ("A", "phi", "D", "Psi", "Sigma", "Lambda3", "B"):
            if k in out and not (kind in ("aderf", "sderf") and k == "B"):
                keep[k] = out[k]
        return keep
    verified(invariant, dps, what=f"{kind}_optimum", absolute=mpmath.mpf(10) ** (-dps - 20))
    with mp.workdps(dps + 15):
        return run()


def gerf_optimum(X, Y, *, dps: int = DEFAULT_DPS):
    """GERF parameters minimising the shifted log-variance (8) on data sets X, Y (Sec. 3.1).

    The average of (7) over all pairs is d f(A) + S - mean||x||^2 - mean||y||^2 with f of Lemma A.1,
    phi = S/d and S = L^{-2} sum_{ij} ||x_i + y_j||^2; hence A* = :func:`lemma_a1_argmin` (S/d) -- the
    homogeneity heuristic of [31].

    Returns
    -------
    dict
        ``"A"``, ``"B"`` (= sqrt(1-4A)), ``"C"`` (= -1, Eq. (6) convention), ``"D"`` (= (1-4A)^{d/4}),
        ``"phi"`` (= S/d) and ``"objective"`` (value of (8)).

    Examples
    --------
    >>> from mpmath import nstr
    >>> o = gerf_optimum([[1, 0], [0, 1]], [[1, 1], [0, 0]])
    >>> nstr(o["phi"], 10), nstr(o["objective"], 15)
    ('1.5', '2.18531040843933')
    """
    return _optimum("gerf", X, Y, dps)


def aderf_optimum(X, Y, *, dps: int = DEFAULT_DPS):
    """ADERF parameters of Thm 4.2 (closed-form minimiser of (8) over A = A I_d, B1, B2, C1, C2, D).

    M1 = L^{-1} sum x x^T, M2 = L^{-1} sum y y^T must be nonsingular. With M_k = Q_k Lam_k Q_k^T and
    U Sigma V^T = Lam_1^{1/2} Q_1^T Q_2 Lam_2^{1/2}: phi = 2 mean(Sigma) + 2 mu3, A = A*(phi),
    B1 = sqrt(1-4A) Sigma^{1/2} U^T Lam_1^{-1/2} Q_1^T, B2 = sqrt(1-4A) Sigma^{-1/2} U^T Lam_1^{1/2} Q_1^T,
    C_k = -B_k^T B_k / (2(1-4A)), D = (1-4A)^{d/4}; objective Eq. (10).

    Returns
    -------
    dict with ``"A"`` (scalar), ``"B1"``, ``"B2"``, ``"C1"``, ``"C2"`` (mp matrices), ``"D"``,
    ``"phi"``, ``"objective"`` and the intermediate ``"Sigma"`` (singular values), ``"mu3"``.
    ``A``, ``D``, ``phi``, ``Sigma`` and ``objective`` are verified to ``dps`` digits; the matrices are
    *one* optimal solution (eigen- and singular vectors are not unique) computed at ``dps + 15``
    working digits.

    Raises
    ------
    ValueError
        If M1 or M2 is singular (e.g. L < d).

    Examples
    --------
    >>> from mpmath import nstr
    >>> o = aderf_optimum([[1, 0], [0, 2]], [[1, 1], [1, -1]])
    >>> nstr(o["objective"], 15)
    '2.57562667187302'
    >>> aderf_optimum([[1, 0]], [[1, 1]])
    Traceback (most recent call last):
    ...
    ValueError: M1 must be nonsingular (Thm 4.2 needs positive definite M1; it requires L >= d points in general position), got smallest eigenvalue 0.0
    """
    return _optimum("aderf", X, Y, dps)


def sderf_optimum(X, Y, *, dps: int = DEFAULT_DPS):
    """SDERF parameters of Thm 4.3 (closed-form minimiser of (8) over A diagonal, B, C, D).

    N = M1 + mu4 mu5^T + mu5 mu4^T + M2 = Q3 Lam3 Q3^T (non-ascending); A_ll = A*(Lam3_ll),
    B = (I - 4A)^{1/2} Q3^T, C = -I/2, D = det(I - 4A)^{1/4}; objective Eq. (11).

    Returns
    -------
    dict with ``"A"`` (diagonal mp matrix), ``"B"``, ``"C"``, ``"D"``, ``"objective"`` and
    ``"Lambda3"``, ``"Q3"``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> o = sderf_optimum([[1, 0], [0, 2]], [[1, 1], [1, -1]])
    >>> nstr(o["objective"], 15)
    '2.56813415544108'
    """
    return _optimum("sderf", X, Y, dps)


def saderf_optimum(X, Y, *, dps: int = DEFAULT_DPS):
    """SADERF parameters (Sec. 4.3): Psi_ll = (sum_j y_l^2 / sum_i x_l^2)^{1/4}, then the GERF optimum
    on (Psi X, Psi^{-1} Y).

    Returns
    -------
    dict with ``"Psi"`` (diagonal mp matrix), the GERF ``"A"``, ``"B"``, ``"C"``, ``"D"``, ``"phi"`` and
    ``"objective"``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> o = saderf_optimum([[1, 0], [0, 2]], [[1, 1], [1, -1]])
    >>> nstr(o["Psi"][1, 1]**4, 10)
    '0.5'
    """
    return _optimum("saderf", X, Y, dps)


def as_derf_params(family: str, opt: dict):
    """Dense DERF parameters (A, B1, B2, C1, C2, D) of a GERF/ADERF/SDERF/SADERF parameter mapping.

    GERF: A I, B I, B I, C I, C I, D (Sec. 4, with the corrected (6): C = -1/2). SADERF: B Psi,
    B Psi^{-1}, C Psi^2, C Psi^{-2}. Works at the current working precision.

    Examples
    --------
    >>> p = as_derf_params("gerf", {"A": 0, "B": 1, "C": "-1/2", "D": 1, "d": 2})
    >>> p["C1"]
    matrix(
    [['-0.5', '0.0'],
     ['0.0', '-0.5']])
    """
    if family not in ("gerf", "aderf", "sderf", "saderf"):
        raise ValueError(f"family must be one of gerf, aderf, sderf, saderf, got family={family!r}")
    if family == "sderf":
        A, B, C = opt["A"], opt["B"], opt["C"]
        return {"A": A, "B1": B, "B2": B, "C1": C, "C2": C, "D": opt["D"]}
    if family == "aderf":
        d = opt["B1"].rows
        return {"A": mp.eye(d) * opt["A"], "B1": opt["B1"], "B2": opt["B2"], "C1": opt["C1"],
                "C2": opt["C2"], "D": opt["D"]}
    if family == "gerf":
        d = opt["d"] if "d" in opt else None
        if d is None:
            raise ValueError("gerf parameters need the dimension: pass opt['d']")
        I = mp.eye(d)
        A, B, C = to_mp(opt["A"], "A"), to_mp(opt["B"], "B"), to_mp(opt["C"], "C")
        return {"A": A * I, "B1": B * I, "B2": B * I, "C1": C * I, "C2": C * I, "D": to_mp(opt["D"], "D")}
    Psi = opt["Psi"]
    d = Psi.rows
    Pinv = _diag([1 / Psi[l, l] for l in range(d)])
    A, B, C = opt["A"], opt["B"], opt["C"]
    return {"A": A * mp.eye(d), "B1": B * Psi, "B2": B * Pinv, "C1": C * Psi * Psi,
            "C2": C * Pinv * Pinv, "D": opt["D"]}


def shifted_log_variance(params: dict, X, Y, *, dps: int = DEFAULT_DPS):
    """The shifted log-variance (8) by direct averaging over all pairs: L^{-2} sum log(Var + K^2).

    Each term uses the variance of Eq. (9) (the literal formula, which presumes the Thm 4.1
    conditions) plus K^(0)(x, y)^2 = exp(2 x^T y); nothing is simplified, so this is an independent
    check of the closed forms (10), (11) and Sec. 3.1.

    Parameters
    ----------
    params : dict
        Dense DERF parameters ``A, B1, B2, C1, C2, D`` (see :func:`as_derf_params`), exact or mp.
    X, Y : data sets (rows are points)
    dps : int

    Examples
    --------
    >>> from mpmath import nstr
    >>> X, Y = [[1, 0], [0, 1]], [[1, 1], [0, 0]]
    >>> o = gerf_optimum(X, Y, dps=40)
    >>> p = as_derf_params("gerf", dict(o, d=2))
    >>> nstr(shifted_log_variance(p, X, Y), 15)
    '2.18531040843933'
    """
    dps = check_dps(dps)
    lx, ly, d = _data_pair(X, Y)

    def run():
        Am = params["A"] if isinstance(params["A"], mpmath.matrix) else to_matrix(params["A"], "A")
        mats = [Am] + [params[k] if isinstance(params[k], mpmath.matrix) else to_matrix(params[k], k)
                       for k in ("B1", "B2", "C1", "C2")]
        Dm = to_mp(params["D"], "D")
        Xm, Ym = _mpmat(X, "X"), _mpmat(Y, "Y")
        tot = []
        for i in range(lx):
            x = Xm[i, :].T
            for j in range(ly):
                y = Ym[j, :].T
                k2 = mp.exp(2 * (x.T * y)[0])
                var = mp.exp(_eq9_log_m2(*mats, Dm, x, y)) - k2
                tot.append(mp.log(var + k2))
        return mpmath.fsum(tot) / (lx * ly)
    return verified(run, dps, what="shifted_log_variance", absolute=mpmath.mpf(10) ** (-dps - 20))


def shifted_log_variance_stats(X, Y, *, dps: int = DEFAULT_DPS):
    """Data statistics used by Thms 4.2/4.3: M1, M2, mu3, mu4, mu5, N and S = mean ||x+y||^2.

    Examples
    --------
    >>> from mpmath import nstr
    >>> s = shifted_log_variance_stats([[1, 0], [0, 1]], [[1, 1], [0, 0]])
    >>> nstr(s["S"], 10)        # pairs (2,1), (1,0), (1,2), (0,1): mean of 5, 1, 5, 1
    '3.0'
    """
    dps = check_dps(dps)
    _data_pair(X, Y)
    with mp.workdps(dps + 15):
        st = _stats(_mpmat(X, "X"), _mpmat(Y, "Y"))
        d = st["M1"].rows
        N = st["M1"] + st["M2"]
        for a in range(d):
            for b in range(d):
                N[a, b] += st["mu4"][a] * st["mu5"][b] + st["mu5"][a] * st["mu4"][b]
        st["N"] = N
        st["mu3"] = st["xy"] / d
        st["S"] = st["mx"] + st["my"] + 2 * st["xy"]
        return st


# =============================================================================================
# float64: samplers (features) for every family
# =============================================================================================

def _np2(X, name):
    X = np.asarray(X, dtype=float)
    if X.ndim == 1:
        X = X[None, :]
    if X.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array of points, got shape {X.shape}")
    if not np.all(np.isfinite(X)):
        raise ValueError(f"{name} must be finite")
    return X


def trig_features_np(omega, theta, X, *, k: int = 1, printed: bool = False):
    """TrigRF features (Eqs. (4)-(5)), shape (L, M): sqrt2 exp(||x||^2/2) cos(w^T x + theta).

    ``k=2`` uses cos(-w^T y + theta) if ``printed`` (Eq. (5) as printed: an estimator of
    exp(-x^T y)) and cos(w^T y + theta) otherwise (the correct TrigRF for exp(x^T y)).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> trig_features_np(rng.standard_normal((3, 2)), np.zeros(3), np.zeros((1, 2))).round(3)
    array([[1.414, 1.414, 1.414]])
    """
    X = _np2(X, "X")
    omega = _np2(omega, "omega")
    s = -1.0 if (k == 2 and printed) else 1.0
    return np.sqrt(2) * np.exp((X ** 2).sum(1) / 2)[:, None] * np.cos(s * X @ omega.T + np.asarray(theta)[None, :])


def pos_features_np(omega, X):
    """PosRF features exp(w^T x - ||x||^2/2), shape (L, M) (Sec. 2.3).

    Examples
    --------
    >>> pos_features_np(np.zeros((2, 2)), [[1.0, 0.0]]).round(4)
    array([[0.6065, 0.6065]])
    """
    X = _np2(X, "X")
    omega = _np2(omega, "omega")
    return np.exp(X @ omega.T - (X ** 2).sum(1)[:, None] / 2)


def gerf_features_np(omega, X, A, B, C, D):
    """GERF features D exp(A||w||^2 + B w^T x + C||x||^2), shape (L, M) (Eq. (6) corrected, as in [31]).

    Valid RFs for K^(0) when B^2 = 1 - 4A, C = -1/2, D = (1 - 4A)^{d/4} (the constants printed with
    (6)). The paper's (6) writes ``C||x||^2/2``; see :func:`gerf_features_printed_np`.

    Examples
    --------
    >>> gerf_features_np(np.zeros((1, 2)), [[1.0, 0.0]], 0.0, 1.0, -0.5, 1.0).round(4)
    array([[0.6065]])
    """
    X = _np2(X, "X")
    omega = _np2(omega, "omega")
    return D * np.exp(A * (omega ** 2).sum(1)[None, :] + B * X @ omega.T + C * (X ** 2).sum(1)[:, None])


def gerf_features_printed_np(omega, X, A, B, C, D):
    """GERF features exactly as printed in Eq. (6): D exp(A||w||^2 + B w^T x + C||x||^2/2), shape (L, M).

    With the printed constants (C = -0.5) the mean of f(w, x) f(w, y) is
    exp(x^T y + (||x||^2 + ||y||^2)/4), not K^(0)(x, y) (claim ``DERF-Eq6``).

    Examples
    --------
    >>> gerf_features_printed_np(np.zeros((1, 2)), [[1.0, 0.0]], 0.0, 1.0, -0.5, 1.0).round(4)
    array([[0.7788]])
    """
    X = _np2(X, "X")
    omega = _np2(omega, "omega")
    return D * np.exp(A * (omega ** 2).sum(1)[None, :] + B * X @ omega.T + C * (X ** 2).sum(1)[:, None] / 2)


def derf_log_features_np(omega, X, A, B, C, D):
    """log of DERF features log D + w^T A w + w^T B x + x^T C x, shape (L, M); requires D > 0.

    Examples
    --------
    >>> I = np.eye(2)
    >>> derf_log_features_np(np.zeros((1, 2)), [[1.0, 0.0]], 0*I, I, -I/2, 1.0)
    array([[-0.5]])
    """
    X = _np2(X, "X")
    omega = _np2(omega, "omega")
    A, B, C = (np.asarray(M, dtype=float) for M in (A, B, C))
    if not D > 0:
        raise ValueError(f"D must be positive for log features, got D={D}")
    qa = ((omega @ A) * omega).sum(1)
    qc = ((X @ C) * X).sum(1)
    return np.log(D) + qa[None, :] + X @ B.T @ omega.T + qc[:, None]


def derf_features_np(omega, X, A, B, C, D):
    """DERF features D exp(w^T A w + w^T B x + x^T C x) (Sec. 4), shape (L, M).

    Computed with the precomputation of Sec. 4: B^T w and C x once, then O(LMd).

    Examples
    --------
    >>> I = np.eye(2)
    >>> derf_features_np(np.zeros((1, 2)), [[1.0, 0.0]], 0*I, I, -I/2, 1.0).round(4)
    array([[0.6065]])
    """
    return np.exp(derf_log_features_np(omega, X, A, B, C, D))


def scaled_features_np(features, X, alpha):
    """Features for K^(alpha) from features for K^(0): multiply row i by exp(alpha ||x_i||^2) (Sec. 2.3).

    Examples
    --------
    >>> scaled_features_np(np.ones((1, 2)), [[1.0, 1.0]], -0.5).round(4)
    array([[0.3679, 0.3679]])
    """
    X = _np2(X, "X")
    return np.asarray(features) * np.exp(alpha * (X ** 2).sum(1))[:, None]


# =============================================================================================
# float64: optima, log second moments, relative variances
# =============================================================================================

def _a1_np(phi):
    phi = np.asarray(phi, dtype=float)
    s = np.sqrt((2 * phi + 1) ** 2 + 8 * phi)
    return (-2 * phi - (12 * phi + 4 * phi ** 2) / (1 + s)) / 16


def _check_pair_np(X, Y):
    X, Y = _np2(X, "X"), _np2(Y, "Y")
    if X.shape[1] != Y.shape[1]:
        raise ValueError(f"X and Y must have the same dimension d, got d_X={X.shape[1]} and d_Y={Y.shape[1]}")
    return X, Y


def gerf_optimum_np(X, Y):
    """float64 version of :func:`gerf_optimum` (dict of floats).

    Examples
    --------
    >>> round(gerf_optimum_np([[1, 0], [0, 1]], [[1, 1], [0, 0]])["objective"], 10)
    2.1853104084
    """
    X, Y = _check_pair_np(X, Y)
    d = X.shape[1]
    mx, my = (X ** 2).sum(1).mean(), (Y ** 2).sum(1).mean()
    S = mx + my + 2 * X.mean(0) @ Y.mean(0)
    phi = S / d
    a = float(_a1_np(phi))
    obj = d * (np.log1p(-4 * a) - np.log1p(-8 * a) / 2 + phi / (1 - 8 * a)) + S - mx - my
    return {"A": a, "B": math.sqrt(1 - 4 * a), "C": -0.5, "D": (1 - 4 * a) ** (d / 4), "phi": phi,
            "objective": float(obj)}


def aderf_optimum_np(X, Y):
    """float64 version of :func:`aderf_optimum`.

    Examples
    --------
    >>> round(aderf_optimum_np([[1, 0], [0, 2]], [[1, 1], [1, -1]])["objective"], 10)
    2.5756266719
    """
    X, Y = _check_pair_np(X, Y)
    L1, L2, d = X.shape[0], Y.shape[0], X.shape[1]
    M1, M2 = X.T @ X / L1, Y.T @ Y / L2
    l1, Q1 = np.linalg.eigh(M1)
    l2, Q2 = np.linalg.eigh(M2)
    for lam, n in ((l1, "M1"), (l2, "M2")):
        if lam.min() <= lam.max() * 1e-12:
            raise ValueError(f"{n} must be nonsingular (Thm 4.2), got smallest eigenvalue {lam.min():.3g}")
    W = (np.sqrt(l1)[:, None] * (Q1.T @ Q2)) * np.sqrt(l2)[None, :]
    U, sig, Vt = np.linalg.svd(W)
    mu3 = X.mean(0) @ Y.mean(0) / d
    phi = 2 * sig.mean() + 2 * mu3
    a = float(_a1_np(phi))
    r = math.sqrt(1 - 4 * a)
    B1 = r * (np.sqrt(sig)[:, None] * U.T) @ (Q1 / np.sqrt(l1)[None, :]).T
    B2 = r * (1 / np.sqrt(sig)[:, None] * U.T) @ (Q1 * np.sqrt(l1)[None, :]).T
    obj = d * (np.log1p(-4 * a) - np.log1p(-8 * a) / 2 + 2 / (1 - 8 * a) * (sig.mean() + mu3) + 2 * mu3)
    return {"A": a, "B1": B1, "B2": B2, "C1": -(B1.T @ B1) / (2 * (1 - 4 * a)),
            "C2": -(B2.T @ B2) / (2 * (1 - 4 * a)), "D": (1 - 4 * a) ** (d / 4), "phi": float(phi),
            "objective": float(obj), "Sigma": sig}


def sderf_optimum_np(X, Y):
    """float64 version of :func:`sderf_optimum`.

    Examples
    --------
    >>> round(sderf_optimum_np([[1, 0], [0, 2]], [[1, 1], [1, -1]])["objective"], 10)
    2.5681341554
    """
    X, Y = _check_pair_np(X, Y)
    mu4, mu5 = X.mean(0), Y.mean(0)
    N = X.T @ X / X.shape[0] + Y.T @ Y / Y.shape[0] + np.outer(mu4, mu5) + np.outer(mu5, mu4)
    lam, Q = np.linalg.eigh(N)
    lam, Q = np.clip(lam[::-1], 0, None), Q[:, ::-1]
    Ad = _a1_np(lam)
    B = np.sqrt(1 - 4 * Ad)[:, None] * Q.T
    obj = (np.sum(np.log1p(-4 * Ad) - np.log1p(-8 * Ad) / 2 + (1 + 1 / (1 - 8 * Ad)) * lam)
           - (X ** 2).sum(1).mean() - (Y ** 2).sum(1).mean())
    return {"A": np.diag(Ad), "B": B, "C": -np.eye(len(lam)) / 2, "D": float(np.prod(1 - 4 * Ad) ** 0.25),
            "objective": float(obj), "Lambda3": lam}


def saderf_optimum_np(X, Y):
    """float64 version of :func:`saderf_optimum`.

    Examples
    --------
    >>> float(round(saderf_optimum_np([[1, 0], [0, 2]], [[1, 1], [1, -1]])["Psi"][1, 1]**4, 10))
    0.5
    """
    X, Y = _check_pair_np(X, Y)
    sx, sy = (X ** 2).mean(0), (Y ** 2).mean(0)
    if np.any(sx == 0) or np.any(sy == 0):
        raise ValueError("SADERF needs every coordinate to be nonzero somewhere in X and in Y")
    psi = (sy / sx) ** 0.25
    g = gerf_optimum_np(X * psi, Y / psi)
    g["Psi"] = np.diag(psi)
    return g


def as_derf_params_np(family, opt, d=None):
    """float64 dense DERF parameters (A, B1, B2, C1, C2, D) of a family's parameter dict.

    Examples
    --------
    >>> as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=1)["C1"]
    array([[-0.5]])
    """
    if family == "sderf":
        return {"A": opt["A"], "B1": opt["B"], "B2": opt["B"], "C1": opt["C"], "C2": opt["C"], "D": opt["D"]}
    if family == "aderf":
        d = opt["B1"].shape[0]
        return {"A": opt["A"] * np.eye(d), "B1": opt["B1"], "B2": opt["B2"], "C1": opt["C1"], "C2": opt["C2"],
                "D": opt["D"]}
    if family == "gerf":
        if d is None:
            raise ValueError("gerf parameters need the dimension d")
        I = np.eye(d)
        return {"A": opt["A"] * I, "B1": opt["B"] * I, "B2": opt["B"] * I, "C1": opt["C"] * I,
                "C2": opt["C"] * I, "D": opt["D"]}
    if family == "saderf":
        P = opt["Psi"]
        Pi = np.diag(1 / np.diag(P))
        d = P.shape[0]
        return {"A": opt["A"] * np.eye(d), "B1": opt["B"] * P, "B2": opt["B"] * Pi, "C1": opt["C"] * P @ P,
                "C2": opt["C"] * Pi @ Pi, "D": opt["D"]}
    raise ValueError(f"family must be one of gerf, aderf, sderf, saderf, got family={family!r}")


def derf_log_moments_np(params, X, Y):
    """float64 log E[f1 f2] and log E[(f1 f2)^2] for all pairs (matrices of shape (L_X, L_Y)).

    Examples
    --------
    >>> p = as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=1)
    >>> [m.round(6).tolist() for m in derf_log_moments_np(p, [[1.0]], [[0.5]])]
    [[[0.5]], [[3.25]]]
    """
    X, Y = _check_pair_np(X, Y)
    d = X.shape[1]
    A, B1, B2, C1, C2 = (np.asarray(params[k], dtype=float) for k in ("A", "B1", "B2", "C1", "C2"))
    D = float(params["D"])
    I = np.eye(d)
    out = []
    for P, c, sign_scale in ((I - 4 * A, 1, 0.5), (I - 8 * A, 2, 2.0)):
        ev = np.linalg.eigvalsh(P)
        if ev.min() <= 0:
            raise ValueError("A must satisfy 8A < I_d")
        Pi = np.linalg.inv(P)
        G1 = B1.T @ Pi @ B1
        G2 = B2.T @ Pi @ B2
        G12 = B1.T @ Pi @ B2
        qx = ((X @ (c * C1 + sign_scale * G1)) * X).sum(1)
        qy = ((Y @ (c * C2 + sign_scale * G2)) * Y).sum(1)
        cross = 2 * sign_scale * X @ G12 @ Y.T
        out.append(2 * c * np.log(abs(D)) - 0.5 * np.linalg.slogdet(P)[1] + qx[:, None] + qy[None, :] + cross)
    return out[0], out[1]


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
    t = np.asarray(t, dtype=float)
    out = np.empty_like(t)
    big = t > 30
    out[big] = t[big] + np.log1p(-np.exp(-t[big]))
    out[~big] = np.log(np.expm1(t[~big]))
    return out


def shifted_log_variance_np(params, X, Y):
    """float64 direct average of log E[(f1 f2)^2] = log(Var + K^2) over all pairs (objective (8)).

    Examples
    --------
    >>> X, Y = [[1, 0], [0, 1]], [[1, 1], [0, 0]]
    >>> o = gerf_optimum_np(X, Y)
    >>> round(shifted_log_variance_np(as_derf_params_np("gerf", o, d=2), X, Y), 10)
    2.1853104084
    """
    return float(derf_log_moments_np(params, X, Y)[1].mean())


# =============================================================================================
# Variance comparison (Fig. 1/2)
# =============================================================================================

@functools.lru_cache(maxsize=1)
def _digits_images():
    from .datasets import load_images
    return load_images("mnist", resize="area", scale="unit")[0]   # 8x8 MNIST test images, pixels in [0, 1]


def sample_regime(regime: str, sigma: float, d: int, L: int, rng: np.random.Generator):
    """Draw the sets X, Y (each L x d) of a variance-comparison regime of Sec. 5.1.

    ``normal``: N(0, sigma^2 I); ``sphere``: uniform on sigma S^{d-1}; ``heterogen``: X ~ N(0, sigma^2 I),
    Y ~ N(sigma 1, sigma^2 I); ``mnist``: the MNIST test images resized to 8x8 by area averaging
    (:func:`rfsym.datasets.load_images`; d = 64, pixels in [0, 1], times sigma). :mod:`rfsym.realdata`
    varies the unstated preprocessing and adds the cifar10 and mnist/cifar10 regimes.

    Examples
    --------
    >>> X, Y = sample_regime("sphere", 0.5, 4, 3, np.random.default_rng(0))
    >>> np.allclose(np.linalg.norm(X, axis=1), 0.5)
    True
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
