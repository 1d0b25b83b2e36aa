"""Boundedness and tail bounds of OPRFs (CRT Sec. 4, Theorem 4.2; App. 9.8, Eq. (35)): the exact
supremum of the OPRF product, the bound the paper prints, exact upper tails and the Hoeffding bounds.
"""

from __future__ import annotations

import mpmath
from mpmath import mp

from ..precision import DEFAULT_DPS, require_int, require_real, to_mp, verified
from ._common import _check_pair, _norms, _pair

__all__ = ["oprf_feature_sup", "paper_feature_bound", "oprf_upper_tail", "hoeffding_bound_printed",
           "hoeffding_bound_corrected"]


def oprf_feature_sup(x, y, A, *, dps: int = DEFAULT_DPS):
    """Exact supremum over :math:`\\omega` of :math:`Z = f^{(1)}f^{(2)}` for real ``A < 0``, ``s = +1``.

    .. math:: \\sup_\\omega Z = D^2 \\exp\\Big(-\\frac{B^2\\|x+y\\|^2}{8A} - \\|x\\|^2 - \\|y\\|^2\\Big),
              \\quad D^2 = (1-4A)^{d/2},\\ B^2 = 1-4A

    attained at :math:`\\omega = -B(x+y)/(4A)`.

    Examples
    --------
    >>> print(mpmath.nstr(oprf_feature_sup([1], [1], -1, dps=12), 12))
    3.68665283724

    The value of :math:`Z` at :math:`\\omega^* = -B(x+y)/(4A)` (here ``B = sqrt(5)``):

    >>> import numpy as np
    >>> from rfsym.crt import gerf_features
    >>> w = np.array([[np.sqrt(5) * 2 / 4]])
    >>> z = gerf_features([[1.0]], w, -1.0, 1, 1) * gerf_features([[1.0]], w, -1.0, 1, 2)
    >>> round(float(z.real[0, 0]), 10)
    3.6866528372
    """
    _check_pair(x, y)
    with mp.workdps(30):
        require_real(A, "A", upper=0)

    def f():
        xv, yv = _pair(x, y)
        a = to_mp(A, "A")
        n, s2, dm = _norms(xv, yv, 1)
        return (1 - 4 * a) ** (mpmath.mpf(len(xv)) / 2) * mpmath.exp(-(1 - 4 * a) * s2 / (8 * a) - n)

    return verified(f, dps, what="sup Z")


def paper_feature_bound(x, y, A, *, dps: int = DEFAULT_DPS):
    """The bound :math:`\\mathcal M(x,y) = \\exp(-(\\|x\\|^2+\\|y\\|^2)/(4A))` printed in Eq. (35).

    It omits the factor :math:`D^2 = (1-4A)^{d/2} > 1` (claim ``CRT-Eq35``).

    Examples
    --------
    >>> print(mpmath.nstr(paper_feature_bound([1], [1], -1, dps=12), 12))
    1.6487212707
    """
    _check_pair(x, y)
    with mp.workdps(30):
        require_real(A, "A", upper=0)

    def f():
        xv, yv = _pair(x, y)
        a = to_mp(A, "A")
        n, s2, dm = _norms(xv, yv, 1)
        return mpmath.exp(-n / (4 * a))

    return verified(f, dps, what="M(x,y)")


