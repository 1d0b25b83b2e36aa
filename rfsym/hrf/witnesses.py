"""Independent routes for the HRF claims, kept apart from the formulas of :mod:`rfsym.hrf` they check.

Nothing here calls :mod:`rfsym.hrf`: every quantity is recomputed from the *definitions* of the paper
(Choromanski et al., "Hybrid Random Features", ICLR 2022) by a different route:

* :func:`mse_trig_quad`, :func:`mse_pos_quad` -- the MSE of the trigonometric estimator (2) and of
  the positive estimator (3) by one-dimensional Gaussian quadrature of the single-feature second
  moment (the definition of the variance), not by the closed forms of Lemma 2.2.
* :func:`angular_moments_binomial` -- the moments of the angular coefficient (19) from the law
  :math:`\\hat\\lambda = K/n`, :math:`K\\sim\\mathrm{Bin}(n,\\theta/\\pi)`, by summing the binomial
  probabilities (not the polynomial (24)).
* :func:`angular_hybrid_mse_quad`, :func:`relative_error_quad`, :func:`max_relative_error_search`
  -- the MSE (22) and the relative error of Def. 3.3 assembled from the two routes above, and its
  maximum over the angle by golden-section search.
* :func:`gaussian_lambda_moments_quad` -- the moments of the Gaussian coefficient (69) by quadrature.
* :func:`thm35_certificate`, :func:`lem34_certificate` -- symbolic (sympy) proofs, for *every*
  radius, of the corrected bound of Thm 3.5 (with (63) and the repaired (64)) and of the
  monotonicity behind Lemma 3.4; :func:`thm35_failure_asymptotics` -- why (27) fails for every n.
"""

from __future__ import annotations

import functools

import mpmath
import sympy
from mpmath import mp

__all__ = [
    "gauss_expect_quad", "mse_trig_quad", "mse_pos_quad", "angular_moments_binomial",
    "angular_hybrid_mse_quad", "relative_error_quad", "max_relative_error_search",
    "gaussian_lambda_moments_quad", "thm35_certificate", "thm35_failure_asymptotics",
    "lem34_certificate", "pair_term_moment", "pair_term_moment_quad", "iid_mean_raw_moments",
    "affine_raw_moments", "lam_raw_fixed", "lam_raw_angular", "cos_raw_moments", "lam_raw_gaussian_trig",
    "lam_raw_gaussian_pos", "hybrid_error_moments",
]


def _mpv(v):
    return [mpmath.mpmathify(s) if not isinstance(s, (int,)) else mpmath.mpf(s) for s in v]


def gauss_expect_quad(f, scale, *, dps: int = 30):
    """:math:`\\mathbb E f(g)` for :math:`g\\sim\\mathcal N(0,1)` by tanh-sinh quadrature.

    ``scale`` places extra break points at :math:`\\pm 2\\,\\mathrm{scale}` (the peak of integrands
    such as :math:`\\cosh^2(g s)e^{-g^2/2}`, which sits at :math:`g = \\pm 2s`).

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(gauss_expect_quad(lambda g: g ** 2, 0, dps=20), 15)
    '1.0'
    """
    with mp.workdps(dps + 15):
        s = abs(mpmath.mpf(scale))
        pts = sorted({-mp.inf, -2 * s - 1, -2 * s, mpmath.mpf(0), 2 * s, 2 * s + 1, mp.inf})
        val = mp.quad(lambda g: f(g) * mp.exp(-g * g / 2), pts) / mp.sqrt(2 * mp.pi)
    return +val


def mse_trig_quad(x, y, m, *, dps: int = 30):
    """MSE of the trigonometric estimator (2) from the definition, by quadrature.

    One projection contributes :math:`e^{(\\|x\\|^2+\\|y\\|^2)/2}\\cos(\\omega^\\top(x-y))` with
    :math:`\\omega^\\top(x-y) = g\\|x-y\\|`, :math:`g\\sim\\mathcal N(0,1)`; the MSE of the mean of
    m i.i.d. copies is the single-feature variance over m, with
    :math:`\\mathbb E\\cos^2` computed by quadrature.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(mse_trig_quad([1, 0], [0, 1], 1, dps=15), 10)
    '2.762195691'
    """
    with mp.workdps(dps + 15):
        xv, yv = _mpv(x), _mpv(y)
        s = mp.sqrt(sum((a - b) ** 2 for a, b in zip(xv, yv)))
        pre = mp.exp(sum(a * a for a in xv) + sum(b * b for b in yv))
        sm = mp.exp(sum(a * b for a, b in zip(xv, yv)))
        e2 = gauss_expect_quad(lambda g: mp.cos(g * s) ** 2, 0, dps=dps + 10)
        return (pre * e2 - sm ** 2) / m


