"""Independent routes for CRT Theorem 9.1 (App. 9.7, Eq. (24)): the function :math:`F` by quadrature of
its definition, and the general-:math:`g` counterexample derived by sympy.

Kept apart from :mod:`rfsym.crt` (the closed forms under test): nothing here calls a formula of
:mod:`rfsym.crt`; only :func:`rfsym.crt.oprf_a_star` supplies the OPRF parameter and
:func:`rfsym.couplings.sample` the orthogonal projections.

Theorem 9.1 defines :math:`F(z) = E_{u}E_{x}[\\tilde g(u^\\top z, x)]` with
:math:`\\tilde g(a,b) = \\frac{g(a,b)+g(-a,b)}2 - g(0,b)`, :math:`u` uniform on :math:`S^{d-1}` and
:math:`x\\sim\\chi_d` (the length of :math:`\\omega\\sim N(0,I_d)`). Because
:math:`X = g(\\omega^\\top z, \\|\\omega\\|)` with :math:`\\omega = xu`, the intended argument is
:math:`x\\,u^\\top z`; both readings are evaluated here ("printed" and "corrected").

Gaussian kernel :math:`K(x, y) = \\exp(-\\|x-y\\|^2/2)`; OPRF/GERF function
:math:`g(a,b) = D^2\\exp(2Ab^2 + Ba - \\|x\\|^2 - \\|y\\|^2)`, :math:`B = \\sqrt{1-4A}`,
:math:`D^2 = (1-4A)^{d/2}` (the unbiased constant, claim ``CRT-Sec9.7-g``).
"""

from __future__ import annotations

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from . import crt
from .couplings import sample as _sample_projections
from .precision import require_int, to_mp, to_vector

__all__ = ["oprf_f_quad", "indicator_counterexample_expr", "indicator_pair_samples"]


def _gauss_quad(f):
    """:math:`E f(w)`, :math:`w\\sim N(0,1)`, by tanh-sinh quadrature on a split real line."""
    pts = [-mpmath.inf, -12, -6, -2, 0, 2, 6, 12, mpmath.inf]
    return mpmath.quad(lambda w: f(w) * mpmath.npdf(w), pts)


