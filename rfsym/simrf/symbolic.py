"""Symbolic layer (sympy): the densities, moments and series terms of SimRF Secs. 3-5 derived from
their definitions, for the symbolic witnesses and the notebook."""

from __future__ import annotations

import sympy as sp

from ..precision import require_int
from ._common import _coupling

__all__ = ["symbols", "pdf_wij_expr", "moment_expr", "conformity_series_expr", "prf_mse_expr", "small_v_prefactor_expr", "rff_ratio_term_expr"]


# --------------------------------------------------------------------------- symbolic layer


def _syms():
    d = sp.Symbol("d", positive=True)
    w = sp.Symbol("w", positive=True)
    k = sp.Symbol("k", nonnegative=True, integer=True)
    v = sp.Symbol("v", positive=True)
    return d, w, k, v


def symbols():
    """The sympy symbols of the symbolic layer, with their assumptions.

    Returns
    -------
    tuple of sympy.Symbol
        ``(d, w, k, v)``: the dimension ``d`` and the norm ``w`` of :math:`w_{ij}` (positive), the series
        index ``k`` (a non-negative integer) and ``v = ||x + y||`` (positive), the symbols in which
        :func:`pdf_wij_expr`, :func:`moment_expr` and :func:`conformity_series_expr` are written.

    Examples
    --------
    >>> d, w, k, v = symbols()
    >>> conformity_series_expr("iid") == v ** (2 * k) / sp.factorial(k)
    True
    >>> k.is_integer, v.is_positive
    (True, True)
    """
    return _syms()


def pdf_wij_expr(coupling):
    """Sympy density of :math:`w_{ij}` (Eq. (18); Eq. (58) for ORFs; the integrand of Eq. (20) for SimRFs,
    returned as ``(integrand, phi)``).

    Examples
    --------
    >>> pdf_wij_expr("orthogonal")
    2**(1 - d)*w**(2*d - 1)*exp(-w**2/2)/gamma(d)
    """
    _coupling(coupling)
    d, w, k, v = _syms()
    if coupling == "iid":
        return w ** (d - 1) * sp.exp(-w ** 2 / 4) / (2 ** (d - 1) * sp.gamma(d / 2))
    if coupling == "orthogonal":
        return w ** (2 * d - 1) * sp.exp(-w ** 2 / 2) / (2 ** (d - 1) * sp.gamma(d))
    phi = sp.Symbol("phi", positive=True)
    c = -1 / (d - 1)
    a = 1 + sp.sin(2 * phi) * c
    return (w ** (2 * d - 1) / (2 ** (d - 2) * sp.gamma(d / 2) ** 2) * (sp.sin(phi) * sp.cos(phi)) ** (d - 1)
            * sp.exp(-w ** 2 / (2 * a)) / a ** d, phi)


def moment_expr(coupling):
    """:math:`E[w_{ij}^{2k}]` derived by sympy from the density (iid, ORF): the integral behind
    Eqs. (19), (23), (53).

    Examples
    --------
    >>> moment_expr("orthogonal")
    2**k*gamma(d + k)/gamma(d)
    """
    _coupling(coupling, ("iid", "orthogonal"))
    d, w, k, v = _syms()
    res = sp.integrate(w ** (2 * k) * pdf_wij_expr(coupling), (w, 0, sp.oo), conds="none")
    return sp.simplify(sp.gammasimp(res))


def conformity_series_expr(coupling):
    """The k-th term of the conformity series, :math:`\\Gamma(d/2)v^{2k}E[w^{2k}]/(2^{2k}k!\\Gamma(k+d/2))`
    (Eq. (10)) with the sympy-derived moment, simplified.

    Examples
    --------
    >>> conformity_series_expr("iid")
    v**(2*k)/factorial(k)
    """
    d, w, k, v = _syms()
    term = sp.gamma(d / 2) * v ** (2 * k) * moment_expr(coupling) / (2 ** (2 * k) * sp.factorial(k) * sp.gamma(k + d / 2))
    return sp.simplify(sp.gammasimp(term))


def prf_mse_expr():
    """Sympy derivation of Eq. (11): returns ``(derived, printed)`` for the MSE of
    :math:`\\widehat K=\\frac{e^{-x^2-y^2}}{m}\\sum_i b_i` from :math:`E[b_i]=e^{v^2/2}`,
    :math:`E[b_i^2]=e^{2v^2}` and :math:`E[b_ib_j]=\\rho` (``i != j``).

    Examples
    --------
    >>> der, pr = prf_mse_expr()
    >>> sp.simplify(der - pr)
    0
    """
    m = sp.Symbol("m", positive=True, integer=True)
    X2, Y2, v, rho = sp.symbols("X2 Y2 v rho", positive=True)
    pre = sp.exp(-X2 - Y2)
    Eb, Eb2 = sp.exp(v ** 2 / 2), sp.exp(2 * v ** 2)
    EK2 = pre ** 2 / m ** 2 * (m * Eb2 + m * (m - 1) * rho)
    K = pre * Eb
    derived = sp.expand(EK2 - K ** 2)
    printed = sp.exp(-2 * X2 - 2 * Y2) / m * ((sp.exp(2 * v ** 2) - sp.exp(v ** 2)) + (m - 1) * (rho - sp.exp(v ** 2)))
    return derived, sp.expand(printed)


def small_v_prefactor_expr():
    """``(derived, printed)``: the :math:`v\\to0` MSE ratio :math:`1+(d-1)(c_1-1)` for one SimRF block,
    with :math:`c_1` the :math:`v^2` coefficient of Eq. (24) derived by sympy, and the printed
    Sec. 5.1 prefactor.

    Examples
    --------
    >>> der, pr = small_v_prefactor_expr()
    >>> sp.simplify(sp.gammasimp(der - pr))
    0
    """
    d = sp.Symbol("d", positive=True)
    p = sp.Symbol("p", integer=True, nonnegative=True)
    kk = 1
    inner = sp.Sum((-1 / (d - 1)) ** p * sp.gamma((d + p) / 2) / sp.gamma((d + p + 1) / 2)
                   / (sp.factorial(kk - p) * sp.factorial(p)), (p, 0, kk)).doit()
    c1 = sp.sqrt(sp.pi) / (sp.gamma(d / 2) * 2 ** (d - 1)) * sp.gamma(kk + d) / sp.gamma(kk + d / 2) / 2 ** kk * inner
    derived = 1 + (d - 1) * (c1 - 1)
    printed = 1 - sp.sqrt(sp.pi) * sp.gamma(d + 1) * sp.gamma(d / 2 + sp.Rational(1, 2)) / (
        sp.gamma(d / 2) * sp.gamma(d / 2 + 1) ** 2 * 2 ** d)
    return sp.gammasimp(derived), printed


def rff_ratio_term_expr(k, order=2):
    """Series in :math:`1/d` of :math:`\\frac{1}{2^k}\\frac{\\Gamma(k+d)\\Gamma(d/2)}{\\Gamma(k+d/2)\\Gamma(d)}`
    for an explicit integer ``k`` (Eq. (84)), as a sympy expression in ``eps = 1/d``.

    Examples
    --------
    >>> rff_ratio_term_expr(2)
    1 - eps + O(eps**2)
    """
    k = require_int(k, "k", minimum=0)
    eps = sp.Symbol("eps", positive=True)
    d = 1 / eps
    expr = sp.Integer(1)
    for j in range(k):
        expr *= (d + j) / (2 * (d / 2 + j))
    return sp.series(sp.simplify(expr), eps, 0, order)