def mse_pos_quad(x, y, m, *, dps: int = 30):
    """MSE of the positive estimator (3) from the definition, by quadrature.

    One projection contributes :math:`e^{-(\\|x\\|^2+\\|y\\|^2)/2}\\cosh(\\omega^\\top(x+y))`
    (the pair :math:`\\pm\\omega` of (3)); :math:`\\mathbb E\\cosh^2(g\\|x+y\\|)` by quadrature.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(mse_pos_quad([1, 0], [0, 1], 1, dps=15), 10)
    '2.762195691'
    """
    with mp.workdps(dps + 15):
        xv, yv = _mpv(x), _mpv(y)
        s = mp.sqrt(sum((a + b) ** 2 for a, b in zip(xv, yv)))
        pre = mp.exp(-(sum(a * a for a in xv) + sum(b * b for b in yv)))
        sm = mp.exp(sum(a * b for a, b in zip(xv, yv)))
        e2 = gauss_expect_quad(lambda g: mp.cosh(g * s) ** 2, s, dps=dps + 10)
        return (pre * e2 - sm ** 2) / m


def angular_moments_binomial(theta, n, *, dps: int = 30):
    """Moments of :math:`\\hat\\lambda=K/n`, :math:`K\\sim\\mathrm{Bin}(n,\\theta/\\pi)`, by summing the pmf.

    Returns
    -------
    dict
        ``second`` :math:`\\mathbb E\\hat\\lambda^2`, ``second_complement``
        :math:`\\mathbb E(1-\\hat\\lambda)^2`, ``cross`` :math:`\\mathbb E\\hat\\lambda(1-\\hat\\lambda)`.

    Examples
    --------
    >>> from mpmath import nstr, pi
    >>> nstr(angular_moments_binomial(pi / 2, 2)["second"], 10)
    '0.375'
    """
    with mp.workdps(dps + 10):
        p = mpmath.mpmathify(theta) / mp.pi
        out = {"second": mpmath.mpf(0), "second_complement": mpmath.mpf(0), "cross": mpmath.mpf(0)}
        for k in range(n + 1):
            w = mpmath.binomial(n, k) * p ** k * (1 - p) ** (n - k)
            lam = mpmath.mpf(k) / n
            out["second"] += w * lam ** 2
            out["second_complement"] += w * (1 - lam) ** 2
            out["cross"] += w * lam * (1 - lam)
    return out


def angular_hybrid_mse_quad(x, y, m, n, *, dps: int = 30):
    """MSE (22) of the angular hybrid with independent projections, from quadrature and binomial sums.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(angular_hybrid_mse_quad([1, 0], [1, 0], 3, 2, dps=15), 5)
    '0.0'
    """
    with mp.workdps(dps + 10):
        xv, yv = _mpv(x), _mpv(y)
        nx = mp.sqrt(sum(a * a for a in xv))
        ny = mp.sqrt(sum(b * b for b in yv))
        c = sum(a * b for a, b in zip(xv, yv)) / (nx * ny)
        theta = mp.acos(max(min(c, mpmath.mpf(1)), mpmath.mpf(-1)))
        mo = angular_moments_binomial(theta, n, dps=dps + 5)
        return mo["second"] * mse_pos_quad(xv, yv, m, dps=dps + 5) + mo["second_complement"] * mse_trig_quad(
            xv, yv, m, dps=dps + 5)


def _sphere_pair(theta, r):
    rr = mpmath.mpmathify(r)
    th = mpmath.mpmathify(theta)
    return [rr, mpmath.mpf(0)], [rr * mp.cos(th), rr * mp.sin(th)]


def relative_error_quad(theta, r, m, n, *, dps: int = 30):
    """:math:`\\epsilon_{\\theta,r}` of Def. 3.3 for the angular hybrid: sqrt(MSE)/SM on the points
    :math:`x=(r,0)`, :math:`y=(r\\cos\\theta, r\\sin\\theta)`, MSE by :func:`angular_hybrid_mse_quad`.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(relative_error_quad(1, 1, 1, 1, dps=12), 8)
    '1.8609244'
    """
    with mp.workdps(dps + 10):
        x, y = _sphere_pair(theta, r)
        mse = angular_hybrid_mse_quad(x, y, m, n, dps=dps + 5)
        return mp.sqrt(mse) / mp.exp(sum(a * b for a, b in zip(x, y)))


