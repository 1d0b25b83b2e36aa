"""Independent routes for the CRT claims: quadratures and lattice sums of the *definitions*.

Kept apart from :mod:`rfsym.crt` (the formulas under test): nothing here calls a variance formula of
the paper. Each function evaluates an expectation over the random features directly, from the
feature definitions (4)-(5) and (10), by one-dimensional mpmath quadrature or by summing over the
lattice of the discrete :math:`\\omega`; the registry compares these values with the closed forms
of :mod:`rfsym.crt` (Theorems 3.2, 3.4, 3.5) and the paired Monte Carlo of Theorem 3.3.

Theorem 9.1 (App. 9.7, Eq. (24)): the function :math:`F` by quadrature of its definition
(:func:`oprf_f_quad`), and the general-:math:`g` counterexample derived by sympy
(:func:`indicator_counterexample_expr`, :func:`indicator_pair_samples`). These call no formula of
:mod:`rfsym.crt`; only :func:`rfsym.crt.oprf_a_star` supplies the OPRF parameter and
:func:`rfsym.couplings.sample` the orthogonal projections.

Theorem 9.1 defines :math:`F(z) = E_{u}E_{x}[\\tilde g(u^\\top z, x)]` with
:math:`\\tilde g(a,b) = \\frac{g(a,b)+g(-a,b)}2 - g(0,b)`, :math:`u` uniform on :math:`S^{d-1}` and
:math:`x\\sim\\chi_d` (the length of :math:`\\omega\\sim N(0,I_d)`). Because
:math:`X = g(\\omega^\\top z, \\|\\omega\\|)` with :math:`\\omega = xu`, the intended argument is
:math:`x\\,u^\\top z`; both readings are evaluated here ("printed" and "corrected").

The OPRF/GERF function is :math:`g(a,b) = D^2\\exp(2Ab^2 + Ba - \\|x\\|^2 - \\|y\\|^2)`,
:math:`B = \\sqrt{1-4A}`, :math:`D^2 = (1-4A)^{d/2}` (the unbiased constant, claim ``CRT-Sec9.7-g``).

Gaussian kernel :math:`K(x, y) = \\exp(-\\|x-y\\|^2/2)` throughout. Not re-exported by :mod:`rfsym.crt`
and not a mutation-audit target: these are what the checks compare the library with.
"""

from __future__ import annotations

import functools
import itertools

import mpmath
import numpy as np
import sympy as sp
from mpmath import mp

from .. import crt
from ..couplings import sample as _sample_projections
from ..precision import require_int, to_mp, to_vector

__all__ = ["gerf_second_moment_quad", "dirf_feature_mp",
           "dirf_second_moment_lattice", "paired_oprf_second_moments", "gerf_variance_alpha4_real",
           "orthogonal_pair_moment_quad",
           # exact higher moments for the Monte Carlo witnesses' standard errors (issue 27)
           "gerf_product_moment", "dirf_row_moment", "central_moments", "orthogonal_pair_square_moment",
           # Theorem 9.1
           "oprf_f_quad", "indicator_counterexample_expr", "indicator_pair_samples"]


def _gauss_quad(f):
    """:math:`E f(g)`, :math:`g\\sim N(0,1)`, by mpmath tanh-sinh quadrature on a split real line."""
    pts = [-mpmath.inf, -12, -6, -2, 0, 2, 6, 12, mpmath.inf]
    return mpmath.quad(lambda w: f(w) * mpmath.npdf(w), pts)


