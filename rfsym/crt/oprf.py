"""Optimal positive random features (OPRFs, CRT Sec. 3.1, Theorem 3.3, Eq. (7); proof App. 9.4).

The real GERF with :math:`s = +1` whose variance (6) is minimal: :math:`A^* = (1 - 1/\\rho^*)/8`, with
:math:`\\rho^*` the positive root of :math:`2 s_2 \\rho^2 + (2 s_2 + d)\\rho - d = 0`, :math:`s_2 = \\|x+y\\|^2`.
"""

from __future__ import annotations

import functools

import mpmath
import numpy as np
import sympy

from ..precision import DEFAULT_DPS, require_int, to_mp, verified
from ._common import _check_pair, _check_s2, _log_expm1_np, _norms, _np_stats, _pair

__all__ = ["oprf_rho_star", "oprf_a_star", "oprf_variance", "oprf_log_variance_ratio", "oprf_rho_star_expr",
           "log_oprf_variance_np", "oprf_rho_star_np", "oprf_log_variance_ratio_np"]


# ---------------------------------------------------------------------------------------------
# high precision
# ---------------------------------------------------------------------------------------------

def _rho_star_mp(d, s2):
    b = 2 * s2 + d
    return 2 * d / (mpmath.sqrt(b * b + 8 * d * s2) + b)


def oprf_rho_star(d, s2, *, dps: int = DEFAULT_DPS):
    """Optimal :math:`\\rho^* = 1/(1-8A^*)` of OPRFs (CRT Theorem 3.3, Eq. (7)), ``s2 = ||x+y||^2``.

    Parameters
    ----------
    d : int
        Dimension ``d >= 1``.
    s2 : exact real
        :math:`\\|x+y\\|^2 \\ge 0` (``s2 = 0`` gives the limit ``rho* = 1``, i.e. PosRF).
    dps : int

    Returns
    -------
    mpf

    Notes
    -----
    Positive root of :math:`2s_2\\rho^2 + (2s_2+d)\\rho - d = 0` (proof, Eq. (22)):

    .. math:: \\rho^* = \\frac{\\sqrt{(2s_2+d)^2+8ds_2}-2s_2-d}{4s_2}
                     = \\frac{2d}{\\sqrt{(2s_2+d)^2+8ds_2}+2s_2+d}

    (the second, cancellation-free form is evaluated). Eq. (7) as printed puts ``-2s2-d`` under the
    square root, a typo (see the registry claim ``CRT-Eq7``).

    Examples
    --------
    >>> print(mpmath.nstr(oprf_rho_star(64, 100, dps=31), 31))
    0.2092525524840292351340233393618
    """
    d = require_int(d, "d", minimum=1)
    _check_s2(s2)
    return verified(lambda: _rho_star_mp(d, to_mp(s2, "s2")), dps, what="rho*")


def oprf_a_star(d, s2, *, dps: int = DEFAULT_DPS):
    """Optimal OPRF parameter :math:`A^* = (1 - 1/\\rho^*)/8` (CRT Theorem 3.3), Gaussian kernel.

    Evaluated as :math:`A^* = -s_2/(d - 2s_2 + \\sqrt{(2s_2+d)^2 + 8ds_2})` (same value, no
    cancellation); :math:`A^* < 0` for :math:`s_2 > 0` and :math:`A^* = 0` at :math:`s_2 = 0`.

    Examples
    --------
    >>> print(mpmath.nstr(oprf_a_star(64, 100, dps=15), 15))
    -0.472364278314074
    """
    d = require_int(d, "d", minimum=1)
    _check_s2(s2)

    def f():
        v = to_mp(s2, "s2")
        return -v / (d - 2 * v + mpmath.sqrt((2 * v + d) ** 2 + 8 * d * v))

    return verified(f, dps, what="A*", absolute=mpmath.mpf(10) ** (-dps - 5))


