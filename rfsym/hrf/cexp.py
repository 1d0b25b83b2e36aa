"""Complex exponential (CE) estimators with complex ``A`` (Sec. 2.3, Eqs. (14)-(18)).
"""

from __future__ import annotations

import mpmath
from mpmath import mp

from ..precision import DEFAULT_DPS, to_matrix, to_vector, verified
from ._common import _dot, _m_n, _nrm2, _pair, _sq

__all__ = ["cexp_identity", "cexp_moments", "cexp_zero_variance_point"]


# ============================================================================================
# complex exponential estimators (Sec. 2.3)
# ============================================================================================


def _inv_T(A):
    """(A^T)^{-1} with a clear error for singular A."""
    At = A.T
    try:
        det = mp.det(At)
    except ZeroDivisionError:
        det = 0
    if abs(det) == 0:
        raise ValueError("A must be invertible, got a singular matrix (det(A) = 0)")
    return At ** -1


def _matvec(M, v):
    return [mpmath.fsum(M[i, j] * v[j] for j in range(M.cols)) for i in range(M.rows)]


def _cexp_parts(x, y, A):
    xv, yv = _pair(x, y)
    Am = to_matrix(A, "A", complex_ok=True)
    if Am.rows != Am.cols or Am.rows != len(xv):
        raise ValueError(f"A must be a {len(xv)}x{len(xv)} matrix, got shape ({Am.rows}, {Am.cols})")
    B = _inv_T(Am)
    ax = _matvec(Am, xv)
    by = _matvec(B, yv)
    return xv, yv, ax, by


def cexp_identity(x, y, A, *, dps: int = DEFAULT_DPS):
    """Both sides of Eq. (14): ``(lhs, rhs)`` with rhs computed from Lemma 2.4 applied to z = Ax + A^{-T}y.

    Notes
    -----
    lhs :math:`= e^{(Ax)^2/2}e^{((A^\\top)^{-1}y)^2/2}\\mathrm{SM}(x,y)`,
    rhs :math:`=\\mathbb E e^{\\omega^\\top z}=e^{z^2/2}` (:math:`z^2=\\sum z_i^2`, no conjugation).

    Examples
    --------
    >>> from mpmath import nstr
    >>> l, r = cexp_identity([1, 0], [0, 1], [["1j", 0], [0, 2]], dps=10)
    >>> abs(l - r) < 1e-25
    True
    """
    def f():
        xv, yv, ax, by = _cexp_parts(x, y, A)
        lhs = mp.exp(_sq(ax) / 2) * mp.exp(_sq(by) / 2) * mp.exp(_dot(xv, yv))
        z = [a + b for a, b in zip(ax, by)]
        rhs = mp.exp(_sq(z) / 2)
        return lhs, rhs

    return verified(f, dps, what="cexp_identity", absolute=mpmath.mpf(10) ** (-2 * dps))


def cexp_moments(x, y, A, m, *, dps: int = DEFAULT_DPS):
    """Exact moments of the complex exponential estimator (16) with m projections.

    Returns
    -------
    dict
        ``mean`` (= SM(x, y)), ``mse_complex`` :math:`=\\mathbb E|\\widehat{SM}-SM|^2`,
        ``var_real`` :math:`=\\mathrm{Var}(\\mathrm{Re}\\,\\widehat{SM})`, ``var_imag``.

    Notes
    -----
    One feature is :math:`W=c\\,e^{\\omega^\\top z}`, :math:`c=e^{-((Ax)^2+(A^{-\\top}y)^2)/2}`,
    :math:`z=a+\\mathrm i b`. With Lemma 2.4: :math:`\\mathbb E W=\\mathrm{SM}`,
    :math:`\\mathbb E|W|^2=|c|^2e^{2\\|a\\|^2}`, :math:`\\mathbb E W^2=c^2e^{2z^2}`; hence
    :math:`\\mathrm{Var}\\,\\mathrm{Re}W=(\\mathbb E|W|^2+\\mathrm{Re}\\,\\mathbb EW^2)/2-\\mathrm{SM}^2`.
    Zero variance iff :math:`z=0` (Eq. (17)).

    Examples
    --------
    >>> from mpmath import nstr
    >>> from rfsym.hrf import mse_trig
    >>> r = cexp_moments([1, 0], ["1/2", 0], [["1j", 0], [0, "1j"]], 1, dps=10)
    >>> nstr(r["var_real"], 10) == nstr(mse_trig([1, 0], ["1/2", 0], 1, dps=10), 10)
    True
    """
    m = _m_n(m)

    def f():
        xv, yv, ax, by = _cexp_parts(x, y, A)
        sm = mp.exp(_dot(xv, yv))
        c = mp.exp(-(_sq(ax) + _sq(by)) / 2)
        z = [a + b for a, b in zip(ax, by)]
        a_re = [mpmath.re(v) for v in z]
        e_abs2 = abs(c) ** 2 * mp.exp(2 * _nrm2(a_re))
        e_w2 = c ** 2 * mp.exp(2 * _sq(z))
        mean = c * mp.exp(_sq(z) / 2)
        var_re = ((e_abs2 + mpmath.re(e_w2)) / 2 - mpmath.re(mean) ** 2) / m
        var_im = ((e_abs2 - mpmath.re(e_w2)) / 2 - mpmath.im(mean) ** 2) / m
        return {"mean": mean, "sm": sm, "mse_complex": var_re + var_im, "var_real": var_re,
                "var_imag": var_im}

    return verified(f, dps, what="cexp_moments", absolute=mpmath.mpf(10) ** (-dps - 5))


def cexp_zero_variance_point(y, A, *, dps: int = DEFAULT_DPS):
    """The x of Eq. (17), :math:`x=-A^{-1}(A^\\top)^{-1}y`, at which the CE estimator has zero variance.

    Examples
    --------
    >>> x = cexp_zero_variance_point([1, 2], [[2, 0], [0, 1]], dps=10)
    >>> [float(v.real) for v in x]
    [-0.25, -2.0]
    """
    def f():
        yv = to_vector(y, "y")
        Am = to_matrix(A, "A", complex_ok=True)
        if Am.rows != Am.cols or Am.rows != len(yv):
            raise ValueError(f"A must be a {len(yv)}x{len(yv)} matrix, got shape ({Am.rows}, {Am.cols})")
        B = _inv_T(Am)
        Ainv = Am ** -1
        return [-v for v in _matvec(Ainv, _matvec(B, yv))]

    return verified(f, dps, what="cexp_zero_variance_point", absolute=mpmath.mpf(10) ** (-dps - 5))