def gerf_second_moment_quad(x, y, A, s, *, dps: int = 25):
    """:math:`E[\\mathrm{Re}(f^{(1)}(\\omega,x)f^{(2)}(\\omega,y))^2]` for GERFs in any dimension by
    1-D quadrature of the feature factors (no closed form of Eq. (6) is used).

    With :math:`Z = f^{(1)}f^{(2)} = D^2\\prod_l \\zeta_l(\\omega_l)`,
    :math:`\\zeta_l(w) = \\exp(2Aw^2 + Bw(x_l + s y_l) + C(x_l^2+y_l^2))` and
    :math:`\\mathrm{Re}(Z)^2 = (\\mathrm{Re}(Z^2) + |Z|^2)/2`, both expectations factorise over the
    independent coordinates of :math:`\\omega \\sim N(0, I_d)`; each factor is an mpmath quadrature of
    :math:`\\zeta_l^2` or :math:`|\\zeta_l|^2` against the standard normal density. ``B, C, D`` come from
    :func:`rfsym.crt.gerf_params` (Eq. (5), principal roots).

    Examples
    --------
    >>> v = gerf_second_moment_quad(["0.3"], ["0.1"], 0, 1, dps=15)   # PosRF: exp(4xy) = exp(0.12)
    >>> print(mpmath.nstr(v, 12))
    1.12749685158
    """
    s = int(s)
    exact = all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in [*x, *y, A])
    if exact:       # exact inputs: one quadrature per kernel, shared by a notebook's table and the claim's check
        return _gerf_second_moment_quad_exact(tuple(x), tuple(y), A, s, int(dps))
    return _gerf_second_moment_quad(x, y, A, s, dps)


@functools.lru_cache(maxsize=128)
def _gerf_second_moment_quad_exact(x, y, A, s, dps):
    """:func:`gerf_second_moment_quad` for exact inputs (decimal strings, integers), cached: the value depends on
    the arguments only (the working precision is set inside), and an ``mpf`` is immutable."""
    return _gerf_second_moment_quad(x, y, A, s, dps)


def _gerf_second_moment_quad(x, y, A, s, dps):
    d = len(x)
    B, C, D = crt.gerf_params(A, s, d, dps=dps + 10)

    def f():
        xv, yv = to_vector(x, "x"), to_vector(y, "y")
        a = mpmath.mpc(to_mp(A, "A", complex_ok=True))
        sq, ab = mpmath.mpc(1), mpmath.mpf(1)
        for xl, yl in zip(xv, yv):
            def zeta(w, xl=xl, yl=yl):
                return mpmath.exp(2 * a * w * w + B * w * (xl + s * yl) + C * (xl * xl + yl * yl))
            sq *= _gauss_quad(lambda w: zeta(w) ** 2)
            ab *= _gauss_quad(lambda w: abs(zeta(w)) ** 2)
        D2 = D * D
        return (mpmath.re(D2 * D2 * sq) + abs(D2) ** 2 * ab) / 2

    with mp.workdps(dps + 10):
        return f()


def dirf_feature_mp(omega, x, pmf):
    """The discretely induced feature of Eq. (10) at high precision, for one integer vector ``omega``.

    .. math:: f_{\\mathrm{DI}}(\\omega, x) = e^{-\\|x\\|^2/2}\\prod_l x_l^{\\omega_l}(\\omega_l!)^{-1/2}p_{\\omega_l}^{-1/2}

    ``pmf(k)`` returns :math:`p_k` (an mpf).

    Examples
    --------
    >>> f = dirf_feature_mp([0, 2], [mpmath.mpf(1), mpmath.mpf(2)], lambda k: mpmath.mpf(2) ** (-k - 1))
    >>> print(mpmath.nstr(f, 10))
    0.9286857466
    """
    val = mpmath.exp(-sum(t * t for t in x) / 2)
    for k, xl in zip(omega, x):
        val *= xl ** k / mpmath.sqrt(mpmath.factorial(k) * pmf(k))
    return val


