"""Moments and variances of the GERF and DERF estimators (Eq. (7), Theorem 4.1 and Eq. (9)).

Symbolic: the one-dimensional Gaussian integral and the first two moments of a DERF product, derived
by sympy; high precision: :func:`gerf_log_variance` (7), :func:`derf_mean`, :func:`derf_variance` (9) and
the residual of the validity conditions of Thm 4.1; float64: :func:`derf_log_moments_np` for all pairs
of two data sets. Kernel: :math:`K^{(0)}(x, y) = \\exp(x^\\top y)`.
"""

from __future__ import annotations

import functools

import mpmath
import numpy as np
import sympy
from mpmath import mp

from ..precision import DEFAULT_DPS, check_dps, to_matrix, to_mp, to_vector, verified
from ._helpers import _a_scalar_mp, _check_pair_np, _mp_vec, _posdef_check, _sum_sq, _sym_check


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


def derf_log_moments_np(params, X, Y):
    """float64 log E[f1 f2] and log E[(f1 f2)^2] for all pairs (matrices of shape (L_X, L_Y)).

    Examples
    --------
    >>> from rfsym.derf import as_derf_params_np
    >>> p = as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=1)
    >>> [m.round(6).tolist() for m in derf_log_moments_np(p, [[1.0]], [[0.5]])]   # PosRF: x y, 2(x+y)^2 - x^2 - y^2
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