def oprf_f_quad(x, y, reading, A=None, *, dps: int = 20):
    """:math:`F(z)` of CRT Theorem 9.1 for the OPRF/GERF :math:`g` by quadrature of the definition,
    in the ``"printed"`` or the ``"corrected"`` reading (no hypergeometric closed form is used).

    Parameters
    ----------
    x, y : sequences of exact reals
        Inputs, same length ``d >= 2``; ``z = x + y``.
    reading : {"printed", "corrected"}
        ``"printed"``: :math:`E_uE_x[\\tilde g(u^\\top z, x)]`; ``"corrected"``:
        :math:`E_\\omega[\\tilde g(\\omega^\\top z, \\|\\omega\\|)]`.
    A : exact real, optional
        GERF parameter (``1 - 4A > 0``); default the OPRF optimum :func:`rfsym.crt.oprf_a_star`.
    dps : int
        Working digits (the quadratures are run at ``dps + 10``).

    Returns
    -------
    mpf

    Notes
    -----
    Printed: the first argument does not involve the length, so :math:`\\tilde g(u^\\top z, x) =
    D^2e^{2Ax^2-N}(\\cosh(B\\|z\\|t) - 1)` with :math:`t = u^\\top z/\\|z\\| = \\cos\\theta` factorises:

    .. math:: F = e^{-N}\\int_0^\\infty \\chi_d(x)D^2e^{2Ax^2}dx\\;
              \\frac{\\int_0^\\pi(\\cosh(B\\|z\\|\\cos\\theta)-1)\\sin^{d-2}\\theta\\,d\\theta}{\\int_0^\\pi\\sin^{d-2}\\theta\\,d\\theta}.

    Corrected: with :math:`\\omega\\sim N(0,I_d)` and :math:`z` along the first axis,
    :math:`E[D^2e^{2A\\|\\omega\\|^2}\\cosh(B\\|z\\|\\omega_1)] = D^2E[e^{2A\\omega_1^2}\\cosh(B\\|z\\|\\omega_1)]
    (E[e^{2A\\omega^2}])^{d-1}`, three one-dimensional Gaussian quadratures.

    Examples
    --------
    >>> print(mpmath.nstr(oprf_f_quad(["2", "0"], ["2", "0"], "printed", dps=15), 12))
    8.42755065703
    >>> print(mpmath.nstr(oprf_f_quad(["2", "0"], ["2", "0"], "corrected", dps=15), 12))   # 1 - e^{-8}
    0.999664537372
    """
    if reading not in ("printed", "corrected"):
        raise ValueError(f"reading must be 'printed' or 'corrected', got reading={reading!r}")
    if len(x) != len(y):
        raise ValueError(f"x and y must have the same length, got {len(x)} and {len(y)}")
    d = require_int(len(x), "d", minimum=2)
    with mp.workdps(dps + 10):
        xv, yv = to_vector(x, "x"), to_vector(y, "y")
        N = sum(t * t for t in xv) + sum(t * t for t in yv)
        s2 = sum((p + q) ** 2 for p, q in zip(xv, yv))
        a = crt.oprf_a_star(d, s2, dps=dps + 10) if A is None else to_mp(A, "A")
        if 1 - 4 * a <= 0:
            raise ValueError(f"A must satisfy 1 - 4A > 0, got A={A}")
        B, D2, zn = mpmath.sqrt(1 - 4 * a), (1 - 4 * a) ** (mpmath.mpf(d) / 2), mpmath.sqrt(s2)
        if reading == "printed":
            cd = 1 / (2 ** (mpmath.mpf(d) / 2 - 1) * mpmath.gamma(mpmath.mpf(d) / 2))
            chi = lambda r: cd * r ** (d - 1) * mpmath.exp(-r * r / 2)
            length = mpmath.quad(lambda r: chi(r) * D2 * mpmath.exp(2 * a * r * r), [0, 2, 6, 12, mpmath.inf])
            w = lambda th: mpmath.sin(th) ** (d - 2)
            pts = [0, mpmath.pi / 4, mpmath.pi / 2, 3 * mpmath.pi / 4, mpmath.pi]
            sphere = (mpmath.quad(lambda th: (mpmath.cosh(B * zn * mpmath.cos(th)) - 1) * w(th), pts)
                      / mpmath.quad(w, pts))
            return +(mpmath.exp(-N) * length * sphere)
        e1 = _gauss_quad(lambda t: mpmath.exp(2 * a * t * t) * (mpmath.cosh(B * zn * t) - 1))
        e0 = _gauss_quad(lambda t: mpmath.exp(2 * a * t * t))
        return +(mpmath.exp(-N) * D2 * e1 * e0 ** (d - 1))