def dirf_second_moment_lattice(x, y, kind, param, *, kmax: int = 60, dps: int = 25):
    """:math:`E[(f_{\\mathrm{DI}}(\\omega,x)f_{\\mathrm{DI}}(\\omega,y))^2]` by summing over the joint
    lattice :math:`\\omega\\in\\{0..k_{\\max}\\}^d` with the features of Eq. (10) (not the closed forms
    (11)/(13)). ``kind`` is ``"poisson"`` (``param`` = :math:`\\lambda`) or ``"geometric"``
    (``param`` = :math:`p`). Meant for small ``d`` (``(kmax+1)**d`` terms); the truncation is checked
    by the tail of the last shell.

    Examples
    --------
    >>> v = dirf_second_moment_lattice(["0.5"], ["0.6"], "poisson", "1", kmax=30, dps=15)
    >>> print(mpmath.nstr(v, 12))    # exp(lam + x^2 y^2/lam - x^2 - y^2) = exp(1 + 0.09 - 0.61)
    1.61607440219
    """
    if kind not in ("poisson", "geometric"):
        raise ValueError(f"kind must be 'poisson' or 'geometric', got kind={kind!r}")
    d = len(x)

    def f():
        xv, yv = to_vector(x, "x"), to_vector(y, "y")
        q = to_mp(param, "param")
        if kind == "poisson":
            pmf = lambda k: mpmath.exp(-q) * q ** k / mpmath.factorial(k)
        else:
            pmf = lambda k: q * (1 - q) ** k
        total, shell = mpmath.mpf(0), mpmath.mpf(0)
        for om in itertools.product(range(kmax + 1), repeat=d):
            w = mpmath.fprod(pmf(k) for k in om)
            t = w * (dirf_feature_mp(om, xv, pmf) * dirf_feature_mp(om, yv, pmf)) ** 2
            total += t
            if max(om) == kmax:
                shell += abs(t)
        if shell > mpmath.mpf(10) ** (-dps - 5) * abs(total):
            raise ArithmeticError(f"lattice truncated too early (kmax={kmax}): last shell {mpmath.nstr(shell, 3)}")
        return total

    with mp.workdps(dps + 10):
        return f()


def gerf_variance_alpha4_real(x, y, A, s):
    """Eq. (6) with the plausible wrong :math:`\\alpha_4 = s/2 + (s + 2\\mathrm{Re}(1-4A))/(2(1-8\\mathrm{Re}A))`
    (``Re`` instead of ``|.|``): the control that the GERF witnesses must reject. mpmath at the
    current precision.

    Examples
    --------
    >>> v = gerf_variance_alpha4_real(["0.3"], ["0.1"], 0, 1)   # real A: same as (6), PosRF exp(4xy) - K^2
    >>> print(mpmath.nstr(v, 10))
    0.1667074124
    """
    xv, yv = to_vector(x, "x"), to_vector(y, "y")
    d = len(xv)
    s = int(s)
    a = mpmath.mpc(to_mp(A, "A", complex_ok=True))
    N = sum(t * t for t in xv) + sum(t * t for t in yv)
    S = sum((p + s * q) ** 2 for p, q in zip(xv, yv))
    dm = sum((p - q) ** 2 for p, q in zip(xv, yv))
    a1 = mpmath.sqrt(1 + 16 * a ** 2 / (1 - 8 * a)) ** d
    a2 = s + s / (1 - 8 * a)
    ra = mpmath.re(a)
    a3 = (1 + 16 * abs(a) ** 2 / (1 - 8 * ra)) ** (mpmath.mpf(d) / 2)
    a4 = mpmath.mpf(s) / 2 + (s + 2 * mpmath.re(1 - 4 * a)) / (2 * (1 - 8 * ra))
    return mpmath.exp(-(s + 1) * N) / 2 * (mpmath.re(a1 * mpmath.exp(a2 * S)) + a3 * mpmath.exp(a4 * S)) - mpmath.exp(-dm)


