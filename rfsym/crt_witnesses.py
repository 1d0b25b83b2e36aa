"""Independent routes for the CRT claims: quadratures and lattice sums of the *definitions*.

Kept apart from :mod:`rfsym.crt` (the formulas under test): nothing here calls a variance formula of
the paper. Each function evaluates an expectation over the random features directly, from the
feature definitions (4)-(5) and (10), by one-dimensional mpmath quadrature or by summing over the
lattice of the discrete :math:`\\omega`; the registry compares these values with the closed forms
of :mod:`rfsym.crt` (Theorems 3.2, 3.4, 3.5) and the paired Monte Carlo of Theorem 3.3.

Gaussian kernel :math:`K(x, y) = \\exp(-\\|x-y\\|^2/2)` throughout.
"""

from __future__ import annotations

import itertools

import mpmath
import numpy as np
from mpmath import mp

from . import crt
from .precision import to_mp, to_vector

__all__ = ["gerf_second_moment_quad", "dirf_feature_mp",
           "dirf_second_moment_lattice", "paired_oprf_second_moments", "gerf_variance_alpha4_real",
           "orthogonal_pair_moment_quad"]


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
