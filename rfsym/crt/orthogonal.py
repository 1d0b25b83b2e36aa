"""Orthogonal OPRFs (CRT Sec. 4, Theorem 4.1; App. 9.1 and 9.7, Theorem 9.1): the exact variance gap
between i.i.d. and orthogonal OPRF estimators and the lower bounds the paper states for it.
"""

from __future__ import annotations

import mpmath
from mpmath import mp

from ..precision import DEFAULT_DPS, require_int, require_real, to_mp, verified
from ._common import _check_pair, _check_s2, _norms, _pair

__all__ = ["orthogonal_gap", "orthogonal_gap_lower_bound", "orthogonal_pair_moment",
           "orthogonal_gap_lower_bound_printed_f"]


def orthogonal_pair_moment(d, s2, *, dps: int = DEFAULT_DPS):
    """:math:`E[Z_1Z_2]/K^2` for two *orthogonal* GERF samples with real ``A``, ``s = +1``.

    Derived here (not in the paper): writing :math:`\\omega_i = r_iu_i` with :math:`r_i\\sim\\chi_d`
    independent and :math:`(u_1^\\top z, u_2^\\top z)/\\|z\\|` distributed as two coordinates of a
    uniform unit vector, the double power series sums to

    .. math:: \\frac{E[Z_1Z_2]}{K^2} = e^{-s_2}\\,{}_1F_1\\big(d; d/2; s_2/2\\big)\\le 1,

    independent of ``A``; i.i.d. samples give exactly 1. Valid for ``d >= 2`` (orthogonality needs
    ``M <= d`` rows per block).

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_pair_moment(2, 2, dps=15), 15))
    0.735758882342885
    """
    d = require_int(d, "d", minimum=2)
    _check_s2(s2)

    def f():
        v = to_mp(s2, "s2")
        return mpmath.exp(-v) * mpmath.hyp1f1(d, mpmath.mpf(d) / 2, v / 2)

    return verified(f, dps, what="orthogonal pair moment")


def _one_minus_pair_ratio(d, s2):
    """1 - e^{-s2} 1F1(d; d/2; s2/2) without cancellation (series with positive terms for s2 < 4)."""
    if s2 == 0:
        return mpmath.mpf(0)
    if s2 >= 4:
        return 1 - mpmath.exp(-s2) * mpmath.hyp1f1(d, mpmath.mpf(d) / 2, s2 / 2)
    # e^{s2} - 1F1 = sum_{n>=2} x^n/n! (2^n - (d)_n/(d/2)_n), x = s2/2, all terms > 0
    x = s2 / 2
    total = mpmath.mpf(0)
    n, xn, two, rat = 1, x, mpmath.mpf(2), mpmath.mpf(2)   # after n=1: x^1/1!, 2^1, (d)_1/(d/2)_1 = 2
    eps = mpmath.eps
    while True:
        n += 1
        xn = xn * x / n
        two *= 2
        rat *= (d + n - 1) / (mpmath.mpf(d) / 2 + n - 1)
        term = xn * (two - rat)
        total += term
        if term < eps * total:
            break
    return mpmath.exp(-s2) * total


