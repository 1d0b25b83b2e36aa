"""The shifted log-variance (8) of Sec. 3.1, :math:`L^{-2}\\sum_{ij}\\log(\\mathrm{Var} + K^2)`: its GERF
form in sympy, its direct pair-by-pair average (high precision and float64) for any dense DERF
parameters, and the data statistics of Thms 4.2/4.3.
"""

from __future__ import annotations

import functools

import mpmath
import sympy
from mpmath import mp

from ..precision import DEFAULT_DPS, check_dps, to_matrix, to_mp, verified
from ._helpers import _data_pair, _mpmat
from .moments import _eq9_log_m2, derf_log_moments_np, gerf_log_variance_expr
from .optima import _stats


@functools.lru_cache(maxsize=None)
def gerf_objective_expr():
    """Shifted log-variance (8) for GERF with the averaged statistics (Sec. 3.1), and its minimiser.

    Returns
    -------
    dict with ``"objective"`` (in symbols A, d, S = mean ||x+y||^2, mx = mean ||x||^2,
    my = mean ||y||^2), ``"phi"`` (= S/d, the Lemma A.1 parameter), and ``"symbols"``.

    Examples
    --------
    >>> e = gerf_objective_expr()
    >>> A, d, S, mx, my = e["symbols"]
    >>> from rfsym.derf import lemma_a1_objective_expr
    >>> f, A1, phi = lemma_a1_objective_expr()
    >>> sympy.simplify(sympy.expand_log(e["objective"] - (d*f.subs({A1: A, phi: S/d}) + S - mx - my),
    ...                                 force=True))
    0
    """
    L, (A, d, nx2, ny2, xy) = gerf_log_variance_expr()
    S, mx, my = sympy.symbols("S m_x m_y", real=True)
    # L_GE is affine in nx2, ny2, xy; averaging over pairs replaces ||x+y||^2 by S etc.
    obj = sympy.simplify(L.subs({xy: (S - nx2 - ny2) / 2}).subs({nx2: mx, ny2: my}))
    return {"objective": obj, "phi": S / d, "symbols": (A, d, S, mx, my)}


def shifted_log_variance(params: dict, X, Y, *, dps: int = DEFAULT_DPS):
    """The shifted log-variance (8) by direct averaging over all pairs: L^{-2} sum log(Var + K^2).

    Each term uses the variance of Eq. (9) (the literal formula, which presumes the Thm 4.1
    conditions) plus K^(0)(x, y)^2 = exp(2 x^T y); nothing is simplified, so this is an independent
    check of the closed forms (10), (11) and Sec. 3.1.

    Parameters
    ----------
    params : dict
        Dense DERF parameters ``A, B1, B2, C1, C2, D`` (see :func:`as_derf_params`), exact or mp.
    X, Y : data sets (rows are points)
    dps : int

    Examples
    --------
    >>> from mpmath import nstr
    >>> X, Y = [[1, 0], [0, 1]], [[1, 1], [0, 0]]
    >>> from rfsym.derf import as_derf_params, gerf_optimum
    >>> o = gerf_optimum(X, Y, dps=40)
    >>> p = as_derf_params("gerf", dict(o, d=2))
    >>> nstr(shifted_log_variance(p, X, Y), 15)
    '2.18531040843933'
    """
    dps = check_dps(dps)
    lx, ly, d = _data_pair(X, Y)

    def run():
        Am = params["A"] if isinstance(params["A"], mpmath.matrix) else to_matrix(params["A"], "A")
        mats = [Am] + [params[k] if isinstance(params[k], mpmath.matrix) else to_matrix(params[k], k)
                       for k in ("B1", "B2", "C1", "C2")]
        Dm = to_mp(params["D"], "D")
        Xm, Ym = _mpmat(X, "X"), _mpmat(Y, "Y")
        tot = []
        for i in range(lx):
            x = Xm[i, :].T
            for j in range(ly):
                y = Ym[j, :].T
                k2 = mp.exp(2 * (x.T * y)[0])
                var = mp.exp(_eq9_log_m2(*mats, Dm, x, y)) - k2
                tot.append(mp.log(var + k2))
        return mpmath.fsum(tot) / (lx * ly)
    return verified(run, dps, what="shifted_log_variance", absolute=mpmath.mpf(10) ** (-dps - 20))


def shifted_log_variance_stats(X, Y, *, dps: int = DEFAULT_DPS):
    """Data statistics used by Thms 4.2/4.3: M1, M2, mu3, mu4, mu5, N and S = mean ||x+y||^2.

    Examples
    --------
    >>> from mpmath import nstr
    >>> s = shifted_log_variance_stats([[1, 0], [0, 1]], [[1, 1], [0, 0]])
    >>> nstr(s["S"], 10)        # pairs (2,1), (1,0), (1,2), (0,1): mean of 5, 1, 5, 1
    '3.0'
    """
    dps = check_dps(dps)
    _data_pair(X, Y)
    with mp.workdps(dps + 15):
        st = _stats(_mpmat(X, "X"), _mpmat(Y, "Y"))
        d = st["M1"].rows
        N = st["M1"] + st["M2"]
        for a in range(d):
            for b in range(d):
                N[a, b] += st["mu4"][a] * st["mu5"][b] + st["mu5"][a] * st["mu4"][b]
        st["N"] = N
        st["mu3"] = st["xy"] / d
        st["S"] = st["mx"] + st["my"] + 2 * st["xy"]
        return st


def shifted_log_variance_np(params, X, Y):
    """float64 direct average of log E[(f1 f2)^2] = log(Var + K^2) over all pairs (objective (8)).

    Examples
    --------
    >>> X, Y = [[1, 0], [0, 1]], [[1, 1], [0, 0]]
    >>> from rfsym.derf import as_derf_params_np, gerf_optimum_np
    >>> o = gerf_optimum_np(X, Y)
    >>> round(shifted_log_variance_np(as_derf_params_np("gerf", o, d=2), X, Y), 10)
    2.1853104084
    """
    return float(derf_log_moments_np(params, X, Y)[1].mean())
