"""CRT (Chefs' Random Tables) in ball arithmetic: the OPRF optimum of Theorem 3.3 and Eq. (7) as printed.

:func:`oprf_a_star` is the certified zero of the derivative of the logarithm of the first term of
the printed variance (6) (not the closed form (7) the library evaluates); :func:`oprf_rho_star`
and :func:`oprf_log_variance_ratio` follow from it; :func:`oprf_rho_star_eq7_as_printed` encloses
the printed (7), whose ball is disjoint from the optimum (erratum CRT-Eq7).

Examples
--------
>>> oprf_a_star(64, 100).string(15)
'-0.472364278314074'
"""

from __future__ import annotations

from functools import lru_cache

from flint import arb, arb_series

from .core import (DEFAULT_PREC, CertificationError, CertifiedValue, _bracket_negative, _require_int, certify_root,
                   exact, working_prec)

__all__ = ["oprf_a_star", "oprf_rho_star", "oprf_log_variance_ratio", "oprf_rho_star_eq7_as_printed"]

# =============================================================================================
# CRT: OPRF optimum (Theorem 3.3) from the printed variance (6) for real A, s = +1
# =============================================================================================

def _crt_log_first_term(d, s2):
    """A -> log of the first term of (6) for real A, s = +1, up to the A-independent constant (proof of Thm 3.3):
    d log(1-4A) - (d/2) log(1-8A) + 2 (1-4A)/(1-8A) s2."""
    def L(A):
        u = 1 - 8 * A
        return d * (1 - 4 * A).log() - arb(d) / 2 * u.log() + 2 * (1 - 4 * A) / u * s2
    return L


@lru_cache(maxsize=64)
def _crt_a_star_ball(d, s2, prec):
    with working_prec(prec):
        L = _crt_log_first_term(d, arb(s2))
        # L'(A) via a length-3 power series (so that L'' is available for Newton)
        def dL(A):
            return L(arb_series([A, 1], prec=2)).coeffs()[1]

        def d2L(A):
            return 2 * L(arb_series([A, 1], prec=3)).coeffs()[2]

        lo = _bracket_negative(dL)
        root, iso = certify_root(dL, d2L, lo, 0)
        if not d2L(iso) > 0:
            raise CertificationError("L'' not positive on the isolating interval")  # pragma: no cover
        return root


def oprf_a_star(d, s2, *, prec=DEFAULT_PREC):
    """Certified :math:`A^*` of CRT Theorem 3.3 (OPRF, Gaussian kernel), ``s2 = ||x+y||^2 > 0``.

    Found as the certified zero of :math:`\\partial_A` of the logarithm of the first term of the
    printed variance (6) for real ``A`` and ``s = +1`` (proof of Thm 3.3):
    :math:`L(A)=d\\log(1-4A)-\\tfrac d2\\log(1-8A)+\\tfrac{2(1-4A)}{1-8A}s_2` - not from the closed
    form (7) the library evaluates. The ball contains the unique zero of :math:`L'` in an interval
    where :math:`L''>0` (a strict local, and by Thm 3.3 the global, minimiser).

    Parameters
    ----------
    d : int, ``d >= 1``
    s2 : exact real, ``s2 > 0``
    prec : int
        Working precision (bits).

    Returns
    -------
    CertifiedValue

    Examples
    --------
    >>> oprf_a_star(64, 100).string(15)
    '-0.472364278314074'
    >>> oprf_a_star(64, 0)
    Traceback (most recent call last):
    ...
    ValueError: s2 must be > 0 (at s2 = 0 the optimum is A* = 0, PosRF), got 0
    """
    d = _require_int(d, "d", 1)
    q = exact(s2, "s2")
    if q <= 0:
        raise ValueError(f"s2 must be > 0 (at s2 = 0 the optimum is A* = 0, PosRF), got {s2}")
    root = _crt_a_star_ball(d, q, int(prec))
    return CertifiedValue(f"oprf_a_star({d}, {s2})", root, "CRT Thm 3.3, Eq. (7)", {"d": str(d), "s2": str(q)},
                          note="unique zero of dL/dA on an interval where d2L/dA2 > 0")


def oprf_rho_star(d, s2, *, prec=DEFAULT_PREC):
    """Certified :math:`\\rho^*=1/(1-8A^*)` of CRT Theorem 3.3, Eq. (7) (see :func:`oprf_a_star`).

    Examples
    --------
    >>> oprf_rho_star(64, 100).string(31)
    '0.2092525524840292351340233393618'
    """
    a = oprf_a_star(d, s2, prec=prec)
    with working_prec(prec):
        rho = 1 / (1 - 8 * a.ball)
    return CertifiedValue(f"oprf_rho_star({d}, {s2})", rho, "CRT Thm 3.3, Eq. (7)", a.inputs, note=a.note)


def oprf_log_variance_ratio(d, s2, *, prec=DEFAULT_PREC):
    """Certified :math:`\\log(\\mathrm{Var}_{\\rm OPRF}/\\mathrm{Var}_{\\rm PosRF})` (CRT Fig. 1 right).

    :math:`\\log\\mathrm{expm1}(\\tilde g(A^*))-\\log\\mathrm{expm1}(s_2)` with
    :math:`\\tilde g(A)=d\\log\\frac{1-4A}{\\sqrt{1-8A}}+\\big(\\frac{2(1-4A)}{1-8A}-1\\big)s_2` (the
    logarithm of the first term of (6) divided by :math:`K^2`; :math:`\\tilde g(0)=s_2` is PosRF).

    Examples
    --------
    >>> oprf_log_variance_ratio(64, 100).string(10)
    '-61.22118004'
    """
    a = oprf_a_star(d, s2, prec=prec)
    with working_prec(prec):
        A = a.ball
        s = arb(exact(s2))
        g = d * ((1 - 4 * A) / (1 - 8 * A).sqrt()).log() + (2 * (1 - 4 * A) / (1 - 8 * A) - 1) * s
        mu = g.expm1().log() - s.expm1().log()
    return CertifiedValue(f"oprf_log_variance_ratio({d}, {s2})", mu, "CRT Fig. 1 (right), Eq. (6)", a.inputs)


def oprf_rho_star_eq7_as_printed(d, s2, *, prec=DEFAULT_PREC):
    r"""Certified value of CRT Eq. (7) **as printed** (erratum CRT-Eq7: :math:`-2s_2-d` under the root),
    :math:`\sqrt{(2s_2+d)^2+8ds_2-2s_2-d}/(4s_2)`. A ball disjoint from :func:`oprf_rho_star` proves
    that the printed formula does not give the optimum.

    Examples
    --------
    >>> oprf_rho_star_eq7_as_printed(64, 100).string(10)
    '0.8683029425'
    """
    d = _require_int(d, "d", 1)
    q = exact(s2, "s2")
    if q <= 0:
        raise ValueError(f"s2 must be > 0, got {s2}")
    with working_prec(prec):
        S = arb(q)
        val = ((2 * S + d) ** 2 + 8 * d * S - 2 * S - d).sqrt() / (4 * S)
    return CertifiedValue(f"Eq. (7) as printed at d = {d}, s2 = {s2}", val, "CRT Eq. (7) (erratum CRT-Eq7)",
                          {"d": str(d), "s2": str(q)})
