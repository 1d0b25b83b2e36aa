"""The random features of the paper as float64 samplers, shape (L, M) (Secs. 2.3 and 4).

TrigRF (Eqs. (4)-(5), with the sign of (5) as printed or corrected) and its moments in sympy, PosRF,
GERF (Eq. (6) in the corrected form :math:`C\\|x\\|^2` of [31], and literally as printed), DERF (Sec. 4;
log features for the stable evaluation of products) and the scaling to :math:`K^{(\\alpha)}`.
Kernel: :math:`K^{(0)}(x, y) = \\exp(x^\\top y)`.
"""

from __future__ import annotations

import functools

import numpy as np
import sympy

from ._helpers import _np2


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

    One side at a time: the query side ``x`` takes ``B = B1, C = C1`` and the key side ``y`` takes
    ``B = B2, C = C2`` (Def. 3.1: :math:`f^{(1)}(\\omega, x)` uses :math:`B^{(1)}, C^{(1)}` and
    :math:`f^{(2)}(\\omega, y)` uses :math:`B^{(2)}, C^{(2)}`; ``A`` and ``D`` are shared). For the
    symmetric families (GERF, SDERF) the two sides coincide. The estimate of :math:`K(x, y)` is the mean
    over the M columns of the product of the two sides' features, with the same ``omega``.

    Parameters
    ----------
    omega : array (M, d)
        The projections, shared by both sides.
    X : array (L, d)
        The points of one side.
    A, B, C : arrays (d, d)
        The parameters; ``B, C`` of the side ``X`` belongs to.
    D : float
        The scale.

    Computed with the precomputation of Sec. 4: B^T w and C x once, then O(LMd).

    Examples
    --------
    >>> I = np.eye(2)
    >>> derf_features_np(np.zeros((1, 2)), [[1.0, 0.0]], 0*I, I, -I/2, 1.0).round(4)
    array([[0.6065]])

    The sides matter for an asymmetric family: with the ADERF fitted to ``(X, Y)``, the estimator with
    ``x`` (a row of ``X``) on ``B1, C1`` has the relative variance of :func:`log_relative_variance_np`;
    putting ``x`` on ``B2, C2`` gives another (still unbiased) estimator, rejected by the z-test.

    >>> from rfsym.derf import aderf_optimum_np, as_derf_params_np, log_relative_variance_np
    >>> from rfsym.montecarlo import variance_of, z_check
    >>> X = np.array([[0.4, 0.1], [-0.2, 0.5], [0.3, -0.3]]); Y = np.array([[0.2, 0.6], [0.5, -0.1], [-0.1, 0.2]])
    >>> p = as_derf_params_np("aderf", aderf_optimum_np(X, Y))
    >>> x, y = X[:1], Y[1:2]
    >>> rel = np.exp(log_relative_variance_np("aderf", X, Y)[0, 1])              # Var / K^2, M = 1
    >>> w = np.random.default_rng(0).standard_normal((40000, 2))
    >>> def est(B1, C1, B2, C2):                                                   # f(w, x) f(w, y) / K
    ...     f = derf_features_np(w, x, p["A"], B1, C1, p["D"]) * derf_features_np(w, y, p["A"], B2, C2, p["D"])
    ...     return f[0] / np.exp(x[0] @ y[0])
    >>> z_check(variance_of(est(p["B1"], p["C1"], p["B2"], p["C2"])), rel).passed
    True
    >>> z_check(variance_of(est(p["B2"], p["C2"], p["B1"], p["C1"])), rel).passed
    False
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
