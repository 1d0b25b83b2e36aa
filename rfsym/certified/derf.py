"""DERF (Dense-Exponential Random Features) in ball arithmetic: the minimiser of Lemma A.1.

:func:`lemma_a1_argmin` is the certified zero of the power-series derivative of Eq. (14), not the
closed form (15) the library evaluates.

Examples
--------
>>> lemma_a1_argmin("0.37").string(12)
'-0.136684830892'
"""

from __future__ import annotations

from flint import arb, arb_series

from .core import (DEFAULT_PREC, CertificationError, CertifiedValue, _bracket_negative, certify_root, exact,
                   working_prec)

__all__ = ["lemma_a1_argmin"]

# =============================================================================================
# DERF Lemma A.1
# =============================================================================================

def lemma_a1_argmin(phi, *, prec=DEFAULT_PREC):
    """Certified minimiser of :math:`f(A)=\\log(1-4A)-\\tfrac12\\log(1-8A)+\\phi/(1-8A)` (DERF Lemma A.1, Eq. (14)).

    The zero of :math:`f'` (power-series derivative of Eq. (14) in ball arithmetic) isolated by a
    certified sign change with :math:`f''>0` on the isolating interval; not the closed form (15).

    Parameters
    ----------
    phi : exact real, ``phi > 0`` (``phi = 0`` gives ``A* = 0`` exactly)

    Examples
    --------
    >>> lemma_a1_argmin("0.37").string(30)
    '-0.136684830892115612918684818843'
    >>> lemma_a1_argmin(-1)
    Traceback (most recent call last):
    ...
    ValueError: phi must be >= 0, got -1
    """
    q = exact(phi, "phi")
    if q < 0:
        raise ValueError(f"phi must be >= 0, got {phi}")
    if q == 0:
        return CertifiedValue(f"lemma_a1_argmin({phi})", arb(0), "DERF Lemma A.1, Eq. (15)", {"phi": "0"},
                              note="exact: f'(A) = 4/(1-8A) - 4/(1-4A) vanishes only at A = 0")
    with working_prec(prec):
        p = arb(q)

        def F(A):
            u = 1 - 8 * A
            return (1 - 4 * A).log() - u.log() / 2 + p / u

        def df(A):
            return F(arb_series([A, 1], prec=2)).coeffs()[1]

        def d2f(A):
            return 2 * F(arb_series([A, 1], prec=3)).coeffs()[2]

        lo = _bracket_negative(df)
        root, iso = certify_root(df, d2f, lo, 0)
        if not d2f(iso) > 0:
            raise CertificationError("f'' not positive on the isolating interval")  # pragma: no cover
    return CertifiedValue(f"lemma_a1_argmin({phi})", root, "DERF Lemma A.1, Eq. (15)", {"phi": str(q)},
                          note="unique zero of f' on an interval where f'' > 0")