def _oprf_log_excess(d, s2):
    """g~ = log(E Z^2 / K^2) at rho*: d log((rho+1)/(2 sqrt rho)) + rho s2 (>= 0)."""
    r = _rho_star_mp(d, s2)
    return d * mpmath.log((r + 1) / (2 * mpmath.sqrt(r))) + r * s2


def oprf_variance(x, y, *, dps: int = DEFAULT_DPS):
    """OPRF variance at the pairwise optimum :math:`A^*(d, \\|x+y\\|^2)` (CRT Theorems 3.2-3.3).

    Gaussian kernel. Equals :math:`K^2\\,\\mathrm{expm1}(d\\log\\frac{\\rho^*+1}{2\\sqrt{\\rho^*}} +
    \\rho^*\\|x+y\\|^2)`, the proof's form of Eq. (6) for real ``A`` and ``s = +1``.

    Examples
    --------
    >>> print(mpmath.nstr(oprf_variance([1, 0], [0, 1], dps=12), 12))
    0.211254980775

    ``A*`` is taken at ``s2 = ||x+y||^2`` (here 2): the variance is that of the GERF at
    ``oprf_a_star(d, 2)``, and it is smaller than at the ``A*`` of the plain norm ``sqrt(2)``.

    >>> from rfsym.crt import gerf_variance
    >>> v = oprf_variance([1, 0], [0, 1])
    >>> bool(abs(gerf_variance([1, 0], [0, 1], oprf_a_star(2, 2), 1) - v) < 1e-12 * v)
    True
    >>> bool(gerf_variance([1, 0], [0, 1], oprf_a_star(2, mpmath.sqrt(2)), 1) > v)
    True
    """
    _check_pair(x, y)

    def f():
        xv, yv = _pair(x, y)
        n, s2, dm = _norms(xv, yv, 1)
        return mpmath.exp(-dm) * mpmath.expm1(_oprf_log_excess(len(xv), s2))

    return verified(f, dps, what="OPRF variance", absolute=mpmath.mpf(10) ** (-3 * dps))


def oprf_log_variance_ratio(d, s2, *, dps: int = DEFAULT_DPS):
    """Fig. 1 (right) utility :math:`\\mu = \\log(\\mathrm{Var}_{\\mathrm{OPRF}}/\\mathrm{Var}_{\\mathrm{PosRF}})`.

    Depends on ``x, y`` only through ``d`` and ``s2 = ||x+y||^2`` (the common factor
    :math:`e^{-2(\\|x\\|^2+\\|y\\|^2)}` cancels); identical for Gaussian and softmax kernels.
    ``s2 = 0`` returns the limit 0.

    .. math:: \\mu = \\log\\mathrm{expm1}(\\tilde g) - \\log\\mathrm{expm1}(s_2),\\quad
              \\tilde g = d\\log\\frac{\\rho^*+1}{2\\sqrt{\\rho^*}} + \\rho^* s_2

    Examples
    --------
    >>> print(mpmath.nstr(oprf_log_variance_ratio(64, 100, dps=10), 10))
    -61.22118004

    It is the log of the ratio of the two variances (not of their logs), at ``s2 = ||x+y||^2``
    (squared): ``x = (1, 0)``, ``y = (0, 1)`` have ``d = 2``, ``s2 = 2``.

    >>> from rfsym.crt import pos_variance
    >>> ratio = oprf_variance([1, 0], [0, 1]) / pos_variance([1, 0], [0, 1])
    >>> bool(abs(oprf_log_variance_ratio(2, 2) - mpmath.log(ratio)) < 1e-12)
    True
    """
    d = require_int(d, "d", minimum=1)
    _check_s2(s2)

    def f():
        v = to_mp(s2, "s2")
        if v == 0:
            return mpmath.mpf(0)
        return mpmath.log(mpmath.expm1(_oprf_log_excess(d, v))) - mpmath.log(mpmath.expm1(v))

    return verified(f, dps, what="log variance ratio", absolute=mpmath.mpf(10) ** (-dps - 5))