def paired_oprf_second_moments(x, y, As, n, rng):
    """Common-random-number samples of :math:`Z_A^2 = (f^{(1)}f^{(2)})^2` for positive GERFs
    (``s = +1``, real ``A``) at several ``A`` from the same ``n`` Gaussian draws.

    Returns an array of shape ``(len(As), n)``; differences of rows estimate differences of
    variances (the mean of :math:`Z_A` is :math:`K` for every ``A``) with a small standard error.

    Examples
    --------
    >>> z = paired_oprf_second_moments([0.1, 0.2], [0.3, 0.0], [-0.05, 0.0], 10, np.random.default_rng(0))
    >>> z.shape
    (2, 10)
    """
    x = np.asarray(x, float).ravel()
    y = np.asarray(y, float).ravel()
    W = crt.sample_omega("gaussian", x.size, n, rng)
    out = []
    for A in As:
        z = (crt.gerf_features(x[None], W, A, 1, 1) * crt.gerf_features(y[None], W, A, 1, 2)).real[0]
        out.append(z * z)
    return np.array(out)


def orthogonal_pair_moment_quad(s2, A, *, dps: int = 20):
    """:math:`E[Z_1Z_2]/K^2` for two orthogonal positive GERF samples in ``d = 2`` by quadrature over
    the angle of the orthogonal frame (independent of the 1F1 closed form of
    :func:`rfsym.crt.orthogonal_pair_moment`).

    With :math:`\\omega_1 = r_1(\\cos\\theta, \\sin\\theta)`, :math:`\\omega_2 = r_2(-\\sin\\theta, \\cos\\theta)`,
    :math:`r_i\\sim\\chi_2` independent, :math:`\\theta` uniform, and :math:`z = x + y = (\\sqrt{s_2}, 0)`:
    :math:`E[Z_1Z_2] = e^{-2N}\\frac1{2\\pi}\\int_0^{2\\pi}h(\\sqrt{s_2}\\cos\\theta)\\,h(-\\sqrt{s_2}\\sin\\theta)\\,d\\theta`,
    :math:`h(c) = D^2\\int_0^\\infty re^{-ar^2/2+Brc}dr = D^2\\big(\\frac1a + \\frac{b}{a}\\sqrt{2\\pi/a}\\,e^{b^2/(2a)}\\Phi(b/\\sqrt a)\\big)`,
    :math:`a = 1-4A`, :math:`b = Bc`, :math:`B = \\sqrt{1-4A}`, :math:`D^2 = 1-4A`; and
    :math:`K^2 = e^{s_2 - 2N}` (so ``N`` cancels).

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_pair_moment_quad("0.64", "-0.05", dps=15), 12))
    0.958516728937
    """
    with mp.workdps(dps + 10):
        s2v = to_mp(s2, "s2")
        a = 1 - 4 * to_mp(A, "A")
        if a <= 0:
            raise ValueError(f"A must satisfy 1 - 4A > 0, got A={A}")
        B = mpmath.sqrt(a)
        sq = mpmath.sqrt(s2v)

        def h(c):
            b = B * c
            return a * (1 / a + b / a * mpmath.sqrt(2 * mpmath.pi / a) * mpmath.exp(b * b / (2 * a)) * mpmath.ncdf(b / mpmath.sqrt(a)))

        pts = [k * mpmath.pi / 4 for k in range(9)]
        E = mpmath.quad(lambda t: h(sq * mpmath.cos(t)) * h(-sq * mpmath.sin(t)), pts) / (2 * mpmath.pi)
        return E * mpmath.exp(-s2v)


# ---------------------------------------------------------------------------------------------
# Theorem 9.1 (App. 9.7): F by quadrature of its definition, the general-g counterexample
# ---------------------------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------------------------
# exact higher moments of one replicate (the s.e. of the Monte Carlo witnesses, issue 27)
# ---------------------------------------------------------------------------------------------