def _eps_closed(theta, r, m, n):
    """eps_{theta,r} from the transcribed definitions (Lemma 2.2 MSEs divided by SM^2, binomial moments)."""
    mo = angular_moments_binomial(theta, n, dps=mp.dps)
    c = mp.cos(theta)
    pos = mp.exp(2 * r ** 2 * (1 + c)) * (-mp.expm1(-2 * r ** 2 * (1 + c))) ** 2 / (2 * m)
    trig = mp.exp(2 * r ** 2 * (1 - c)) * (-mp.expm1(-2 * r ** 2 * (1 - c))) ** 2 / (2 * m)
    return mp.sqrt(mo["second"] * pos + mo["second_complement"] * trig)


def max_relative_error_search(r, m, n, *, dps: int = 30, grid: int = 400):
    """:math:`\\max_\\theta\\epsilon_{\\theta,r}` by a uniform grid on :math:`[0,\\pi/2]` (symmetry
    :math:`\\theta\\mapsto\\pi-\\theta`) refined by golden-section search on the best bracket.

    The error is evaluated from transcribed definitions (:func:`_eps_closed`); the returned value at
    the located angle is recomputed by quadrature (:func:`relative_error_quad`) and both must agree.

    Returns
    -------
    (mpf, mpf)
        The maximum and the maximising angle.

    Examples
    --------
    >>> from mpmath import nstr
    >>> v, th = max_relative_error_search(1, 1, 1, dps=15)
    >>> nstr(v, 10)
    '1.920578591'
    """
    with mp.workdps(dps + 10):
        rr = mpmath.mpmathify(r)
        half = mp.pi / 2
        # a uniform grid plus a fine grid near 0 where the peak sits for large r (theta ~ 1/(sqrt2 r))
        pts = sorted({half * k / grid for k in range(grid + 1)}
                     | {min(half, mpmath.mpf(k) / (40 * rr)) for k in range(1, 201)})
        vals = [_eps_closed(t, rr, m, n) for t in pts]
        i = max(range(len(pts)), key=lambda k: vals[k])
        lo, hi = pts[max(i - 1, 0)], pts[min(i + 1, len(pts) - 1)]
        gr = (mp.sqrt(5) - 1) / 2
        a, b = lo, hi
        c, d = b - gr * (b - a), a + gr * (b - a)
        fc, fd = _eps_closed(c, rr, m, n), _eps_closed(d, rr, m, n)
        for _ in range(int(mp.prec * 1.5)):
            if fc > fd:
                b, d, fd = d, c, fc
                c = b - gr * (b - a)
                fc = _eps_closed(c, rr, m, n)
            else:
                a, c, fc = c, d, fd
                d = a + gr * (b - a)
                fd = _eps_closed(d, rr, m, n)
            if b - a < mpmath.mpf(10) ** (-(dps // 2 + 3)):
                break
        th = (a + b) / 2
        best = max(_eps_closed(th, rr, m, n), vals[i])
        return +best, +th


def gaussian_lambda_moments_quad(delta2, sigma, n, rho, *, dps: int = 30):
    """:math:`\\mathbb E\\hat\\lambda^2`, :math:`\\mathbb E(1-\\hat\\lambda)^2` of (69) by quadrature.

    :math:`\\hat\\lambda = (1-\\bar C)/\\rho`, :math:`\\bar C` the mean of n i.i.d. copies of
    :math:`\\cos(\\sigma g\\|\\Delta\\|)`; its first two moments are integrated numerically.

    Examples
    --------
    >>> from mpmath import nstr
    >>> nstr(gaussian_lambda_moments_quad(0, 1, 3, 1)["second"], 5)
    '0.0'
    """
    with mp.workdps(dps + 10):
        s = mpmath.mpmathify(sigma) * mp.sqrt(mpmath.mpmathify(delta2))
        rho = mpmath.mpmathify(rho)
        c1 = gauss_expect_quad(lambda g: mp.cos(s * g), 0, dps=dps + 5)
        c2 = gauss_expect_quad(lambda g: mp.cos(s * g) ** 2, 0, dps=dps + 5)
        var_bar = (c2 - c1 ** 2) / n
        mean = (1 - c1) / rho
        var = var_bar / rho ** 2
        return {"second": mean ** 2 + var, "second_complement": (1 - mean) ** 2 + var}


@functools.lru_cache(maxsize=None)
def thm35_certificate():
    """Symbolic proof, for every r > 0 and n, m >= 1, of the corrected bound of Thm 3.5.

    Steps (sympy verifies each identity / value; the two inequalities used are elementary):

    1. Jordan: :math:`g(u)=\\sin u-2u/\\pi` has :math:`g(0)=g(\\pi/2)=0` and :math:`g''=-\\sin u\\le0`
       on :math:`[0,\\pi/2]`, so :math:`g\\ge0` and :math:`1-\\cos\\theta=2\\sin^2(\\theta/2)\\ge
       2\\theta^2/\\pi^2` on :math:`[0,\\pi]`.
    2. Hence :math:`e^{-2r^2}b^1_r(\\theta)\\le(1-\\frac1n)\\frac{s}{4r^2}e^{-s}` with
       :math:`s=4r^2\\theta^2/\\pi^2`, and :math:`\\max_s se^{-s}=e^{-1}`: (63) holds with the factor
       :math:`\\pi/(2e)<1` to spare.
    3. :math:`e^{-2r^2}b^2_r(\\theta)\\le\\frac1n\\frac{u}{2r}e^{-u^2}` with :math:`u=2r\\theta/\\pi`,
       :math:`\\max_u ue^{-u^2}=1/\\sqrt{2e}`: the repaired (64), :math:`e^{2r^2}/(2n\\sqrt\\pi r)`,
       holds with the factor :math:`\\sqrt{\\pi/(2e)}<1`; the printed (64) (:math:`r^2`) would need
       :math:`r\\sqrt{\\pi/(2e)}\\le1`, false for :math:`r>\\sqrt{2e/\\pi}`.
    4. :math:`h_r\\le 2\\max a_r`, :math:`a_r\\le(b^1_r+b^2_r)(1-e^{-4r^2})^2` (as
       :math:`\\cos^2(\\theta/2)\\le1`), and (48) give
       :math:`\\epsilon_{S(r)}^2\\le\\frac{W(r)^2}{2mr^2}\\bigl(\\frac{1-1/n}{\\pi}+\\frac{r}{n\\sqrt\\pi}\\bigr)`.

    Returns
    -------
    dict
        ``steps`` (list of (caption, sympy expression)), ``ok`` (bool: every identity verified),
        ``bound_sq`` (the certified bound squared, in symbols ``r, m, n``), ``margin63``,
        ``margin64`` (the spare factors), ``printed64_factor`` (the factor the printed (64) needs).

    Examples
    --------
    >>> c = thm35_certificate()
    >>> c["ok"]
    True
    """
    u, s, v = sympy.symbols("u s v", nonnegative=True)
    r, m, n = sympy.symbols("r m n", positive=True)
    pi, E = sympy.pi, sympy.E
    g = sympy.sin(u) - 2 * u / pi
    g0, g1, g2 = g.subs(u, 0), sympy.simplify(g.subs(u, pi / 2)), sympy.diff(g, u, 2)
    # step 2: max of s e^{-s}
    crit1 = sympy.solve(sympy.diff(s * sympy.exp(-s), s), s)
    max1 = sympy.simplify((s * sympy.exp(-s)).subs(s, crit1[0]))
    cert63 = (1 - 1 / n) * max1 / (4 * r ** 2)  # sup of e^{-2r^2} b^1
    printed63 = (1 - 1 / n) / (2 * pi * r ** 2)
    margin63 = sympy.simplify(cert63 / printed63)
    # step 3: max of v e^{-v^2}
    crit2 = sympy.solve(sympy.diff(v * sympy.exp(-v ** 2), v), v)
    max2 = sympy.simplify((v * sympy.exp(-v ** 2)).subs(v, crit2[0]))
    cert64 = max2 / (2 * r * n)
    corrected64 = 1 / (2 * n * sympy.sqrt(pi) * r)
    printed64 = 1 / (2 * n * sympy.sqrt(pi) * r ** 2)
    margin64 = sympy.simplify(cert64 / corrected64)
    printed64_factor = sympy.simplify(cert64 / printed64)
    # step 4: eps^2 e^{-4r^2}(1-e^{-4r^2})^-2 <= (1/(2m)) * 2 (b1 + b2) e^{-2r^2}
    W2 = (sympy.exp(2 * r ** 2) * (1 - sympy.exp(-4 * r ** 2))) ** 2
    bound_sq = W2 / (2 * m * r ** 2) * ((1 - 1 / n) / pi + r / (n * sympy.sqrt(pi)))
    chain = sympy.exp(2 * r ** 2) / (2 * m) * 2 * (printed63 + corrected64) * sympy.exp(2 * r ** 2) * (
        1 - sympy.exp(-4 * r ** 2)) ** 2
    chain_eq = sympy.simplify(chain - bound_sq)
    ok = (g0 == 0 and g1 == 0 and sympy.simplify(g2 + sympy.sin(u)) == 0 and crit1 == [1]
          and sympy.simplify(max1 - sympy.exp(-1)) == 0 and sympy.simplify(max2 - 1 / sympy.sqrt(2 * E)) == 0
          and sympy.simplify(margin63 - pi / (2 * E)) == 0 and bool(margin63 < 1)
          and sympy.simplify(margin64 - sympy.sqrt(pi / (2 * E))) == 0 and bool(margin64 < 1)
          and chain_eq == 0)
    steps = [
        ("Jordan: g(u) = sin u - 2u/pi at 0 and pi/2, and g''(u)", sympy.Tuple(g0, g1, g2)),
        ("max_s s e^{-s} (s = 4 r^2 theta^2/pi^2)", max1),
        ("sup e^{-2r^2} b^1_r / printed (63)", margin63),
        ("max_v v e^{-v^2} (v = 2 r theta/pi)", max2),
        ("sup e^{-2r^2} b^2_r / repaired (64)", margin64),
        ("sup e^{-2r^2} b^2_r / printed (64)", printed64_factor),
        ("certified bound on eps_S(r)^2", bound_sq),
    ]
    return {"steps": steps, "ok": bool(ok), "bound_sq": bound_sq, "margin63": margin63,
            "margin64": margin64, "printed64_factor": printed64_factor, "symbols": (r, m, n)}


@functools.lru_cache(maxsize=None)
def thm35_failure_asymptotics():
    """Why the printed (27) fails for every n: a lower bound of the error over (27) grows like r.

    At :math:`\\theta_0=1/(\\sqrt2 r)`, :math:`\\epsilon_{S(r)}^2\\ge\\frac{e^{2r^2}}{2m}a_r(\\theta_0)
    \\ge\\frac{e^{2r^2}}{2m}\\frac{\\theta_0}{n\\pi}e^{2r^2\\cos\\theta_0}(1-e^{-4r^2\\cos^2(\\theta_0/2)})^2`,
    and the square of its ratio to (27) divided by r tends to
    :math:`e^{-1/2}/(\\sqrt2\\pi nC(n))`, :math:`C(n)=\\frac1\\pi-\\frac1{n\\pi}+\\frac1{n\\sqrt\\pi}`.

    Returns
    -------
    dict
        ``limit`` (sympy expression in n), ``ratio_sq`` (the ratio squared as a function of r, n).

    Examples
    --------
    >>> d = thm35_failure_asymptotics()
    >>> bool(d["limit"].subs(d["n"], 1) > 0)
    True
    """
    r = sympy.Symbol("r", positive=True)
    n = sympy.Symbol("n", positive=True)
    th0 = 1 / (sympy.sqrt(2) * r)
    C = 1 / sympy.pi - 1 / (n * sympy.pi) + 1 / (n * sympy.sqrt(sympy.pi))
    lower = th0 / (n * sympy.pi) * sympy.exp(-2 * r ** 2 * (1 - sympy.cos(th0))) * (
        1 - sympy.exp(-4 * r ** 2 * sympy.cos(th0 / 2) ** 2)) ** 2
    printed_sq = (1 - sympy.exp(-4 * r ** 2)) ** 2 * C / r ** 2  # (27)^2 * 2m e^{-4r^2}
    ratio_sq = lower / printed_sq
    lim = sympy.simplify(sympy.limit(ratio_sq / r, r, sympy.oo))
    return {"limit": lim, "ratio_sq": ratio_sq, "r": r, "n": n}


@functools.lru_cache(maxsize=None)
def lem34_certificate():
    """Symbolic proof of Lemma 3.4's maximum: (25) is :math:`\\sqrt2\\sinh(2r^2\\sin^2(\\theta/2))/\\sqrt m`.

    :math:`e^{2r^2s}(1-e^{-4r^2s}) = 2\\sinh(2r^2s)`, increasing in :math:`s=\\sin^2(\\theta/2)`,
    itself increasing on :math:`[0,\\pi]`; so the maximum over the sphere is at :math:`\\theta=\\pi`:
    :math:`W(r)/\\sqrt{2m}` for every r > 0.

    Returns
    -------
    dict
        ``identity`` (difference, must be 0), ``derivative`` (d/ds of the sinh form, positive),
        ``at_pi`` (value at theta = pi minus W(r), must be 0), ``expr`` (the (25) expression in
        ``theta, r, m``), ``symbols``.

    Examples
    --------
    >>> lem34_certificate()["identity"]
    0
    """
    s, r, m = sympy.symbols("s r m", positive=True)
    th = sympy.Symbol("theta", nonnegative=True)
    lhs = sympy.exp(2 * r ** 2 * s) * (1 - sympy.exp(-4 * r ** 2 * s))
    ident = sympy.simplify((lhs - 2 * sympy.sinh(2 * r ** 2 * s)).rewrite(sympy.exp))
    der = sympy.diff(2 * sympy.sinh(2 * r ** 2 * s), s)
    W = sympy.exp(2 * r ** 2) * (1 - sympy.exp(-4 * r ** 2))
    at_pi = sympy.simplify(lhs.subs(s, sympy.sin(sympy.pi / 2) ** 2) - W)
    expr = lhs.subs(s, sympy.sin(th / 2) ** 2) / sympy.sqrt(2 * m)
    return {"identity": ident, "derivative": der, "at_pi": at_pi, "expr": expr, "symbols": (th, r, m)}


# ============================================================================================
# exact fourth moments of the sampled squared errors (issue 27, item 3): the variance of one replicate
# (K_hat - SM)^2 of a sampled MSE is E(K_hat - SM)^4 - MSE^2, a finite sum of Gaussian integrals
# ============================================================================================


def _binom(a, b):
    return mpmath.binomial(a, b)


def _geom(x, y):
    xv, yv = _mpv(x), _mpv(y)
    x2 = mpmath.fsum(a * a for a in xv)
    y2 = mpmath.fsum(b * b for b in yv)
    xy = mpmath.fsum(a * b for a, b in zip(xv, yv))
    return x2, y2, xy


def pair_term_moment(x, y, j, k, *, dps: int = 40):
    """:math:`\\mathbb E[p^j t^k]` for one projection :math:`\\omega\\sim\\mathcal N(0,I_d)` shared by the
    ++ term :math:`p=e^{-(\\|x\\|^2+\\|y\\|^2)/2}\\cosh(\\omega^\\top z)` and the trig term
    :math:`t=e^{(\\|x\\|^2+\\|y\\|^2)/2}\\cos(\\omega^\\top\\Delta)` (:math:`z=x+y`, :math:`\\Delta=x-y`).

    Notes
    -----
    Expanding :math:`\\cosh^j` and :math:`\\cos^k` into exponentials and using
    :math:`\\mathbb E e^{\\omega^\\top v}=e^{v^\\top v/2}` for complex :math:`v=\\alpha z+i\\beta\\Delta`:

    .. math:: \\mathbb E[\\cosh^j\\cos^k] = 2^{-j-k}\\sum_{a,b}\\binom ja\\binom kb
              e^{(\\alpha^2\\|z\\|^2-\\beta^2\\|\\Delta\\|^2)/2}\\cos(\\alpha\\beta\\,z^\\top\\Delta),
              \\quad \\alpha=j-2a,\\ \\beta=k-2b.

    Examples
    --------
    >>> from mpmath import nstr, exp
    >>> nstr(pair_term_moment([0.5, 0.1], [0.2, -0.4], 1, 0), 12) == nstr(exp(0.5 * 0.2 - 0.1 * 0.4), 12)
    True
    """
    with mp.workdps(dps + 10):
        x2, y2, xy = _geom(x, y)
        z2, D2, zD, r2 = x2 + y2 + 2 * xy, x2 + y2 - 2 * xy, x2 - y2, x2 + y2
        s = mpmath.mpf(0)
        for a in range(j + 1):
            for b in range(k + 1):
                al, be = j - 2 * a, k - 2 * b
                s += _binom(j, a) * _binom(k, b) * mp.exp((al * al * z2 - be * be * D2) / 2) * mp.cos(al * be * zD)
        return +(s / mpmath.mpf(2) ** (j + k) * mp.exp((k - j) * r2 / 2))


def pair_term_moment_quad(x, y, j, k, *, nodes: int = 160):
    """:func:`pair_term_moment` by two-dimensional Gauss-Hermite quadrature of the definition (the
    independent route; float64, about 12 digits).

    :math:`(\\omega^\\top z, \\omega^\\top\\Delta)` is centred Gaussian with covariance
    :math:`\\begin{pmatrix}\\|z\\|^2 & z^\\top\\Delta\\\\ z^\\top\\Delta & \\|\\Delta\\|^2\\end{pmatrix}`; write it as
    :math:`(\\|z\\|g,\\ c g + s h)` with independent standard normals and sum the product rule over
    :math:`(g, h)`.

    Examples
    --------
    >>> a = pair_term_moment_quad([0.5, 0.1], [0.2, -0.4], 2, 2)
    >>> b = float(pair_term_moment([0.5, 0.1], [0.2, -0.4], 2, 2))
    >>> abs(a - b) < 1e-12 * b
    True
    """
    import numpy as np
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    z, D = x + y, x - y
    nz = float(np.sqrt(z @ z))
    c = float(z @ D) / nz
    s = float(np.sqrt(max(D @ D - c * c, 0.0)))
    g, wg = np.polynomial.hermite_e.hermegauss(nodes)
    wg = wg / wg.sum()
    G, H = np.meshgrid(g, g, indexing="ij")
    Wt = np.outer(wg, wg)
    f = np.cosh(nz * G) ** j * np.cos(c * G + s * H) ** k
    return float(np.exp((k - j) * float(x @ x + y @ y) / 2) * np.sum(Wt * f))


def iid_mean_raw_moments(one, n):
    """Raw moments :math:`\\mathbb E\\bar X^q`, q = 0..4, of the mean of ``n`` i.i.d. copies of a variable
    with raw moments ``one`` = (1, E X, E X^2, E X^3, E X^4) (through cumulants: :math:`\\kappa_q(\\bar X)
    =\\kappa_q(X)/n^{q-1}`).

    Examples
    --------
    >>> [int(v) for v in iid_mean_raw_moments([1, 0, 1, 0, 3], 1)]
    [1, 0, 1, 0, 3]
    """
    m1, m2, m3, m4 = [mpmath.mpmathify(v) for v in one[1:5]]
    k1 = m1
    k2 = m2 - m1 ** 2
    k3 = m3 - 3 * m2 * m1 + 2 * m1 ** 3
    k4 = m4 - 4 * m3 * m1 - 3 * m2 ** 2 + 12 * m2 * m1 ** 2 - 6 * m1 ** 4
    n = mpmath.mpf(n)
    k2, k3, k4 = k2 / n, k3 / n ** 2, k4 / n ** 3
    return [mpmath.mpf(1), k1, k2 + k1 ** 2, k3 + 3 * k2 * k1 + k1 ** 3,
            k4 + 4 * k3 * k1 + 3 * k2 ** 2 + 6 * k2 * k1 ** 2 + k1 ** 4]


def affine_raw_moments(raw, a, b):
    """Raw moments (q = 0..4) of :math:`a + bX` from those of X."""
    a, b = mpmath.mpmathify(a), mpmath.mpmathify(b)
    return [mpmath.fsum(_binom(q, i) * a ** (q - i) * b ** i * raw[i] for i in range(q + 1)) for q in range(5)]


def lam_raw_fixed(v):
    """Raw moments of a constant coefficient (``0``: the trig estimator alone; ``1``: the ++ estimator)."""
    v = mpmath.mpmathify(v)
    return [v ** q for q in range(5)]


def lam_raw_angular(theta, n, *, dps: int = 40):
    """Raw moments (q = 0..4) of the angular coefficient (19), :math:`K/n` with :math:`K\\sim\\mathrm{Bin}(n,\\theta/\\pi)`."""
    with mp.workdps(dps + 10):
        t = mpmath.mpmathify(theta) / mp.pi
        pm = [_binom(n, K) * t ** K * (1 - t) ** (n - K) for K in range(n + 1)]
        return [mpmath.fsum(p * (mpmath.mpf(K) / n) ** q for K, p in enumerate(pm)) for q in range(5)]


def cos_raw_moments(s):
    """:math:`\\mathbb E\\cos^q(s g)`, q = 0..4, :math:`g\\sim\\mathcal N(0,1)`."""
    s = mpmath.mpmathify(s)
    return [mpmath.fsum(_binom(q, b) * mp.exp(-(q - 2 * b) ** 2 * s * s / 2) for b in range(q + 1)) / 2 ** q
            for q in range(5)]


def lam_raw_gaussian_trig(x, y, sigma, n, r=None, *, dps: int = 40):
    """Raw moments of the trig-estimated Gaussian coefficient (69), :math:`(1-\\bar C)/\\rho`,
    :math:`\\rho = 1-e^{-2\\sigma^2r^2}`, :math:`\\bar C` the mean of n i.i.d. :math:`\\cos(\\sigma\\tau^\\top(x-y))`."""
    with mp.workdps(dps + 10):
        x2, y2, xy = _geom(x, y)
        sig = mpmath.mpmathify(sigma)
        rr = mp.sqrt(x2) if r is None else mpmath.mpmathify(r)
        rho = -mp.expm1(-2 * sig ** 2 * rr ** 2)
        cbar = iid_mean_raw_moments(cos_raw_moments(sig * mp.sqrt(x2 + y2 - 2 * xy)), n)
        return affine_raw_moments(cbar, 1 / rho, -1 / rho)


def lam_raw_gaussian_pos(x, y, M, c, n, *, dps: int = 40):
    """Raw moments of the Gaussian coefficient (20) estimated with n antithetic positive features:
    :math:`e^{-(\\|x\\|^2+\\|My\\|^2)/(2c^2)}\\widehat{SM}^{++}_n(x/c, -My/c)`."""
    with mp.workdps(dps + 10):
        xv = _mpv(x)
        yv = _mpv(y)
        Mv = [_mpv(row) for row in M]
        cc = mpmath.mpmathify(c)
        my = [mpmath.fsum(a * b for a, b in zip(row, yv)) for row in Mv]
        u = [a / cc for a in xv]
        v = [-b / cc for b in my]
        pref = mp.exp(-(mpmath.fsum(a * a for a in xv) + mpmath.fsum(b * b for b in my)) / (2 * cc * cc))
        one = [pair_term_moment(u, v, q, 0, dps=dps) for q in range(5)]
        return affine_raw_moments(iid_mean_raw_moments(one, n), 0, pref)


def _pairings(slots):
    return [(slots[0], slots[1], slots[2], slots[3]), (slots[0], slots[2], slots[1], slots[3]),
            (slots[0], slots[3], slots[1], slots[2])]


def hybrid_error_moments(x, y, m, lam_raw, *, shared: bool = False, dps: int = 40):
    """Exact second and fourth moments of the error of a bipolar hybrid
    :math:`\\hat\\lambda\\widehat{SM}^{++}_m + (1-\\hat\\lambda)\\widehat{SM}^{trig}_m`, with the coefficient
    independent of the base estimators (raw moments ``lam_raw``, q = 0..4).

    Returns
    -------
    dict
        ``mse`` :math:`=\\mathbb E e^2`, ``m4`` :math:`=\\mathbb E e^4` (:math:`e=\\widehat{SM}-SM`) and
        ``var_sq`` :math:`=\\mathbb E e^4-(\\mathbb E e^2)^2`, the exact variance of one replicate
        :math:`e^2` of a sampled MSE.

    Notes
    -----
    With :math:`a=\\widehat{SM}^{++}_m-SM`, :math:`b=\\widehat{SM}^{trig}_m-SM`:
    :math:`\\mathbb E e^q=\\sum_j\\binom qj\\mathbb E[\\hat\\lambda^j(1-\\hat\\lambda)^{q-j}]\\,\\mathbb E[a^jb^{q-j}]`.
    The joint moments of the means of ``m`` i.i.d. pairs :math:`(p_i,t_i)` (the same :math:`\\omega_i` when
    ``shared``, independent otherwise) follow from one pair's (:func:`pair_term_moment`):
    :math:`\\mathbb E[\\bar a_1\\bar a_2\\bar a_3\\bar a_4]=m^{-3}\\mathbb E[\\tilde a_1\\tilde a_2\\tilde a_3\\tilde a_4]
    +(m-1)m^{-3}\\sum_{\\text{pairings}}\\mathbb E[\\tilde a\\tilde a]\\mathbb E[\\tilde a\\tilde a]`.
    The coefficient may be a constant (:func:`lam_raw_fixed`: 0 gives the trig estimator, 1 the ++ one).

    Examples
    --------
    >>> from mpmath import nstr
    >>> r = hybrid_error_moments([0.5, 0.1], [0.2, -0.4], 3, lam_raw_fixed(0))
    >>> nstr(r["mse"], 10)
    '0.02193317997'
    """
    with mp.workdps(dps + 20):
        x2, y2, xy = _geom(x, y)
        sm = mp.exp(xy)
        raw = {(j, k): pair_term_moment(x, y, j, k, dps=dps + 10) if (shared or j == 0 or k == 0) else None
               for j in range(5) for k in range(5 - j)}

        def cen(j, k):     # E[(p - SM)^j (t - SM)^k] for one pair (same omega if shared)
            if not shared and j and k:
                return cen(j, 0) * cen(0, k)
            return mpmath.fsum(_binom(j, a) * _binom(k, b) * (-sm) ** (j - a + k - b) * raw[(a, b)]
                               for a in range(j + 1) for b in range(k + 1))

        cov = {("a", "a"): cen(2, 0), ("b", "b"): cen(0, 2), ("a", "b"): cen(1, 1), ("b", "a"): cen(1, 1)}
        mm = mpmath.mpf(m)

        def mean_mom(j, k):   # E[abar^j bbar^k], j + k in {2, 4}
            if j + k == 2:
                return cen(j, k) / mm
            slots = ["a"] * j + ["b"] * k
            pr = mpmath.fsum(cov[(s0, s1)] * cov[(s2, s3)] for s0, s1, s2, s3 in _pairings(slots))
            return cen(j, k) / mm ** 3 + (mm - 1) / mm ** 3 * pr

        L = [mpmath.mpmathify(v) for v in lam_raw]

        def lam_mix(j, q):    # E[lam^j (1 - lam)^(q - j)]
            return mpmath.fsum(_binom(q - j, i) * (-1) ** i * L[j + i] for i in range(q - j + 1))

        mse = mpmath.fsum(_binom(2, j) * lam_mix(j, 2) * mean_mom(j, 2 - j) for j in range(3))
        m4 = mpmath.fsum(_binom(4, j) * lam_mix(j, 4) * mean_mom(j, 4 - j) for j in range(5))
        return {"mse": +mse, "m4": +m4, "var_sq": +(m4 - mse * mse)}