def orthogonal_gap(x, y, M, *, dps: int = DEFAULT_DPS):
    """Exact :math:`\\mathrm{Var}(\\hat K^{\\mathrm{iid}}_M) - \\mathrm{Var}(\\hat K^{\\mathrm{ort}}_M)`
    for OPRFs (any real ``A``, ``s = +1``), Gaussian kernel, ``d >= 2``.

    For ``M <= d`` (one orthogonal block):

    .. math:: (1 - 1/M)\\,K^2\\big(1 - e^{-s_2}{}_1F_1(d; d/2; s_2/2)\\big)

    For ``M > d`` the features form independent blocks of ``d`` rows (App. 9.1) and only pairs
    inside a block are correlated: the factor :math:`1 - 1/M = M(M-1)/M^2` becomes
    :math:`\\sum_b m_b(m_b-1)/M^2` (block sizes :math:`m_b`), e.g. :math:`(d-1)/M` for full blocks.

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_gap([1, 0], [0, 1], 2, dps=12), 12))
    0.0178805732504
    >>> print(mpmath.nstr(orthogonal_gap([1, 0], [0, 1], 4, dps=12), 12))
    0.00894028662522

    The gap is between the variances of the **averages** of ``M`` features (not of their sums, which
    differ by ``M**2``): for ``M <= d`` it is :math:`(1-1/M)(K^2 - E[Z_1Z_2])`, with
    :func:`orthogonal_pair_moment` taken at the squared norm ``s2 = ||x+y||^2`` (here 2).

    >>> K2 = mpmath.exp(-2)                     # K(x, y)^2 = exp(-||x-y||^2)
    >>> g = orthogonal_gap([1, 0], [0, 1], 2)
    >>> bool(abs(g - (1 - mpmath.mpf(1) / 2) * K2 * (1 - orthogonal_pair_moment(2, 2))) < 1e-12 * g)
    True
    """
    n = _check_pair(x, y)
    M = require_int(M, "M", minimum=1)
    if n < 2:
        raise ValueError(f"orthogonal features need d >= 2, got d={n}")
    full, rest = divmod(M, n)
    pairs = full * n * (n - 1) + rest * (rest - 1)

    def f():
        xv, yv = _pair(x, y)
        nn, s2, dm = _norms(xv, yv, 1)
        return mpmath.mpf(pairs) / (M * M) * mpmath.exp(-dm) * _one_minus_pair_ratio(len(xv), s2)

    return verified(f, dps, what="orthogonal gap", absolute=mpmath.mpf(10) ** (-3 * dps))


def orthogonal_gap_lower_bound(x, y, M, *, dps: int = DEFAULT_DPS):
    """Lower bound :math:`(1-1/M)\\frac{2}{d+2}F^2` of CRT Theorem 9.1, Eq. (24) / Theorem 4.1, for OPRFs,
    with the printed factor :math:`1-1/M` (any ``M``; it is proven only for ``M <= d``).

    With the unbiased constant ``C = -1`` in ``g`` (see claim ``CRT-Sec9.7-g``) and the **corrected**
    :math:`F = E_\\omega[\\tilde g(\\omega^\\top z, \\|\\omega\\|)] = K(x,y) - e^{-\\|x\\|^2-\\|y\\|^2}`,
    independent of ``A``. Theorem 9.1 as printed drops the length inside :math:`\\tilde g`; that
    reading is :func:`orthogonal_gap_lower_bound_printed_f` (claim ``CRT-Thm9.1``).

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_gap_lower_bound([1, 0], [0, 1], 2, dps=12), 12))
    0.0135191963474
    """
    _check_pair(x, y)
    M = require_int(M, "M", minimum=1)

    def f():
        xv, yv = _pair(x, y)
        nn, s2, dm = _norms(xv, yv, 1)
        F = mpmath.exp(-nn) * mpmath.expm1(s2 / 2)
        return (1 - mpmath.mpf(1) / M) * 2 * F ** 2 / (len(xv) + 2)

    return verified(f, dps, what="Thm 9.1 bound", absolute=mpmath.mpf(10) ** (-3 * dps))