def gerf_product_moment(terms, x, y, *, dps: int = 30):
    """:math:`E\\prod_i Z_{A_i}(\\omega)^{k_i}` for positive GERF products (``s = +1``, real ``A_i``)
    that share one :math:`\\omega\\sim N(0, I_d)`, a Gaussian integral in closed form.

    :math:`Z_A = D_A^2 e^{2A\\|\\omega\\|^2 + B_A\\omega^\\top u - \\|x\\|^2-\\|y\\|^2}`, :math:`u = x+y`,
    :math:`B_A=\\sqrt{1-4A}`, :math:`D_A^2=(1-4A)^{d/2}`, and
    :math:`E e^{a\\|\\omega\\|^2+b\\omega^\\top u} = (1-2a)^{-d/2}e^{b^2\\|u\\|^2/(2(1-2a))}` with
    :math:`a = 2\\sum_i k_iA_i`, :math:`b=\\sum_i k_iB_{A_i}`. ``terms`` is a sequence of ``(A, k)``;
    returns ``inf`` where :math:`1-2a\\le 0`.

    Examples
    --------
    >>> from rfsym.testing.law import gerf_row_moment
    >>> x, y = [0.3, -0.2, 0.1], [0.2, 0.4, 0.0]
    >>> v = gerf_product_moment([(-0.1, 3)], x, y)
    >>> bool(abs(v / gerf_row_moment(3, -0.1, np.array(x), np.array(y)) - 1) < 1e-12)
    True
    >>> print(mpmath.nstr(gerf_product_moment([(0, 1)], [0.5], [0.5]), 12))    # E Z = K = 1 at x = y
    1.0
    """
    with mp.workdps(dps + 10):
        xv = [mpmath.mpf(float(t)) for t in np.asarray(x, float).ravel()]
        yv = [mpmath.mpf(float(t)) for t in np.asarray(y, float).ravel()]
        d = len(xv)
        u2 = mpmath.fsum((a + b) ** 2 for a, b in zip(xv, yv))
        r2 = mpmath.fsum(a * a for a in xv) + mpmath.fsum(b * b for b in yv)
        a = mpmath.mpf(0)
        b = mpmath.mpf(0)
        logc = mpmath.mpf(0)
        for A, k in terms:
            A = mpmath.mpf(float(A))
            a += 2 * k * A
            b += k * mpmath.sqrt(1 - 4 * A)
            logc += k * (mpmath.mpf(d) / 2 * mpmath.log(1 - 4 * A) - r2)
        if 1 - 2 * a <= 0:
            return mpmath.inf
        return +mpmath.exp(logc - mpmath.mpf(d) / 2 * mpmath.log(1 - 2 * a) + b * b * u2 / (2 * (1 - 2 * a)))


def dirf_row_moment(j: int, x, y, kind, param, *, dps: int = 30):
    """:math:`E[Z^j]` of one PoisRF (``kind="poisson"``, rate ``param``) or GeomRF (``"geometric"``,
    ``param = p``) product :math:`Z = f(\\omega, x)f(\\omega, y)`, Eq. (10), by the series over the
    independent coordinates :math:`k_l` of :math:`\\omega`:
    :math:`e^{-j(\\|x\\|^2+\\|y\\|^2)/2}\\prod_l\\sum_k (x_ly_l)^{jk}/(k!^j\\,p(k)^{j-1})`.

    Examples
    --------
    >>> from rfsym import crt
    >>> x, y = [0.5, -0.3], [0.4, 0.6]
    >>> K2 = mpmath.exp(-sum((a - b) ** 2 for a, b in zip(x, y)))
    >>> v = dirf_row_moment(2, x, y, "geometric", 0.4) - K2
    >>> bool(abs(v / crt.geometric_variance(x, y, 0.4) - 1) < 1e-20)
    True
    """
    with mp.workdps(dps + 10):
        xv = [mpmath.mpf(float(t)) for t in np.asarray(x, float).ravel()]
        yv = [mpmath.mpf(float(t)) for t in np.asarray(y, float).ravel()]
        q = mpmath.mpf(float(param))
        if kind == "poisson":
            logp = lambda k: -q + k * mpmath.log(q) - mpmath.loggamma(k + 1)
        elif kind == "geometric":
            logp = lambda k: mpmath.log(q) + k * mpmath.log1p(-q)
        else:
            raise ValueError(f"kind must be 'poisson' or 'geometric', got kind={kind!r}")
        out = mpmath.exp(-j * (mpmath.fsum(a * a for a in xv) + mpmath.fsum(b * b for b in yv)) / 2)
        for a, b in zip(xv, yv):
            c = a * b
            out *= mpmath.nsum(lambda k: (c ** (j * int(k)) * mpmath.exp(-j * mpmath.loggamma(k + 1) - (j - 1) * logp(k))
                                          if c != 0 or k == 0 else mpmath.mpf(0)), [0, mpmath.inf])
        return +out


