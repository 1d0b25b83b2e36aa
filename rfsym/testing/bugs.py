"""Broken implementations, their exact effects, and how often :mod:`rfsym.testing` catches them.

Issue 27 listed bugs that the earlier assertions missed or caught by chance. Each is written here as a
user would write it (vectorised NumPy), with the **exact** size of its effect at a pair, so that the
detection rate over many seeds can be compared with the power each message prints:

* ``"shared-chi-norm"`` -- FAVOR+ (orthogonal rows) drawing one :math:`\\chi_d` norm per block instead
  of one per row. Every row is still exactly :math:`\\mathcal N(0, I_d)` (direction uniform, norm
  :math:`\\chi_d`), so the estimate is **unbiased**; only the MSE changes. With one block (``m = d``)
  :math:`w_i + w_j = \\rho(q_i+q_j)` has a uniform direction and norm :math:`\\sqrt2\\rho`, and
  :math:`E\\,{}_0F_1(;\\tfrac d2;\\rho^2 a) = e^{2a}` for :math:`\\rho^2\\sim\\chi^2_d` gives
  :math:`E[Z_iZ_j] = E[Z_i]E[Z_j]`: the pairs are uncorrelated, so the MSE is exactly the **i.i.d.**
  one (:func:`effect`). The MSE test is the one that can see it.
* ``"clipped-exponent"`` -- FAVOR+ features :math:`e^{\\min(w^\\top x-\\|x\\|^2, 0)}/\\sqrt m`, an
  overflow guard that clips the exponent: biased low. Its mean is a one-dimensional integral: with
  :math:`(u, v) = (w^\\top x, w^\\top y)` bivariate normal, :math:`E[\\min(e^{v-b},1)\\mid u]` is
  closed-form (a normal CDF), and the outer integral over :math:`u` is done by ``mpmath.quad`` split
  at the kink.
* ``"sigma-for-sigma-squared"`` -- random Fourier features for bandwidth :math:`\\sigma = 2` that
  divide the projections by :math:`\\sigma^2`: mean :math:`e^{-\\|x-y\\|^2/2\\sigma^4}` instead of
  :math:`e^{-\\|x-y\\|^2/2\\sigma^2}` (exact).

The Haar-sampler bugs (``"norms-all-sqrt-d"``, ``"qr-without-sign-fix"``) are tested by
:func:`rfsym.testing.haar_test`, which prints no power; their detection rate is measured only.

:func:`detection` runs the public tests over seeds and reports the detections next to the printed
power: where the bug's exact effect is at least the size the message says it detects with power 80 %
(95 %), at least 80 % (95 %) of the seeds must detect it, within sampling error.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import mpmath
import numpy as np

from .. import couplings as _couplings
from .. import estimators as _est
from .core import DEFAULT_ALPHA, mse_test, unbiased_test
from .haar import haar_test

__all__ = ["BUGS", "HAAR_BUGS", "Bug", "make", "effect", "setting", "detection", "haar_detection"]


@dataclass(frozen=True)
class Bug:
    """A broken implementation of a mechanism.

    Attributes
    ----------
    name : str
    mechanism : str
        The mechanism it claims to implement (its exact law decides the tests).
    test : {"unbiased", "mse"}
        The test that can see the bug (the other is unaffected or blind).
    bandwidth : float
        The kernel bandwidth the code claims (tested through ``bandwidth=``).
    what : str
        One line for tables.
    """

    name: str
    mechanism: str
    test: str
    bandwidth: float
    what: str


BUGS = {
    "shared-chi-norm": Bug("shared-chi-norm", "FAVOR+", "mse", 1.0,
                           "FAVOR+ with one chi_d norm per block (unbiased; MSE of i.i.d. rows)"),
    "clipped-exponent": Bug("clipped-exponent", "FAVOR+", "unbiased", 1.0,
                            "FAVOR+ with the exponent clipped at 0 (overflow guard; biased low)"),
    "sigma-for-sigma-squared": Bug("sigma-for-sigma-squared", "RFF", "unbiased", 2.0,
                                   "RFF for sigma = 2 dividing the projections by sigma^2"),
}
#: Haar-sampler bugs: ``sampler(d, rng)`` returning one ``(d, d)`` block.
HAAR_BUGS = ("norms-all-sqrt-d", "qr-without-sign-fix")


def setting(d: int, r: float, bandwidth: float = 1.0, angle: float = math.pi / 3):
    """The pair of the calibration: ``|x| = |y| = r`` (after dividing by the bandwidth), ``angle`` apart.

    Examples
    --------
    >>> x, y = setting(4, 1.5, 2.0)
    >>> float(np.linalg.norm(x)), round(float(x @ y / (np.linalg.norm(x) * np.linalg.norm(y))), 12)
    (3.0, 0.5)
    """
    x, y = np.zeros(d), np.zeros(d)
    x[0] = r * bandwidth
    y[0], y[1] = r * bandwidth * math.cos(angle), r * bandwidth * math.sin(angle)
    return x, y


def _orthogonal_blocks(d, k, rng, shared_norm):
    W = _couplings.sample("orthogonal", d, k * d, rng).reshape(k, d, d)
    if shared_norm:
        W = W / np.linalg.norm(W, axis=2, keepdims=True) * np.sqrt(rng.chisquare(d, size=(k, 1, 1)))
    return W


def make(name: str, d: int):
    """The broken implementation ``f(x, y, rng, k)`` (vectorised: ``k`` estimates, ``m = d``).

    Examples
    --------
    >>> f = make("sigma-for-sigma-squared", 3)
    >>> f(np.zeros(3), np.zeros(3), np.random.default_rng(0), 5).shape
    (5,)
    """
    if name not in BUGS:
        raise ValueError(f"unknown bug {name!r}; known: {', '.join(BUGS)}")
    bw = BUGS[name].bandwidth

    if name == "sigma-for-sigma-squared":
        def f(x, y, rng, k):
            W = rng.standard_normal((k, d, d)) / bw ** 2             # the bug: sigma^2 where sigma belongs
            return np.cos(W @ (x - y)).mean(axis=1)
        return f

    clip = name == "clipped-exponent"
    shared = name == "shared-chi-norm"

    def f(x, y, rng, k):
        W = _orthogonal_blocks(d, k, rng, shared)
        a, b = W @ x - x @ x, W @ y - y @ y
        if clip:
            a, b = np.minimum(a, 0.0), np.minimum(b, 0.0)
        return np.exp(a + b).mean(axis=1)
    return f


def _clipped_mean(x, y, dps=30):
    """:math:`E[\\min(e^{u-a},1)\\min(e^{v-b},1)]`, :math:`(u,v)=(w^\\top x, w^\\top y)`, :math:`a=\\|x\\|^2`, :math:`b=\\|y\\|^2`."""
    with mpmath.workdps(dps):
        sx2, sy2, sxy = (mpmath.mpf(float(v)) for v in (x @ x, y @ y, x @ y))
        a, b = sx2, sy2
        tau2 = sy2 - sxy ** 2 / sx2                    # Var(v | u)
        tau = mpmath.sqrt(tau2)

        def inner(u):                                  # E[min(e^{v - b}, 1) | u], V ~ N(mu, tau^2)
            mu = sxy / sx2 * u
            if tau2 == 0:
                return min(mpmath.exp(mu - b), 1)
            return (mpmath.ncdf((mu - b) / tau)
                    + mpmath.exp(mu - b + tau2 / 2) * mpmath.ncdf((b - mu - tau2) / tau))

        sd = mpmath.sqrt(sx2)

        def g(u):
            return mpmath.npdf(u, 0, sd) * min(mpmath.exp(u - a), 1) * inner(u)
        return mpmath.quad(g, [-mpmath.inf, -10 * sd, a, 10 * sd + a, mpmath.inf])


def effect(name: str, d: int, r: float):
    """The exact effect of a bug at the calibration pair: ``(b, exact, buggy)``.

    ``b`` is the relative error the test sees: of the mean for the unbiasedness test
    (``buggy mean / kernel - 1``), of the MSE for the MSE test (``buggy MSE / exact MSE - 1``).

    Examples
    --------
    >>> b, exact, buggy = effect("sigma-for-sigma-squared", 4, 1.0)
    >>> round(b, 12) == round(math.exp(1.0 / 2 - 1.0 / 8) - 1, 12)    # |x - y| = 2 at bandwidth 2
    True
    >>> b, _, _ = effect("shared-chi-norm", 4, 0.5)
    >>> b > 0                           # the i.i.d. MSE exceeds the orthogonal one
    True
    """
    bug = BUGS[name]
    x, y = setting(d, r, bug.bandwidth)
    xs, ys = x / bug.bandwidth, y / bug.bandwidth
    if name == "sigma-for-sigma-squared":
        s2 = float((x - y) @ (x - y))
        exact = math.exp(-s2 / (2 * bug.bandwidth ** 2))
        buggy = math.exp(-s2 / (2 * bug.bandwidth ** 4))
        return buggy / exact - 1, exact, buggy
    est = _est.get(bug.mechanism)
    if name == "shared-chi-norm":
        exact = float(est.mse(xs, ys, d, "orthogonal"))
        buggy = float(est.mse(xs, ys, d, "iid"))
        return buggy / exact - 1, exact, buggy
    exact = float(est.mean(xs, ys))
    buggy = float(_clipped_mean(xs, ys))
    return buggy / exact - 1, exact, buggy


def detection(name: str, d: int, r: float, n: int, seeds, *, alpha: float = DEFAULT_ALPHA) -> dict:
    """Run the public test that can see bug ``name`` over ``seeds``; count the detections.

    Returns
    -------
    dict
        ``bug``, ``test``, ``d``, ``r``, ``n``, ``seeds``, ``detected``, the exact effect ``b``, the printed
        sizes ``detect80``/``detect95`` (shift) and ``scale80``/``scale95`` (scaling) of the test, and
        ``claims80``/``claims95``: whether the printed shift size says the effect is detected with that
        power (``b`` at or beyond it on its side).

    Examples
    --------
    >>> r = detection("sigma-for-sigma-squared", 4, 1.5, 2000, range(3))
    >>> r["detected"], r["claims80"]
    (3, True)
    """
    bug = BUGS[name]
    f = make(name, d)
    x, y = setting(d, r, bug.bandwidth)
    b = effect(name, d, r)[0]
    test = unbiased_test if bug.test == "unbiased" else mse_test
    det, first = 0, None
    for s in seeds:
        res = test(f, x, y, mechanism=bug.mechanism, bandwidth=bug.bandwidth, n=n, m=d, seed=s, alpha=alpha,
                   vectorized=True)
        if not res.guaranteed:
            raise AssertionError(f"{name}: the test of {bug.mechanism} is not on the guaranteed path")
        det += not res.passed
        first = first or res

    def claims(pair):
        lo, hi = pair
        return bool((b < 0 and math.isfinite(lo) and b <= lo) or (b > 0 and math.isfinite(hi) and b >= hi))
    return {"bug": name, "test": bug.test, "mechanism": bug.mechanism, "d": d, "r": r, "n": n, "seeds": len(seeds),
            "detected": det, "b": b, "detect80": list(first.detect80), "detect95": list(first.detect95),
            "scale80": list(first.scale80), "scale95": list(first.scale95),
            "claims80": claims(first.detect80), "claims95": claims(first.detect95)}


def _haar_sampler(name):
    if name == "norms-all-sqrt-d":            # Haar directions, every norm sqrt(d): E|w|^2 = d holds, chi_d does not
        def sampler(d, rng):
            q, r = np.linalg.qr(rng.standard_normal((d, d)))
            return math.sqrt(d) * (q * np.sign(np.diag(r))[None, :]).T
        return sampler
    if name == "qr-without-sign-fix":         # LAPACK's Q as it comes (rfsym.couplings.plain_qr_orthogonal)
        return _couplings.plain_qr_orthogonal
    raise ValueError(f"unknown Haar bug {name!r}; known: {', '.join(HAAR_BUGS)}")


def haar_detection(name: str, d: int, n_blocks: int, seeds, *, alpha: float = DEFAULT_ALPHA) -> dict:
    """Detections of a broken Haar sampler by :func:`rfsym.testing.haar_test` over ``seeds``.

    Examples
    --------
    >>> haar_detection("norms-all-sqrt-d", 8, 1000, range(2))["detected"]
    2
    """
    sampler = _haar_sampler(name)
    det = sum(not haar_test(sampler, d, n_blocks=n_blocks, seed=s, alpha=alpha).passed for s in seeds)
    return {"bug": name, "test": "haar", "d": d, "n_blocks": n_blocks, "seeds": len(seeds), "detected": det}
