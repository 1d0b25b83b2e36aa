"""Moments of a DERF product computed without Eq. (9): sampled (:func:`mc_moments`, with the
library's sampler :func:`rfsym.couplings.sample`), per order k in float64 (:func:`derf_log_moment_np`)
and by one-dimensional quadrature after diagonalising A (:func:`derf_moments_by_quadrature`).
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from mpmath import mp

from ..couplings import sample
from ._helpers import _single_thread
from .features import derf_log_features_np


def derf_log_moment_np(params, x, y, k):
    """log E[(f1(w,x) f2(w,y))^k] for a dense DERF (k = 1, 2, 4 ...), finite iff 4kA < I.

    E[(f1 f2)^k] = D^{2k} det(I - 4kA)^{-1/2} exp(k x^T C1 x + k y^T C2 y + k^2/2 s^T (I-4kA)^{-1} s),
    s = B1 x + B2 y.

    Examples
    --------
    >>> from rfsym.derf import as_derf_params_np
    >>> p = as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=1)   # PosRF
    >>> x, y = np.array([1.0]), np.array([0.5])
    >>> [round(float(derf_log_moment_np(p, x, y, k)), 6) for k in (1, 2)]    # x y, 2(x+y)^2 - x^2 - y^2
    [0.5, 3.25]
    """
    A, B1, B2, C1, C2 = (np.asarray(params[n], float) for n in ("A", "B1", "B2", "C1", "C2"))
    d = A.shape[0]
    P = np.eye(d) - 4 * k * A
    if np.linalg.eigvalsh(P).min() <= 0:
        return math.inf
    s = B1 @ x + B2 @ y
    return (2 * k * math.log(abs(params["D"])) - 0.5 * np.linalg.slogdet(P)[1] + k * x @ C1 @ x + k * y @ C2 @ y
            + k * k / 2 * s @ np.linalg.solve(P, s))


def product_moments(params, x, y, scale=1.0):
    """Exact ``(mean, variance, mu4)`` of one product ``f1(w,x) f2(w,y) / scale`` of a DERF (issue 27).

    From the Gaussian integrals :math:`E (f_1f_2)^k`, k = 1..4 (:func:`derf_log_moment_np`), combined into
    central moments at 50 digits (the raw moments cancel). ``mu4 - variance**2`` is the exact variance of one
    squared error :math:`(f_1f_2/\\mathrm{scale} - \\mathrm{mean})^2`, which decides a sampled variance.

    Examples
    --------
    >>> from rfsym.derf import as_derf_params_np
    >>> p = as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=1)   # PosRF
    >>> m, v, mu4 = product_moments(p, np.array([1.0]), np.array([0.5]))
    >>> round(m, 12) == round(math.exp(0.5), 12), round(v, 10) == round(math.exp(3.25) - math.exp(1.0), 10)
    (True, True)
    """
    with mpmath.workdps(50):
        m = [mpmath.exp(mpmath.mpf(float(derf_log_moment_np(params, x, y, k))) - k * mpmath.log(scale))
             for k in (1, 2, 3, 4)]
        k1 = m[0]
        var = m[1] - k1 ** 2
        mu4 = m[3] - 4 * k1 * m[2] + 6 * k1 ** 2 * m[1] - 3 * k1 ** 4
        return float(k1), float(var), float(mu4)


@_single_thread
def mc_moments(params, x, y, n, rng, *, coupling="iid"):
    """Sample f1(w,x) f2(w,y) with w from :func:`rfsym.couplings.sample` and return the products.

    Returns
    -------
    ndarray of n products (independent replicates for ``coupling="iid"``), ``x`` on the ``B1, C1``
    side and ``y`` on the ``B2, C2`` side; their mean estimates :math:`K^{(0)}(x, y) = e^{x^\\top y}`.

    Examples
    --------
    >>> from rfsym.derf import as_derf_params_np
    >>> p = as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=2)   # PosRF
    >>> v = mc_moments(p, [0.3, 0.1], [0.2, -0.4], 20000, np.random.default_rng(0))
    >>> bool(abs(v.mean() - np.exp(0.02)) < 5 * v.std() / np.sqrt(v.size))
    True
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    d = x.size
    w = sample(coupling, d, n, rng)
    lf1 = derf_log_features_np(w, x[None, :], params["A"], params["B1"], params["C1"], params["D"])[0]
    lf2 = derf_log_features_np(w, y[None, :], params["A"], params["B2"], params["C2"], params["D"])[0]
    return np.exp(lf1 + lf2)


def derf_moments_by_quadrature(A, B1, B2, C1, C2, D, x, y, *, dps: int = 40):
    """E[f1 f2] and E[f1^2 f2^2] of a DERF by 1-D numerical quadrature (independent of Eq. (9)).

    With f_k(w, z) = D exp(w^T A w + w^T B_k z + z^T C_k z), w ~ N(0, I_d): diagonalise
    A = Q Lam Q^T (mpmath ``eigsy``), rotate v = Q^T w ~ N(0, I_d), t = Q^T (B1 x + B2 y); then
    E[(f1 f2)^k] = D^{2k} exp(k (x^T C1 x + y^T C2 y)) prod_l int phi(v) exp(2k Lam_l v^2 + k t_l v) dv,
    each factor computed by ``mp.quad`` (split at the integrand's peak). No Gaussian-integral closed
    form is used, so this is a witness for Thm 4.1 and Eq. (9).

    Parameters
    ----------
    A, B1, B2, C1, C2 : d x d mpmath matrices or nested sequences (A symmetric, 8A < I)
    D : real
    x, y : length-d sequences
    dps : int
        Working precision of the quadrature.

    Returns
    -------
    (mpf, mpf)
        (E[f1 f2], E[f1^2 f2^2]).

    Examples
    --------
    >>> from mpmath import nstr
    >>> m1, m2 = derf_moments_by_quadrature([[0]], [[1]], [[1]], [["-1/2"]], [["-1/2"]], 1, [1], [0], dps=20)
    >>> nstr(m1, 15), nstr(m2, 15)      # PosRF, d = 1: E = exp(x y) = 1, E[.^2] = e^{2|x+y|^2 - |x|^2 - |y|^2} = e
    ('1.0', '2.71828182845905')
    """
    with mp.workdps(dps + 10):
        Am, b1, b2, c1, c2 = (mp.matrix([[mpmath.mpf(v) for v in r] for r in (M.tolist() if hasattr(M, "tolist") else M)])
                              for M in (A, B1, B2, C1, C2))
        Dm = mpmath.mpf(D)
        d = Am.rows
        xv = mp.matrix([mpmath.mpf(v) for v in x])
        yv = mp.matrix([mpmath.mpf(v) for v in y])
        lam, Q = mp.eigsy(Am)
        t = Q.T * (b1 * xv + b2 * yv)
        q = (xv.T * c1 * xv)[0] + (yv.T * c2 * yv)[0]
        out = []
        for k in (1, 2):
            prod = mpmath.mpf(1)
            for l in range(d):
                a = 2 * k * lam[l]
                b = k * t[l]
                if not 1 - 2 * a > 0:
                    raise ValueError(f"A must satisfy {4 * k}A < I_d for the order-{k} moment, got eigenvalue {lam[l]}")
                peak = b / (1 - 2 * a)
                f = lambda v, a=a, b=b: mp.exp(-v * v / 2 + a * v * v + b * v)
                prod *= mp.quad(f, [-mp.inf, peak, mp.inf]) / mp.sqrt(2 * mp.pi)
            out.append(Dm ** (2 * k) * mp.exp(k * q) * prod)
    return out[0], out[1]