def central_moments(raw):
    """``(variance, mu4)`` of one replicate from its raw moments ``(E Z, E Z^2, E Z^3, E Z^4)`` (mpmath).

    Examples
    --------
    >>> v, m4 = central_moments([0, 1, 0, 3])          # standard normal
    >>> float(v), float(m4)
    (1.0, 3.0)
    """
    with mp.workdps(60):
        k1, m2, m3, m4 = (mpmath.mpf(v) for v in raw)
        return +(m2 - k1 ** 2), +(m4 - 4 * k1 * m3 + 6 * k1 ** 2 * m2 - 3 * k1 ** 4)


def orthogonal_pair_square_moment(x, y, A, *, dps: int = 30):
    """:math:`E[Z_1^2Z_2^2]` for two *orthogonal* positive GERF products (``s = +1``, real ``A`` with
    :math:`1-8A>0`), the second moment of the Theorem 4.1 pair product.

    :math:`Z_A(\\omega)^2 = c\\,Z'_{2A}(\\omega)` pointwise, where :math:`Z'` is the GERF product at
    :math:`x'=y'=u'/2`, :math:`u' = 2B_A u/B_{2A}` (:math:`u=x+y`) and
    :math:`c = D_A^4e^{-2(\\|x\\|^2+\\|y\\|^2)}/(D_{2A}^2e^{-\\|u'\\|^2/2})`; so
    :math:`E[Z_1^2Z_2^2] = c^2E[Z'_1Z'_2]` with :math:`K(x',y')=1`, i.e. ``c**2`` times
    :func:`rfsym.crt.orthogonal_pair_moment` at :math:`\\|u'\\|^2`.

    Examples
    --------
    The pointwise identity behind it, at one :math:`\\omega`:

    >>> x, y, A = np.array([0.3, -0.2]), np.array([0.1, 0.4]), -0.2
    >>> w = np.array([[0.7, -1.1]])
    >>> Z = lambda a, b, A: (crt.gerf_features(a[None], w, A, 1, 1) * crt.gerf_features(b[None], w, A, 1, 2)).real[0, 0]
    >>> u1 = 2 * np.sqrt(1 - 4 * A) * (x + y) / np.sqrt(1 - 8 * A)
    >>> c = (1 - 4 * A) ** 2 * np.exp(-2 * (x @ x + y @ y)) / ((1 - 8 * A) * np.exp(-(u1 @ u1) / 2))
    >>> bool(abs(Z(x, y, A) ** 2 / (c * Z(u1 / 2, u1 / 2, 2 * A)) - 1) < 1e-12)
    True
    """
    with mp.workdps(dps + 10):
        xv = [mpmath.mpf(float(t)) for t in np.asarray(x, float).ravel()]
        yv = [mpmath.mpf(float(t)) for t in np.asarray(y, float).ravel()]
        d = len(xv)
        A = mpmath.mpf(float(A))
        if 1 - 8 * A <= 0:
            raise ValueError(f"orthogonal_pair_square_moment needs 1 - 8A > 0, got A={A}")
        u2 = mpmath.fsum((a + b) ** 2 for a, b in zip(xv, yv))
        r2 = mpmath.fsum(a * a for a in xv) + mpmath.fsum(b * b for b in yv)
        up2 = 4 * (1 - 4 * A) / (1 - 8 * A) * u2
        logc = d * mpmath.log(1 - 4 * A) - 2 * r2 - mpmath.mpf(d) / 2 * mpmath.log(1 - 8 * A) + up2 / 2
        return +(mpmath.exp(2 * logc) * crt.orthogonal_pair_moment(d, up2, dps=dps))