def orthogonal_gap_lower_bound_printed_f(x, y, M, A=None, *, dps: int = DEFAULT_DPS):
    """Right-hand side :math:`(1-1/M)\\frac{2}{d+2}F^2(z)` of CRT Eq. (24) with :math:`F` **as printed**
    in Theorem 9.1, for the OPRF/GERF function :math:`g` (real ``A``, ``s = +1``), Gaussian kernel.

    Parameters
    ----------
    x, y : sequences of exact reals
        Inputs, same length ``d >= 1``; ``z = x + y``.
    M : int
        Number of random features, ``M >= 1`` (the theorem assumes ``M <= d``).
    A : exact real, optional
        GERF parameter with ``1 - 4A > 0``; default the OPRF optimum
        :math:`A^*(d, \\|x+y\\|^2)` (:func:`oprf_a_star`).
    dps : int
        Verified significant digits.

    Returns
    -------
    mpf

    Notes
    -----
    Theorem 9.1 defines :math:`F(z) = E_{u\\sim\\mathrm{Unif}(S^{d-1})}E_{x\\sim\\tilde\\Omega(d)}
    [\\tilde g(u^\\top z, x)]`, :math:`\\tilde g(a,b) = \\frac{g(a,b)+g(-a,b)}2 - g(0,b)`. Since
    :math:`X = g(\\omega^\\top z, \\|\\omega\\|)` with :math:`\\omega = xu`, the first argument should be
    :math:`x\\,u^\\top z`; the printed :math:`u^\\top z` drops the length (the same slip as in the proof's
    :math:`X_m`, claim ``CRT-Sec9.7-Xm``). With :math:`g(a,b) = D^2e^{2Ab^2+Ba-N}`,
    :math:`D^2 = (1-4A)^{d/2}`, :math:`B = \\sqrt{1-4A}`, :math:`N = \\|x\\|^2+\\|y\\|^2` (the unbiased
    constant, claim ``CRT-Sec9.7-g``), :math:`E_x[D^2e^{2Ax^2}] = 1` and
    :math:`E_u\\cosh(Bu^\\top z) = {}_0F_1(;d/2;B^2s_2/4)`, so the printed

    .. math:: F_{\\mathrm{printed}} = e^{-N}\\big({}_0F_1(;\\tfrac d2;\\tfrac{(1-4A)s_2}4) - 1\\big)
              = e^{-N}\\,\\frac{q}{d/2}\\,{}_1F_2(1; 2, \\tfrac d2+1; q),\\quad q = \\frac{(1-4A)s_2}{4},

    (the second form, free of cancellation, is used for ``q < 1``). It depends on ``A`` while the
    exact gap (:func:`orthogonal_gap`) does not, and at :math:`A^*` and large :math:`s_2` it exceeds
    the gap: Eq. (24) as printed is false (e.g. ``d = M = 2``, ``x = y = (2, 0)``: bound 17.76 > gap
    0.4985). The corrected :math:`F = E_\\omega[\\tilde g(\\omega^\\top z,\\|\\omega\\|)] = e^{-N}(e^{s_2/2}-1)`
    is :func:`orthogonal_gap_lower_bound`.

    References
    ----------
    CRT, App. 9.7, Theorem 9.1, Eq. (24); claim ``CRT-Thm9.1``.

    Examples
    --------
    >>> print(mpmath.nstr(orthogonal_gap_lower_bound_printed_f([2, 0], [2, 0], 2, dps=15), 15))
    17.7559025191826
    >>> print(mpmath.nstr(orthogonal_gap([2, 0], [2, 0], 2, dps=15), 15))
    0.498490418174439
    """
    n = _check_pair(x, y)
    M = require_int(M, "M", minimum=1)
    if A is not None:
        with mp.workdps(30):
            if 1 - 4 * require_real(A, "A") <= 0:
                raise ValueError(f"A must satisfy 1 - 4A > 0, got A={A}")

    def f():
        xv, yv = _pair(x, y)
        nn, s2, dm = _norms(xv, yv, 1)
        d = len(xv)
        if A is None:
            a = -s2 / (d - 2 * s2 + mpmath.sqrt((2 * s2 + d) ** 2 + 8 * d * s2))   # A* (oprf_a_star)
        else:
            a = to_mp(A, "A")
        q = (1 - 4 * a) * s2 / 4
        b = mpmath.mpf(d) / 2
        if q < 1:
            sph = q / b * mpmath.hyp1f2(1, 2, b + 1, q)
        else:
            sph = mpmath.hyp0f1(b, q) - 1
        F = mpmath.exp(-nn) * sph
        return (1 - mpmath.mpf(1) / M) * 2 * F ** 2 / (d + 2)

    return verified(f, dps, what="Thm 9.1 bound (printed F)", absolute=mpmath.mpf(10) ** (-3 * dps))