# ---------------------------------------------------------------------------------------------
# symbolic
# ---------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def oprf_rho_star_expr():
    """Sympy solution of :math:`g'(\\rho) = 0` (proof of Theorem 3.3) — the positive root.

    Returns ``(rho_star, g, symbols)`` where ``g`` is the log-variance objective of the proof.

    Examples
    --------
    >>> r, g, S = oprf_rho_star_expr()
    >>> import sympy
    >>> float(r.subs({S["d"]: 64, S["s2"]: 100}))
    0.20925255248402924
    """
    rho, d, s2, n = sympy.symbols("rho d s2 N", positive=True)
    g = (-d * sympy.log(2) + d * sympy.log(rho + 1) - d / 2 * sympy.log(rho) + (1 + rho) * s2 - 2 * n)
    sols = sympy.solve(sympy.Eq(sympy.diff(g, rho), 0), rho)
    pos = [r for r in sols if sympy.simplify(r.subs({d: 1, s2: 1})).is_positive]
    if len(pos) != 1:
        raise RuntimeError(f"expected one positive stationary point, got {sols}")
    return pos[0], g, {"rho": rho, "d": d, "s2": s2, "N": n}



# ---------------------------------------------------------------------------------------------
# float64
# ---------------------------------------------------------------------------------------------

def oprf_rho_star_np(d, s2):
    """float64 :math:`\\rho^*` (cancellation-free form), vectorised over ``s2``.

    Examples
    --------
    >>> round(float(oprf_rho_star_np(64, 100.0)), 12)
    0.209252552484
    """
    s2 = np.asarray(s2, float)
    if np.any(s2 < 0):
        raise ValueError("s2 must be >= 0")
    b = 2 * s2 + d
    return 2 * d / (np.sqrt(b * b + 8 * d * s2) + b)


def oprf_log_variance_ratio_np(d, s2):
    """float64 Fig. 1 (right) utility :math:`\\mu(d, s_2)`, vectorised; absolute accuracy ~1e-9
    for ``1e-8 <= s2 <= 1e5``.

    Examples
    --------
    >>> round(float(oprf_log_variance_ratio_np(64, 100.0)), 8)
    -61.22118004
    """
    d = require_int(d, "d", minimum=1)
    s2 = np.asarray(s2, float)
    if np.any(s2 < 0):
        raise ValueError("s2 must be >= 0")
    r = oprf_rho_star_np(d, s2)
    # log((r+1)/(2 sqrt r)) = log1p((1-sqrt r)^2/(2 sqrt r))
    sr = np.sqrt(r)
    g = d * np.log1p((1 - sr) ** 2 / (2 * sr)) + r * s2
    with np.errstate(divide="ignore", invalid="ignore"):
        out = _log_expm1_np(g) - _log_expm1_np(s2)
    return np.where(s2 == 0, 0.0, out)


def log_oprf_variance_np(x, y, A=None):
    """log of the OPRF / real-A positive GERF variance (float64); ``A=None`` uses the pairwise A*.

    Examples
    --------
    >>> round(float(log_oprf_variance_np([1.0, 0.0], [0.0, 1.0])), 10)
    -1.5546894354
    >>> bool(np.isclose(np.exp(log_oprf_variance_np([1.0, 0.0], [0.0, 1.0])),    # the log of the variance
    ...                 float(oprf_variance([1, 0], [0, 1])), rtol=1e-12))
    True
    """
    x, y, n, sp, sm = _np_stats(x, y)
    d = x.shape[-1]
    if A is None:
        r = oprf_rho_star_np(d, sp)
    else:
        A = np.asarray(A, float)
        if np.any(1 - 8 * A <= 0):
            raise ValueError(f"A must satisfy 1-8A > 0, got A={A}")
        r = 1 / (1 - 8 * A)
    sr = np.sqrt(r)
    g = d * np.log1p((1 - sr) ** 2 / (2 * sr)) + r * sp
    return -sm + _log_expm1_np(g)