def oprf_upper_tail(x, y, A, t, *, dps: int = 20):
    """Exact :math:`P[Z \\ge t]` for one positive GERF sample :math:`Z = f^{(1)}f^{(2)}` (real ``A < 0``,
    ``s = +1``), by a 1-D quadrature.

    Writing :math:`\\omega = g\\,\\hat z + \\omega_\\perp` (:math:`\\hat z = (x+y)/\\|x+y\\|`,
    :math:`\\|\\omega_\\perp\\|^2\\sim\\chi^2_{d-1}`), :math:`Z \\ge t` iff
    :math:`\\|\\omega_\\perp\\|^2 \\le (c - 2Ag^2 - B\\|x+y\\|g)/(2A)`, :math:`c = \\log(t/D^2) + N`,
    so :math:`P = \\int \\varphi(g)\\,F_{\\chi^2_{d-1}}(\\cdot)\\,dg` (``d >= 2``).

    Examples
    --------
    >>> print(mpmath.nstr(oprf_upper_tail(["1", "0"], ["1", "0"], -1, "0.5", dps=10), 10))
    0.3255340383

    It is the probability of one sample exceeding ``t`` (sampled: 20000 draws, s.e. 0.0033):

    >>> import numpy as np
    >>> from rfsym.crt import estimator_samples
    >>> z = estimator_samples("gerf", [1, 0], [1, 0], 20000, np.random.default_rng(0), A=-1, s=1)
    >>> bool(abs(np.mean(z >= 0.5) - 0.3255340383) < 0.017)
    True
    """
    n = _check_pair(x, y)
    if n < 2:
        raise ValueError(f"oprf_upper_tail needs d >= 2, got d={n}")
    with mp.workdps(30):
        require_real(A, "A", upper=0)
        require_real(t, "t", lower=0)

    def f():
        xv, yv = _pair(x, y)
        a = to_mp(A, "A")
        tt = to_mp(t, "t")
        d = len(xv)
        nn, s2, dm = _norms(xv, yv, 1)
        B = mpmath.sqrt(1 - 4 * a)
        D2 = (1 - 4 * a) ** (mpmath.mpf(d) / 2)
        zn = mpmath.sqrt(s2)
        c = mpmath.log(tt / D2) + nn

        def integrand(g):
            u = (c - 2 * a * g * g - B * zn * g) / (2 * a)
            if u <= 0:
                return mpmath.mpf(0)
            return mpmath.npdf(g) * mpmath.gammainc(mpmath.mpf(d - 1) / 2, 0, u / 2, regularized=True)

        disc = B * B * s2 + 8 * a * c          # roots of 2A g^2 + B|z| g - c = 0 bound the support
        if disc <= 0:
            return mpmath.mpf(0)
        r1 = (-B * zn + mpmath.sqrt(disc)) / (4 * a)
        r2 = (-B * zn - mpmath.sqrt(disc)) / (4 * a)
        lo, hi = min(r1, r2), max(r1, r2)
        return mpmath.quad(integrand, mpmath.linspace(lo, hi, 9))

    return verified(f, dps, what="P[Z >= t]", absolute=mpmath.mpf(10) ** (-2 * dps))


def hoeffding_bound_printed(x, y, A, M, eps, *, dps: int = DEFAULT_DPS):
    """Right side of CRT Theorem 4.2 (i.i.d. part) as printed:
    :math:`2\\exp(-\\tfrac{M\\epsilon^2}{2}\\exp(\\frac{\\|x\\|^2+\\|y\\|^2}{2A}))`.

    Examples
    --------
    >>> print(mpmath.nstr(hoeffding_bound_printed([1], [1], -1, 10, "0.5", dps=10), 10))
    1.262757572
    """
    _check_pair(x, y)
    M = require_int(M, "M", minimum=1)
    with mp.workdps(30):
        require_real(A, "A", upper=0)
        require_real(eps, "eps", lower=0)

    def f():
        xv, yv = _pair(x, y)
        a = to_mp(A, "A")
        e = to_mp(eps, "eps")
        n, s2, dm = _norms(xv, yv, 1)
        return 2 * mpmath.exp(-M * e ** 2 / 2 * mpmath.exp(n / (2 * a)))

    return verified(f, dps, what="printed tail bound")


def hoeffding_bound_corrected(x, y, A, M, eps, *, dps: int = DEFAULT_DPS):
    """A correct i.i.d. tail bound: Hoeffding with the true range :math:`[0, \\sup Z]`,
    :math:`2\\exp(-2M\\epsilon^2/(\\sup_\\omega Z)^2)` (see :func:`oprf_feature_sup`).

    Examples
    --------
    >>> print(mpmath.nstr(hoeffding_bound_corrected([1], [1], -1, 10, "0.5", dps=10), 10))
    1.384401255
    """
    _check_pair(x, y)
    M = require_int(M, "M", minimum=1)
    with mp.workdps(30):
        require_real(eps, "eps", lower=0)
    sup = oprf_feature_sup(x, y, A, dps=dps + 10)

    def f():
        e = to_mp(eps, "eps")
        return 2 * mpmath.exp(-2 * M * e ** 2 / sup ** 2)

    return verified(f, dps, what="corrected tail bound")