def indicator_counterexample_expr():
    """The general-:math:`g` counterexample to CRT Eq. (24) as printed, derived by sympy from the
    definitions: :math:`g(a,b) = a^2\\,\\mathbf 1[b<1]`, ``d = M = 2``, :math:`\\omega\\sim N(0,I_2)`.

    Returns
    -------
    dict of sympy expressions in the positive symbol ``zn`` (:math:`\\|z\\|`)
        ``"m"`` :math:`= E[x^2;x<1]`, ``"P"`` :math:`= P(x<1)` (:math:`x\\sim\\chi_2`),
        ``"EX"`` :math:`= E[X]`, ``"EX1X2"`` :math:`= E[X_1X_2]` for an orthogonal pair,
        ``"gap"`` :math:`= \\mathrm{Var}(\\hat K^{\\mathrm{iid}}_2) - \\mathrm{Var}(\\hat K^{\\mathrm{ort}}_2)
        = \\frac12(E[X]^2 - E[X_1X_2])`, ``"F_printed"``, ``"F_corrected"``, ``"bound_printed"``,
        ``"bound_corrected"`` (the right-hand side :math:`(1-\\frac1M)\\frac2{d+2}F^2` of (24)),
        and the symbol ``"zn"``.

    Notes
    -----
    :math:`g_y(a) = \\mathbf 1[y<1]\\,a^2` has the coefficients :math:`a_2(y) = \\mathbf 1[y<1]\\ge0`, so
    the hypothesis of Theorem 9.1 holds. The orthogonal pair is
    :math:`\\omega_1 = r_1(\\cos\\theta,\\sin\\theta)`, :math:`\\omega_2 = r_2(-\\sin\\theta,\\cos\\theta)`,
    :math:`r_i\\sim\\chi_2` independent, :math:`\\theta` uniform, :math:`z = (\\|z\\|, 0)`; sympy integrates
    over :math:`r` and :math:`\\theta`. Result: gap :math:`= m^2\\|z\\|^4/16` = corrected bound, printed
    bound :math:`= P^2\\|z\\|^4/16`, with :math:`m = 2-3e^{-1/2}`, :math:`P = 1-e^{-1/2}`: the printed
    (24) fails by the factor :math:`(m/P)^2 = E[x^2\\mid x<1]^2 < 1`.

    Examples
    --------
    >>> e = indicator_counterexample_expr()
    >>> e["m"], e["P"]
    (2 - 3*exp(-1/2), 1 - exp(-1/2))
    >>> print(sp.N(sp.simplify(e["gap"] / e["bound_printed"]), 6))
    0.210228
    """
    r, r1, r2 = sp.symbols("r r1 r2", positive=True)
    th = sp.Symbol("theta", real=True)
    zn = sp.Symbol("zn", positive=True)
    chi2 = r * sp.exp(-r ** 2 / 2)                     # density of ||omega||, omega ~ N(0, I_2)
    m = sp.simplify(sp.integrate(r ** 2 * chi2, (r, 0, 1)))
    P = sp.simplify(sp.integrate(chi2, (r, 0, 1)))
    avg = lambda f: sp.integrate(f, (th, 0, 2 * sp.pi)) / (2 * sp.pi)
    rad = lambda f, v: sp.integrate(f * chi2.subs(r, v), (v, 0, 1))     # E[f; ||omega|| < 1]
    g = lambda a: a ** 2                                # g(a, b) on {b < 1}; zero for b >= 1
    gt = lambda a: (g(a) + g(-a)) / 2 - g(0)            # g~ on {b < 1}
    c, s = sp.cos(th), sp.sin(th)
    EX = sp.simplify(avg(rad(g(r1 * zn * c), r1)))
    EX1X2 = sp.simplify(avg(rad(rad(g(r1 * zn * c) * g(-r2 * zn * s), r1), r2)))
    gap = sp.simplify((1 - sp.Rational(1, 2)) * (EX ** 2 - EX1X2))
    F_printed = sp.simplify(avg(rad(gt(zn * c), r1)))   # E_u E_x[g~(u^T z, x)]: x enters only through 1[x < 1]
    F_corrected = sp.simplify(avg(rad(gt(r1 * zn * c), r1)))
    fac = (1 - sp.Rational(1, 2)) * sp.Rational(2, 2 + 2)
    return {"m": m, "P": P, "EX": EX, "EX1X2": EX1X2, "gap": gap, "F_printed": F_printed,
            "F_corrected": F_corrected, "bound_printed": sp.simplify(fac * F_printed ** 2),
            "bound_corrected": sp.simplify(fac * F_corrected ** 2), "zn": zn}


def indicator_pair_samples(z, n, rng):
    """Sampled :math:`(X_1, X_2)` of the counterexample :math:`g(a,b) = a^2\\mathbf 1[b<1]`: ``n`` Haar
    orthogonal pairs :math:`\\omega_1\\perp\\omega_2` (norms :math:`\\chi_d`) from
    :func:`rfsym.couplings.sample`, :math:`X_i = (\\omega_i^\\top z)^2\\,\\mathbf 1[\\|\\omega_i\\|<1]`.

    Parameters
    ----------
    z : array_like, shape (d,), ``d >= 2``
    n : int
    rng : numpy.random.Generator

    Returns
    -------
    ndarray, shape (2, n)

    Examples
    --------
    >>> X = indicator_pair_samples([1.0, 0.0], 5, np.random.default_rng(0))
    >>> X.shape
    (2, 5)
    """
    z = np.asarray(z, float).ravel()
    d = require_int(z.size, "d", minimum=2)
    n = require_int(n, "n", minimum=1)
    W = _sample_projections("orthogonal", d, n * d, rng).reshape(n, d, d)[:, :2, :]
    a = W @ z
    return (a * a * (np.linalg.norm(W, axis=2) < 1)).T
