"""A weight-independent geometrical coupling that is not rotation-invariant (SimRF Thm. 3.4 / Thm. 3.2).

SimRF Def. 1.1 calls a coupling *weight-independent geometrical* when the norms :math:`w_i=\\|w_i\\|`
are independent (here i.i.d. :math:`\\chi_d`) and the directions :math:`\\hat w_i` are independent of
the norms; it does **not** require the joint law of the directions to be invariant under a common
rotation. The proofs of Thm. 3.2 (App. A.1, Eq. (31): "their resultant :math:`w_{ij}` will also be
marginally isotropic") and Thm. 3.4 (App. A.2) use that invariance. This module builds, for
``d = m = 3``, a coupling without it (the "binned-cosine" coupling) which beats SimRFs at the pair
``(x, y)`` whose sum points along its axis :math:`e_3`, and its rotation average (the same coupling
followed by one Haar rotation), which is isotropic and obeys Thm. 3.2 and the corrected Thm. 3.4.

The binned-cosine coupling
--------------------------
Pick one of the ten rows :math:`(k_1,k_2,k_3)` of :data:`BINNED_ROWS` uniformly. Given it, the three
directions are independent; direction ``i`` has cosine :math:`a_i` with :math:`e_3` uniform in the bin
:math:`[-1+k_i/5, -1+(k_i+1)/5]` and a uniform azimuth. Norms are i.i.d. :math:`\\chi_3`, independent of
the directions. Every column of :data:`BINNED_ROWS` is a permutation of ``0..9``, so each
:math:`a_i` is uniform on :math:`[-1,1]`, hence (Archimedes, ``d = 3``) each :math:`\\hat w_i` is uniform
on the sphere and each :math:`w_i\\sim\\mathcal N(0,I_3)` exactly: the PRF estimator stays unbiased.

Exact evaluation
----------------
With :math:`\\psi(s)=E_{w\\sim\\chi_3}e^{sw}` and :math:`\\kappa_l=\\int_{-1}^1\\psi(vt)P_l(t)\\,dt`
(Legendre coefficients of the kernel :math:`t\\mapsto\\psi(vt)`), the Funk-Hecke theorem and the
addition theorem for Legendre polynomials give, for :math:`v=\\|x+y\\|` at angle :math:`\\theta` to
:math:`e_3`, the pair term of the binned coupling (rows independent given the row of bins)

.. math::
    E[b_ib_j] = \\mathrm{mean}_{\\rm rows,\\,i<j}\\,F_{k_i}(\\theta)F_{k_j}(\\theta),\\qquad
    F_k(\\theta)=\\sum_l\\frac{2l+1}{2}\\kappa_l\\beta_{k,l}P_l(\\cos\\theta),

with the bin averages :math:`\\beta_{k,l}=E_{a\\in{\\rm bin}\\,k}P_l(a)`, and for the rotation average

.. math::
    E[b_ib_j] = \\mathrm{mean}_{\\rm rows,\\,i<j}\\sum_l\\frac{2l+1}{4}\\kappa_l^2\\beta_{k_i,l}\\beta_{k_j,l},

which is also Def. 3.1's :math:`\\rho` (Eq. (10)) of the *binned* coupling, because the law of
:math:`\\|w_i+w_j\\|` does not change under a common rotation. An isotropic pair at cosine ``c`` has
:math:`g(c)=\\sum_l\\frac{2l+1}{4}\\kappa_l^2P_l(c)` (:func:`isotropic_pair_term`). MSEs follow from
Eq. (30), which holds for every coupling with :math:`\\mathcal N(0,I_d)` marginals.

References
----------
Reid et al., *Simplex Random Features*, ICML 2023, Def. 1.1, Def. 3.1, Thm. 3.2 (Eqs. (10), (11),
(30), (31)), Thm. 3.4 (App. A.2).
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from mpmath import mp

from .. import couplings as _couplings
from ..montecarlo import mean_of
from ..precision import DEFAULT_DPS, require_int, require_real, to_mp, to_vector, verified

__all__ = ["BINNED_ROWS", "N_BINS", "X_CE", "Y_CE", "V_MAX", "binned_sample", "binned_rotated_sample",
           "isotropic_pair_term", "binned_pair_term", "binned_rotated_pair_term", "binned_conformity_def31",
           "binned_mse", "binned_rotated_mse", "binned_pair_mc", "binned_mse_mc", "binned_def31_mc"]

#: Bin indices (k_1, k_2, k_3) of the ten equally likely rows; every column is a permutation of 0..9.
BINNED_ROWS = ((0, 9, 1), (1, 0, 9), (2, 8, 4), (3, 2, 8), (4, 5, 7), (5, 6, 6), (6, 7, 3), (7, 4, 5),
               (8, 3, 2), (9, 1, 0))
#: Number of cosine bins of width 1/5 on [-1, 1].
N_BINS = 10
#: The counterexample's data points: :math:`x + y = e_3` (:math:`v = 1`), :math:`\|x\|^2 = \|y\|^2 = 0.38`.
X_CE = ("0.3", "0.2", "0.5")
Y_CE = ("-0.3", "-0.2", "0.5")
#: Largest :math:`v = \|x + y\|` accepted by the exact evaluations (the Legendre series needs about :math:`e v^2` terms).
V_MAX = 5

_D = 3
_PAIRS = ((0, 1), (0, 2), (1, 2))
_CHUNK = 100_000  # blocks per batch of the Monte Carlo functions


# ----------------------------------------------------------------------------- sampling


def _rng(rng):
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got rng={rng!r}")
    return rng


def binned_sample(n, rng):
    """Draw ``n`` blocks ``W`` (rows :math:`w_1, w_2, w_3`) of the binned-cosine coupling, shape ``(n, 3, 3)``.

    Parameters
    ----------
    n : int
        Number of independent blocks, ``n >= 1``.
    rng : numpy.random.Generator

    Returns
    -------
    ndarray, shape ``(n, 3, 3)``; ``W[s, i]`` is the random vector :math:`w_i` of block ``s``.

    Notes
    -----
    Row of bins uniform among :data:`BINNED_ROWS`; :math:`a_i = e_3^\\top\\hat w_i` uniform in bin
    :math:`k_i`; azimuths uniform; norms i.i.d. :math:`\\chi_3` (:func:`rfsym.couplings.chi_norms`),
    independent of the directions (weight-independent in the sense of SimRF Def. 1.1).

    Examples
    --------
    >>> W = binned_sample(4, np.random.default_rng(0))
    >>> W.shape
    (4, 3, 3)
    """
    n = require_int(n, "n", minimum=1)
    _rng(rng)
    rows = np.asarray(BINNED_ROWS)[rng.integers(0, N_BINS, size=n)]          # (n, 3) bin indices
    a = -1.0 + (rows + rng.random((n, _D))) * (2.0 / N_BINS)                  # cosines with e_3
    phi = 2.0 * np.pi * rng.random((n, _D))
    s = np.sqrt(np.clip(1.0 - a * a, 0.0, None))
    U = np.stack([s * np.cos(phi), s * np.sin(phi), a], axis=-1)              # unit directions
    return _couplings.chi_norms(_D, (n, _D), rng)[:, :, None] * U


def binned_rotated_sample(n, rng):
    """Draw ``n`` blocks of the rotation-averaged binned coupling: :math:`w_i \\mapsto Q w_i` with one Haar ``Q`` per block.

    Returns
    -------
    ndarray, shape ``(n, 3, 3)``

    Notes
    -----
    ``Q`` from :func:`rfsym.couplings.haar_orthogonal` (sign-corrected QR). The joint law is then
    invariant under a common rotation, the hypothesis that App. A.1 (Eq. (31)) uses.

    Examples
    --------
    >>> W = binned_rotated_sample(2, np.random.default_rng(0))
    >>> W.shape
    (2, 3, 3)
    """
    W = binned_sample(n, rng)
    Q = _couplings.haar_orthogonal(_D, W.shape[0], rng)
    return np.einsum("nij,nkj->nki", Q, W)


# ----------------------------------------------------------------------------- exact evaluation


def _v_checked(v):
    return require_real(v, "v", lower=0, lower_open=False, upper=V_MAX, upper_open=False)


def _kappa(l, v, eps):
    """kappa_l = int_{-1}^1 psi(v t) P_l(t) dt = 2 E_{w ~ chi_3} i_l(v w), by its positive series."""
    if v == 0:
        return mpmath.mpf(2) if l == 0 else mpmath.mpf(0)
    # term k: 2 v^(l+2k) mu_(l+2k) / (2^k k! (2l+2k+1)!!), mu_n = E w^n = 2^(n/2) Gamma((n+3)/2) / Gamma(3/2)
    mu = mpmath.power(2, mpmath.mpf(l) / 2) * mpmath.gamma(mpmath.mpf(l + 3) / 2) / mpmath.gamma(mpmath.mpf(3) / 2)
    t = 2 * v ** l * mu / mpmath.fac2(2 * l + 1)
    total, k = mpmath.mpf(0), 0
    while True:
        total += t
        n = l + 2 * k
        r = v * v * (n + 3) / (2 * (k + 1) * (2 * l + 2 * k + 3))
        t *= r
        k += 1
        if r < 0.5 and t < eps * total:  # the ratios decrease in k, so the tail is below t r/(1-r) < t
            return total


def _kappas(v):
    """kappa_0, kappa_1, ... truncated where the explicit bound of the remaining terms is below eps.

    Bound: i_l(z) <= z^l/(2l+1)!! e^{z^2/(2(2l+3))}, so with alpha = v^2/(2(2l+3)) < 1/2
    |kappa_l| <= 2 v^l mu_l (1 - 2 alpha)^(-(l+3)/2) / (2l+1)!!, which decays faster than geometrically
    for l > v^2; the truncation also grows with the working precision, so rfsym.precision.verified
    (recomputation at twice the digits) sees a truncation error."""
    eps = mpmath.mpf(10) ** (-mp.dps - 5)
    out, l = [], 0
    while True:
        kl = _kappa(l, v, eps)
        out.append(kl)
        if l >= 2 and v * v < l:
            alpha = v * v / (2 * (2 * l + 3))
            mu = mpmath.power(2, mpmath.mpf(l) / 2) * mpmath.gamma(mpmath.mpf(l + 3) / 2) / mpmath.gamma(mpmath.mpf(3) / 2)
            bound = 2 * v ** l * mu * (1 - 2 * alpha) ** (-(mpmath.mpf(l) + 3) / 2) / mpmath.fac2(2 * l + 1)
            scale = max(out[0], 1)
            if (2 * l + 3) * bound * max(bound, 1) < eps * scale and l > v * v + 4:
                return out
        l += 1


def _beta(k, l):
    """Bin average E_{a in bin k} P_l(a), exact from int P_l = (P_{l+1} - P_{l-1})/(2l+1)."""
    lo = mpmath.mpf(k) / 5 - 1
    hi = mpmath.mpf(k + 1) / 5 - 1
    if l == 0:
        return mpmath.mpf(1)
    F = lambda a: (mpmath.legendre(l + 1, a) - mpmath.legendre(l - 1, a)) / (2 * l + 1)
    return (F(hi) - F(lo)) / (hi - lo)


def _direction(x, y):
    xs, ys = to_vector(x, "x", length=_D), to_vector(y, "y", length=_D)
    s = [a + b for a, b in zip(xs, ys)]
    v = mpmath.sqrt(mpmath.fsum(t * t for t in s))
    cos = s[2] / v if v != 0 else mpmath.mpf(1)
    n2 = mpmath.fsum(t * t for t in xs) + mpmath.fsum(t * t for t in ys)
    return v, cos, n2


def _pair_binned(v, cos):
    kap = _kappas(v)
    P = [mpmath.legendre(l, cos) for l in range(len(kap))]
    F = [mpmath.fsum((2 * l + 1) * kap[l] * _beta(k, l) * P[l] for l in range(len(kap))) / 2 for k in range(N_BINS)]
    return mpmath.fsum(F[r[i]] * F[r[j]] for r in BINNED_ROWS for i, j in _PAIRS) / (len(BINNED_ROWS) * len(_PAIRS))


def _pair_rotated(v):
    kap = _kappas(v)
    B = [[_beta(k, l) for l in range(len(kap))] for k in range(N_BINS)]
    return mpmath.fsum((2 * l + 1) * kap[l] ** 2 * B[r[i]][l] * B[r[j]][l]
                       for r in BINNED_ROWS for i, j in _PAIRS for l in range(len(kap))) / (4 * len(BINNED_ROWS) * len(_PAIRS))


def _mse(n2, v, pair):
    """Eq. (30) with m = 3: e^{-2|x|^2-2|y|^2}/m ((e^{2v^2} - e^{v^2}) + (m-1)(pair - e^{v^2}))."""
    m = _D
    ev = mpmath.exp(v * v)
    return mpmath.exp(-2 * n2) / m * (ev * mpmath.expm1(v * v) + (m - 1) * (pair - ev))


def isotropic_pair_term(c, v, *, dps=DEFAULT_DPS):
    """Pair term :math:`g(c)=E[b_ib_j]` of a rotation-invariant pair at fixed cosine ``c``, ``d = 3``.

    Parameters
    ----------
    c : exact real in ``[-1, 1]``
        Cosine between the two directions.
    v : exact real, ``0 <= v <= 5``
        :math:`v=\\|x+y\\|`.
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    .. math:: g(c)=\\sum_{l\\ge0}\\frac{2l+1}{4}\\kappa_l^2P_l(c),\\qquad
              \\kappa_l=2E_{w\\sim\\chi_3}\\,i_l(vw)

    (Funk-Hecke), the same quantity as SimRF Eq. (33) at :math:`w_{ij}^2=w_i^2+w_j^2+2w_iw_jc`;
    ``c = -1/2`` is the SimRF pair conformity (Eq. (24)), ``c = 0`` the ORF one (Eq. (23)).

    Examples
    --------
    >>> mpmath.nstr(isotropic_pair_term("-0.5", 1, dps=15), 15)
    '1.73271070381333'
    """
    require_real(c, "c", lower=-1, upper=1, lower_open=False)
    _v_checked(v)

    def compute():
        vv, cc = to_mp(v, "v"), to_mp(c, "c")
        kap = _kappas(vv)
        return mpmath.fsum((2 * l + 1) * kap[l] ** 2 * mpmath.legendre(l, cc) for l in range(len(kap))) / 4

    return verified(compute, dps, what="isotropic_pair_term")


def binned_pair_term(x, y, *, dps=DEFAULT_DPS):
    """Exact mean pair term :math:`\\frac{1}{m(m-1)}\\sum_{i\\ne j}E[b_ib_j]` of the binned-cosine coupling.

    Parameters
    ----------
    x, y : length-3 sequences of exact reals, :math:`\\|x+y\\|\\le 5`
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    :math:`b_i=e^{w_i^\\top(x+y)}` (Eq. (29)); evaluated by the Legendre expansion of the module
    docstring at the angle between :math:`x+y` and the coupling's axis :math:`e_3`. This is the
    quantity in Eq. (30); it is *not* Def. 3.1's :math:`\\rho` (:func:`binned_conformity_def31`).

    Examples
    --------
    >>> mpmath.nstr(binned_pair_term(X_CE, Y_CE, dps=15), 15)
    '1.61990447563681'
    """
    v0, _, _ = _direction(x, y)
    _v_checked(v0)

    def compute():
        v, cos, _ = _direction(x, y)
        return _pair_binned(v, cos)

    return verified(compute, dps, what="binned_pair_term")


def binned_rotated_pair_term(v, *, dps=DEFAULT_DPS):
    """Exact mean pair term of the rotation-averaged binned coupling at :math:`v=\\|x+y\\|` (any direction).

    Examples
    --------
    >>> mpmath.nstr(binned_rotated_pair_term(1, dps=15), 15)
    '2.54072113848424'
    """
    _v_checked(v)
    return verified(lambda: _pair_rotated(to_mp(v, "v")), dps, what="binned_rotated_pair_term")


def binned_conformity_def31(v, *, dps=DEFAULT_DPS):
    """Def. 3.1's RF-conformity :math:`\\rho` (Eq. (10)) of the binned coupling, from the law of :math:`w_{ij}=\\|w_i+w_j\\|`.

    Notes
    -----
    For ``d = 3``, Eq. (10) is :math:`\\mathrm{mean}_{i\\ne j}E[\\sinh(vw_{ij})/(vw_{ij})]`. The law of
    :math:`w_{ij}` is unchanged by a common rotation, so this equals
    :func:`binned_rotated_pair_term`; for the binned coupling itself it differs from the true pair
    term :func:`binned_pair_term`, so Eq. (11) with this :math:`\\rho` is not its MSE.

    Examples
    --------
    >>> mpmath.nstr(binned_conformity_def31(1, dps=15), 15)
    '2.54072113848424'
    """
    return binned_rotated_pair_term(v, dps=dps)


def binned_mse(x, y, *, dps=DEFAULT_DPS):
    """Exact PRF MSE (Eq. (30), ``m = 3``) of the binned-cosine coupling at ``(x, y)``.

    Examples
    --------
    >>> mpmath.nstr(binned_mse(X_CE, Y_CE, dps=15), 15)
    '0.180365829126681'
    """
    v0, _, _ = _direction(x, y)
    _v_checked(v0)

    def compute():
        v, cos, n2 = _direction(x, y)
        return _mse(n2, v, _pair_binned(v, cos))

    return verified(compute, dps, what="binned_mse")


def binned_rotated_mse(x, y, *, dps=DEFAULT_DPS):
    """Exact PRF MSE (Eq. (30) = Eq. (11), ``m = 3``) of the rotation-averaged binned coupling.

    Examples
    --------
    >>> mpmath.nstr(binned_rotated_mse(X_CE, Y_CE, dps=15), 15)
    '0.314628195705616'
    """
    v0, _, _ = _direction(x, y)
    _v_checked(v0)

    def compute():
        v, _, n2 = _direction(x, y)
        return _mse(n2, v, _pair_rotated(v))

    return verified(compute, dps, what="binned_rotated_mse")


# ----------------------------------------------------------------------------- Monte Carlo


def _draw(rotated, k, rng):
    return binned_rotated_sample(k, rng) if rotated else binned_sample(k, rng)


def binned_pair_mc(x, y, n, rng, *, rotated=False, samples=False):
    """Sampled mean pair term :math:`\\mathrm{mean}_{i<j}\\,b_ib_j` over ``n`` blocks (``rotated`` selects the rotation average).

    Examples
    --------
    >>> r = binned_pair_mc([0.3, 0.2, 0.5], [-0.3, -0.2, 0.5], 20000, np.random.default_rng(1))
    >>> abs(r.z(1.6199044756368146)) < 5
    True
    """
    n = require_int(n, "n", minimum=2)
    v = np.asarray(x, dtype=float) + np.asarray(y, dtype=float)
    _rng(rng)
    vals = np.empty(n)
    for s in range(0, n, _CHUNK):
        b = np.exp(_draw(rotated, min(_CHUNK, n - s), rng) @ v)
        vals[s:s + b.shape[0]] = (b[:, 0] * b[:, 1] + b[:, 0] * b[:, 2] + b[:, 1] * b[:, 2]) / 3
    return vals if samples else mean_of(vals)


def binned_mse_mc(x, y, n, rng, *, rotated=False, samples=False):
    """Sampled squared error of the PRF estimator (Eq. (7), ``m = 3``) under the (rotated) binned coupling.

    Examples
    --------
    >>> r = binned_mse_mc([0.3, 0.2, 0.5], [-0.3, -0.2, 0.5], 20000, np.random.default_rng(2))
    >>> abs(r.z(0.18036582912668061)) < 5
    True
    """
    n = require_int(n, "n", minimum=2)
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    K = math.exp(-float(np.sum((x - y) ** 2)) / 2)
    pre = math.exp(-float(x @ x) - float(y @ y))
    _rng(rng)
    vals = np.empty(n)
    for s in range(0, n, _CHUNK):
        est = pre * np.mean(np.exp(_draw(rotated, min(_CHUNK, n - s), rng) @ (x + y)), axis=1)
        vals[s:s + est.shape[0]] = (est - K) ** 2
    return vals if samples else mean_of(vals)


def binned_def31_mc(v, n, rng, *, samples=False):
    """Sampled Def. 3.1 :math:`\\rho` of the binned coupling: mean over pairs of :math:`\\sinh(vw_{ij})/(vw_{ij})` (``d = 3``).

    Examples
    --------
    >>> r = binned_def31_mc(1.0, 20000, np.random.default_rng(3))
    >>> abs(r.z(2.5407211384842447)) < 5
    True
    """
    n = require_int(n, "n", minimum=2)
    v = float(v)
    W = binned_sample(n, _rng(rng))
    vals = np.zeros(n)
    for i, j in _PAIRS:
        z = v * np.linalg.norm(W[:, i] + W[:, j], axis=1)
        vals += np.where(z > 1e-8, np.sinh(z) / np.where(z > 1e-8, z, 1.0), 1.0)
    return vals / 3 if samples else mean_of(vals / 3)
