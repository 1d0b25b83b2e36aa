"""Independent routes for the DERF optimality claims (Thms 4.2, 4.3, Sec. 3.1, Sec. 4.3, Eqs. (10), (11)).

The closed forms of :mod:`rfsym.derf` (``*_optimum``) are checked here against routes that do not use
them:

* :func:`direct_objective` -- the shifted log-variance (8) averaged pair by pair from the second
  moment of Thm 4.1 (``log(Var + K^2) = log E[(f1 f2)^2]``), for parameters given as a free vector
  of a family (:func:`family_params`), at the working precision;
* :func:`stationarity` -- gradient of that direct average in *every* free parameter of the family by
  central differences at high precision (60+ digits), and its Hessian (second-order condition);
* :func:`objective_mc` -- the same average with every second moment *sampled* with the library
  sampler (:func:`rfsym.couplings.sample`), with a delta-method standard error;
* :func:`eq10_printed`, :func:`eq11_printed` -- the optimal values (10), (11) transcribed literally
  from the paper (they are compared with :func:`direct_objective` at the library's optimum);
* :func:`aderf_reduction_expr`, :func:`sderf_reduction_expr` -- sympy reductions of (22)/(32) and
  (37)/(54) to Lemma A.1 starting from the sympy-derived second moment (d = 1) and the trace over
  rotations (d = 2).

Kernel: softmax :math:`K^{(0)}(x, y) = \\exp(x^\\top y)`.
"""

from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
import sympy
from mpmath import mp

from .. import derf
from ..couplings import sample
from ..montecarlo import MCResult
from ._helpers import _diag, _single_thread
from .lemma_a1 import _a1_argmin_mp

__all__ = [
    "FAMILY_PARAMETERS", "family_params", "optimum_theta", "direct_objective", "stationarity",
    "wrong_optimum", "objective_mc", "eq10_printed", "eq11_printed", "aderf_reduction_expr",
    "sderf_reduction_expr", "estimator_moments_enumerated", "gerf_sderf_gap", "general_derf_slope",
]

#: Free parameters of each family as used by :func:`family_params` (d = dimension).
FAMILY_PARAMETERS = {
    "gerf": "A",
    "saderf": "A, Psi_11..Psi_dd",
    "aderf": "A, the d^2 entries of B1 (B2, C1, C2, D from Thm 4.1)",
    "aderf-E": "A, the d(d+1)/2 entries of E = B1^T B1 (B1 = Cholesky factor)",
    "sderf": "the d(d+1)/2 entries of a dense symmetric A, d(d-1)/2 rotation angles K (Q = Q0 expm(K))",
    "sderf-diag": "diagonal A (d entries), d(d-1)/2 rotation angles K",
}


def _mpm(X):
    return mp.matrix([[mpmath.mpf(v) if not isinstance(v, mpmath.mpf) else v for v in row] for row in X])


def _sym(v, d):
    S = mp.zeros(d, d)
    k = 0
    for i in range(d):
        for j in range(i, d):
            S[i, j] = S[j, i] = v[k]
            k += 1
    return S


def _skew(v, d):
    K = mp.zeros(d, d)
    k = 0
    for i in range(d):
        for j in range(i + 1, d):
            K[i, j] = v[k]
            K[j, i] = -v[k]
            k += 1
    return K


def _complete(A, B1, B2):
    """Thm 4.1 completion: C_k = -B_k^T (I-4A)^{-1} B_k / 2, D = det(I-4A)^{1/4}."""
    d = A.rows
    P = mp.eye(d) - 4 * A
    Pi = mp.inverse(P)
    return {"A": A, "B1": B1, "B2": B2, "C1": -B1.T * Pi * B1 / 2, "C2": -B2.T * Pi * B2 / 2,
            "D": mp.det(P) ** (mpmath.mpf(1) / 4)}


def family_params(family: str, theta, d: int, *, Q0=None):
    """Dense DERF parameters (Thm 4.1 conditions imposed) from a free parameter vector of a family.

    Parameters
    ----------
    family : {"gerf", "saderf", "aderf", "aderf-E", "sderf", "sderf-diag"}
        See :data:`FAMILY_PARAMETERS`.
    theta : sequence of mpf
    d : int
    Q0 : mp matrix, optional
        Base orthogonal matrix of the SDERF families (``B = (I-4A)^{1/2} Q0 expm(K)``).

    Returns
    -------
    dict with ``A, B1, B2, C1, C2, D`` (mp matrices, current working precision).

    Examples
    --------
    >>> p = family_params("gerf", [mpmath.mpf(0)], 2)
    >>> [float(p["C1"][i, i]) for i in range(2)], float(p["D"])
    ([-0.5, -0.5], 1.0)
    """
    t = [mpmath.mpf(v) for v in theta]
    I = mp.eye(d)
    if family == "gerf":
        A = t[0] * I
        B = mp.sqrt(1 - 4 * t[0]) * I
        return _complete(A, B, B)
    if family == "saderf":
        a = t[0]
        B = mp.sqrt(1 - 4 * a)
        Psi = _diag(t[1:1 + d])
        Pinv = _diag([1 / v for v in t[1:1 + d]])
        return _complete(a * I, B * Psi, B * Pinv)
    if family in ("aderf", "aderf-E"):
        a = t[0]
        if family == "aderf":
            B1 = mp.matrix(d, d)
            for i in range(d):
                for j in range(d):
                    B1[i, j] = t[1 + i * d + j]
        else:
            B1 = mp.cholesky(_sym(t[1:], d)).T          # B1^T B1 = E
        B2 = (1 - 4 * a) * mp.inverse(B1).T
        return _complete(a * I, B1, B2)
    if family in ("sderf", "sderf-diag"):
        if family == "sderf":
            m = d * (d + 1) // 2
            A = _sym(t[:m], d)
        else:
            m = d
            A = _diag(t[:d])
        K = _skew(t[m:], d)
        Q = (I if Q0 is None else Q0) * mp.expm(K)
        B = mp.sqrtm(I - 4 * A) * Q
        return _complete(A, B, B)
    raise ValueError(f"family must be one of {tuple(FAMILY_PARAMETERS)}, got family={family!r}")


def optimum_theta(family: str, opt: dict, d: int):
    """Free parameter vector (and base rotation ``Q0``) of a library optimum of a family.

    Returns
    -------
    (theta, Q0) ; ``Q0`` is None except for the SDERF families, where the optimum is at K = 0.
    """
    if family == "gerf":
        return [opt["A"]], None
    if family == "saderf":
        return [opt["A"]] + [opt["Psi"][l, l] for l in range(d)], None
    if family == "aderf":
        return [opt["A"]] + [opt["B1"][i, j] for i in range(d) for j in range(d)], None
    if family == "aderf-E":
        E = opt["B1"].T * opt["B1"]
        return [opt["A"]] + [E[i, j] for i in range(d) for j in range(i, d)], None
    A = opt["A"]
    Q0 = _diag([1 / mp.sqrt(1 - 4 * A[l, l]) for l in range(d)]) * opt["B"]   # Q3^T
    nk = d * (d - 1) // 2
    if family == "sderf":
        return [A[i, j] for i in range(d) for j in range(i, d)] + [mpmath.mpf(0)] * nk, Q0
    if family == "sderf-diag":
        return [A[l, l] for l in range(d)] + [mpmath.mpf(0)] * nk, Q0
    raise ValueError(f"family must be one of {tuple(FAMILY_PARAMETERS)}, got family={family!r}")


def direct_objective(params: dict, Xm, Ym):
    """Shifted log-variance (8) averaged pair by pair: L^{-2} sum_ij log E[(f1(w,x_i) f2(w,y_j))^2].

    ``log(Var + K^2)`` of each pair is the log of the second moment of Thm 4.1,
    :math:`4\\log D - \\tfrac12\\log\\det(I-8A) + 2x^\\top(C^{(1)} + B^{(1)\\top}(I-8A)^{-1}B^{(1)})x + \\dots`,
    evaluated for every pair separately (no averaged statistics, no closed form of the optimum).
    Works at the current working precision.

    Parameters
    ----------
    params : dict of mp matrices ``A, B1, B2, C1, C2`` and ``D``
    Xm, Ym : mp matrices (rows are points) or nested sequences of exact reals

    Examples
    --------
    >>> p = family_params("gerf", [mpmath.mpf(0)], 1)        # PosRF, d = 1
    >>> mpmath.nstr(direct_objective(p, [[1]], [[0]]), 10)     # log E[(f1 f2)^2] = 2|x+y|^2 - |x|^2 - |y|^2
    '1.0'
    """
    Xm = Xm if isinstance(Xm, mpmath.matrix) else _mpm(Xm)
    Ym = Ym if isinstance(Ym, mpmath.matrix) else _mpm(Ym)
    A, B1, B2, C1, C2, D = (params[k] for k in ("A", "B1", "B2", "C1", "C2", "D"))
    d = A.rows
    P8 = mp.eye(d) - 8 * A
    Pi = mp.inverse(P8)
    G1 = 2 * (C1 + B1.T * Pi * B1)
    G2 = 2 * (C2 + B2.T * Pi * B2)
    G12 = 4 * B1.T * Pi * B2
    c = 4 * mp.log(abs(D)) - mp.log(mp.det(P8)) / 2
    terms = []
    for i in range(Xm.rows):
        x = Xm[i, :].T
        qx = (x.T * G1 * x)[0]
        u = G12.T * x
        for j in range(Ym.rows):
            y = Ym[j, :].T
            terms.append(c + qx + (y.T * G2 * y)[0] + (u.T * y)[0])
    return mpmath.fsum(terms) / len(terms)


def _objective_at(family, theta, Xm, Ym, d, Q0):
    return direct_objective(family_params(family, theta, d, Q0=Q0), Xm, Ym)


def wrong_optimum(family: str, X, Y, *, dps: int = 40):
    """A plausible wrong closed form of each family's optimum (the control of :func:`stationarity`).

    * gerf: A*(phi/2) instead of A*(phi), phi = S/d;
    * aderf: A*(phi/2), i.e. the proof's phi = d^{-1} sum Sigma + mu3 (App. A.3 after (32));
    * sderf: A_ll = A*(Lambda3_ll / 2);
    * saderf: Psi^2 instead of Psi (exponent 1/2 instead of 1/4).

    Returns the library optimum dict with the corresponding entries replaced (B's re-derived).
    """
    opt = dict(derf_optimum(family, X, Y, dps=dps))
    d = len(X[0])
    with mp.workdps(dps + 15):
        if family in ("gerf", "aderf"):
            a = _a1_argmin_mp(opt["phi"] / 2)
            if family == "aderf":
                r = mp.sqrt((1 - 4 * a) / (1 - 4 * opt["A"]))
                opt["B1"] = opt["B1"] * r
            opt["A"] = a
        elif family == "sderf":
            Q3t = _diag([1 / mp.sqrt(1 - 4 * opt["A"][l, l]) for l in range(d)]) * opt["B"]
            Ad = [_a1_argmin_mp(v / 2) for v in opt["Lambda3"]]
            opt["A"] = _diag(Ad)
            opt["B"] = _diag([mp.sqrt(1 - 4 * a) for a in Ad]) * Q3t
        elif family == "saderf":
            opt["Psi"] = opt["Psi"] * opt["Psi"]
        else:
            raise ValueError(f"family must be gerf, aderf, sderf or saderf, got family={family!r}")
    return opt


def derf_optimum(family, X, Y, *, dps=40):
    """The library's closed-form optimum of a family (:func:`rfsym.derf.gerf_optimum` etc.)."""
    fn = {"gerf": derf.gerf_optimum, "aderf": derf.aderf_optimum, "sderf": derf.sderf_optimum,
          "saderf": derf.saderf_optimum}[family]
    return fn(X, Y, dps=dps)


def stationarity(family: str, X, Y, *, opt=None, dps: int = 60, hessian: bool = True):
    """Gradient (and Hessian) of the direct objective (8) at a family's optimum, at high precision.

    The gradient is taken in every free parameter of the family (:data:`FAMILY_PARAMETERS`; for
    ADERF the d^2 entries of B1 and A, for SDERF a dense symmetric A and the rotation angles) by
    central differences with step 1e-25 at ``dps + 40`` working digits (truncation error ~1e-50).
    The Hessian is taken by central second differences (step 1e-10, error ~1e-20) in the
    parametrisation without invariances (ADERF: A and E = B1^T B1; SDERF: diagonal A and the
    rotation angles; the objective is invariant under B1 -> R B1 and under joint rotations of a
    dense A, so those directions are flat).

    Parameters
    ----------
    family : {"gerf", "aderf", "sderf", "saderf"}
    X, Y : exact data sets (nested sequences of decimal strings)
    opt : dict, optional
        The optimum to test (default: the library's closed form); pass :func:`wrong_optimum` for the
        control.
    dps : int

    Returns
    -------
    dict with ``grad`` (list of mpf), ``max_grad`` (mpf), ``n`` (number of parameters), ``value``
    (direct objective at the point), and, if ``hessian``, ``hess_eigs`` (list of mpf) and
    ``min_eig``.

    Examples
    --------
    >>> X, Y = [["0.5"], ["-0.2"]], [["0.3"], ["0.4"]]
    >>> s = stationarity("gerf", X, Y, dps=30, hessian=False)
    >>> bool(s["max_grad"] < mpmath.mpf(10) ** -25)
    True
    """
    if family not in ("gerf", "aderf", "sderf", "saderf"):
        raise ValueError(f"family must be gerf, aderf, sderf or saderf, got family={family!r}")
    d = len(X[0])
    opt = derf_optimum(family, X, Y, dps=dps + 20) if opt is None else opt
    out = {}
    with mp.workdps(dps + 40):
        Xm, Ym = _mpm(X), _mpm(Y)
        gfam = {"gerf": "gerf", "aderf": "aderf", "sderf": "sderf", "saderf": "saderf"}[family]
        theta, Q0 = optimum_theta(gfam, opt, d)
        h = mpmath.mpf(10) ** -25
        grad = []
        for k in range(len(theta)):
            tp, tm = list(theta), list(theta)
            tp[k] += h
            tm[k] -= h
            grad.append((_objective_at(gfam, tp, Xm, Ym, d, Q0) - _objective_at(gfam, tm, Xm, Ym, d, Q0)) / (2 * h))
        out["grad"] = grad
        out["max_grad"] = max(abs(g) for g in grad)
        out["n"] = len(theta)
        out["value"] = _objective_at(gfam, theta, Xm, Ym, d, Q0)
    if hessian:
        hfam = {"gerf": "gerf", "aderf": "aderf-E", "sderf": "sderf-diag", "saderf": "saderf"}[family]
        with mp.workdps(dps):
            Xm, Ym = _mpm(X), _mpm(Y)
            theta, Q0 = optimum_theta(hfam, opt, d)
            n = len(theta)
            h = mpmath.mpf(10) ** -10
            f0 = _objective_at(hfam, theta, Xm, Ym, d, Q0)
            H = mp.zeros(n, n)

            def at(shifts):
                t = list(theta)
                for k, s in shifts:
                    t[k] += s * h
                return _objective_at(hfam, t, Xm, Ym, d, Q0)
            for i in range(n):
                H[i, i] = (at([(i, 1)]) - 2 * f0 + at([(i, -1)])) / (h * h)
                for j in range(i + 1, n):
                    H[i, j] = H[j, i] = (at([(i, 1), (j, 1)]) - at([(i, 1), (j, -1)]) - at([(i, -1), (j, 1)])
                                         + at([(i, -1), (j, -1)])) / (4 * h * h)
            ev, _ = mp.eigsy(H)
            out["hess_eigs"] = [ev[i] for i in range(n)]
            out["min_eig"] = min(out["hess_eigs"])
    return out


@_single_thread
def objective_mc(params: dict, X, Y, n: int, rng: np.random.Generator, *, batch: int = 50_000):
    """Monte Carlo estimate of the shifted log-variance (8) from *sampled* second moments.

    For every pair, E[(f1(w, x_i) f2(w, y_j))^2] is estimated from the same ``n`` draws
    w ~ N(0, I_d) (:func:`rfsym.couplings.sample`, ``"iid"``); the estimate is the average of their
    logs. The standard error is the delta-method one of the linearised statistic
    :math:`Z_s = L^{-2}\\sum_{ij} (f_1 f_2)^2_{ijs} / \\hat m_{ij}` (which accounts for the
    correlation between pairs sharing draws); the bias of the log of a mean is O(1/n), negligible.
    Requires finite fourth moments, 16A < I.

    Parameters
    ----------
    params : dict of float64 DERF parameters (``A, B1, B2, C1, C2, D``)
    X, Y : arrays (rows are points)
    n : int
    rng : numpy Generator

    Returns
    -------
    MCResult

    Examples
    --------
    >>> p = derf.as_derf_params_np("gerf", {"A": -0.1, "B": 1.4 ** 0.5, "C": -0.5, "D": 1.4 ** 0.25}, d=1)
    >>> r = objective_mc(p, [[0.3]], [[0.2]], 20000, np.random.default_rng(0))
    >>> exact = derf.shifted_log_variance_np(p, [[0.3]], [[0.2]])
    >>> bool(abs(r.estimate - exact) < 5 * r.stderr)
    True
    """
    X, Y = np.atleast_2d(np.asarray(X, float)), np.atleast_2d(np.asarray(Y, float))
    d = X.shape[1]
    w = sample("iid", d, n, rng)
    lf1 = derf.derf_log_features_np(w, X, params["A"], params["B1"], params["C1"], params["D"])   # (L, n)
    lf2 = derf.derf_log_features_np(w, Y, params["A"], params["B2"], params["C2"], params["D"])
    F1, F2 = np.exp(2 * lf1), np.exp(2 * lf2)                  # squared features
    m = F1 @ F2.T / n                                          # (Lx, Ly) sampled second moments
    est = float(np.mean(np.log(m)))
    Z = np.einsum("is,is->s", F1, (1 / m) @ F2) / m.size       # linearised statistic per draw
    se = float(np.std(Z, ddof=1) / math.sqrt(n))
    return MCResult(est, se, n)


def eq10_printed(A, Sigma, mu3, d):
    """Eq. (10) as printed: d(log(1-4A) - log(1-8A)/2 + 2(1-8A)^{-1}(d^{-1} sum Sigma + mu3) + 2 mu3).

    A literal transcription (current working precision) used to test (10) against the direct
    average at the optimum.

    Examples
    --------
    >>> mpmath.nstr(eq10_printed(0, [1], 0, 1), 5)
    '2.0'
    """
    A = mpmath.mpf(A)
    s = mpmath.fsum(Sigma) / d
    return d * (mp.log(1 - 4 * A) - mp.log(1 - 8 * A) / 2 + 2 / (1 - 8 * A) * (s + mu3) + 2 * mu3)


def eq11_printed(A_diag, Lambda, mean_x2, mean_y2):
    """Eq. (11) as printed: sum_l (log(1-4A_ll) - log(1-8A_ll)/2 + (1 + (1-8A_ll)^{-1}) Lambda_ll)
    - mean ||x||^2 - mean ||y||^2.

    Examples
    --------
    >>> mpmath.nstr(eq11_printed([0], [1], 0, 0), 5)
    '2.0'
    """
    return (mpmath.fsum(mp.log(1 - 4 * a) - mp.log(1 - 8 * a) / 2 + (1 + 1 / (1 - 8 * a)) * v
                        for a, v in zip(A_diag, Lambda)) - mean_x2 - mean_y2)


@functools.lru_cache(maxsize=None)
def aderf_reduction_expr():
    """sympy: the ADERF objective (8) for d = 1 reduced to Lemma A.1, starting from the derived moment.

    The second moment E[(f1 f2)^2] is :func:`rfsym.derf.derf_moments_expr` (sympy Gaussian
    integral); with B2 = (1-4A)/b, C_k from Thm 4.1 and D^4 = 1-4A its log is averaged over pairs
    (it is quadratic in x, y: x^2 -> m1, y^2 -> m2, xy -> mu), minimised over E = b^2 > 0 by sympy
    (stationary point of a convex function), and the result is compared with d f(A; phi) + 2 mu of
    Lemma A.1 (14).

    Returns
    -------
    dict with ``"reduced"`` (objective after minimising over b), ``"phi"`` (the Lemma A.1 parameter
    read off from the reduced objective: the coefficient of (1-8A)^{-1}), ``"Estar"`` and
    ``"symbols"`` (A, m1, m2, mu) -- here Sigma = sqrt(m1 m2) (d = 1).
    """
    e = derf.derf_moments_expr()
    A, B1, B2, C1, C2, D, x, y = e["symbols"]
    b = sympy.Symbol("b", positive=True)
    m1, m2 = sympy.symbols("m1 m2", positive=True)
    mu = sympy.Symbol("mu", real=True)
    u = 1 - 4 * A
    sub = {B1: b, B2: u / b, C1: -b ** 2 / (2 * u), C2: -(u / b) ** 2 / (2 * u), D: u ** sympy.Rational(1, 4)}
    logm2 = sympy.expand(sympy.expand_log(sympy.log(e["m2"].subs(sub)), force=True))
    poly = sympy.Poly(logm2, x, y)
    avg = (poly.coeff_monomial(x ** 2) * m1 + poly.coeff_monomial(y ** 2) * m2 + poly.coeff_monomial(x * y) * mu
           + poly.coeff_monomial(1))
    E = sympy.Symbol("E", positive=True)
    avgE = sympy.simplify(avg.subs(b, sympy.sqrt(E)))
    sol = [s for s in sympy.solve(sympy.diff(avgE, E), E) if s.is_positive is not False]
    Estar = sympy.simplify(sol[0])
    reduced = sympy.simplify(avgE.subs(E, Estar))
    # read phi off: reduced - [log(1-4A) - log(1-8A)/2 + 2 mu] must be phi/(1-8A)
    rest = sympy.simplify(reduced - (sympy.log(1 - 4 * A) - sympy.log(1 - 8 * A) / 2 + 2 * mu))
    phi = sympy.simplify(sympy.factor(rest * (1 - 8 * A)))
    return {"reduced": reduced, "phi": phi, "Estar": Estar, "symbols": (A, m1, m2, mu)}


@functools.lru_cache(maxsize=None)
def sderf_reduction_expr():
    """sympy: the SDERF trace term of (37) for d = 2 over rotations, and the per-coordinate reduction.

    With N = diag(l1, l2) (rotate the data), E = diag(e1, e2) of (35) and Q = R(t) a rotation,
    T(t) = Trace(E Q N Q^T) is derived by sympy; dT/dt = 0 at t = 0 and T(0) - T(t) =
    (e1 - e2)(l1 - l2) sin^2 t >= 0 when E and N are co-monotone (Lemma A.4 for d = 2). At t = 0 the
    coordinate l contributes log(1-4a) - log(1-8a)/2 - 2 e_l l_l = f(a; l_l) + l_l with f of (14).

    Returns
    -------
    dict with ``"T"``, ``"gap"`` (= T(0) - T(t), factored), ``"per_coordinate"`` (the coordinate
    term minus f(a; l) - l, which sympy simplifies to 0) and the symbols.
    """
    t = sympy.Symbol("t", real=True)
    a, l = sympy.symbols("a l", real=True)
    e1, e2, l1, l2 = sympy.symbols("e1 e2 l1 l2", real=True)
    R = sympy.Matrix([[sympy.cos(t), -sympy.sin(t)], [sympy.sin(t), sympy.cos(t)]])
    T = sympy.simplify((sympy.diag(e1, e2) * R * sympy.diag(l1, l2) * R.T).trace())
    gap = sympy.factor(sympy.simplify(sympy.trigsimp(T.subs(t, 0) - T)))
    e_of_a = -sympy.Rational(1, 2) - 1 / (2 * (1 - 8 * a))                  # (35)
    f, A1, phi = derf.lemma_a1_objective_expr()
    coord = sympy.log(1 - 4 * a) - sympy.log(1 - 8 * a) / 2 - 2 * e_of_a * l
    per = sympy.simplify(coord - (f.subs({A1: a, phi: l}) + l))
    return {"T": T, "gap": gap, "dT0": sympy.simplify(sympy.diff(T, t).subs(t, 0)), "per_coordinate": per,
            "coordinate_term": coord, "symbols": (t, a, l, e1, e2, l1, l2)}


# ---------------------------------------------------------------------------------------------
# Def. 2.1 / App. B.2: the M-sample estimator by exact enumeration; Sec. 5.1 heterogen gap; Sec. 6
# ---------------------------------------------------------------------------------------------

def estimator_moments_enumerated(params: dict, x, y, M: int, *, n_nodes: int = 40):
    """Exact mean and variance of the M-sample estimator (2) under a Gauss-Hermite law for omega.

    The Gaussian law N(0, I_d) of omega is replaced by the tensor Gauss-Hermite rule with
    ``n_nodes`` nodes per coordinate (probabilists' weight exp(-w^2/2), exact for polynomials of
    degree < 2 n_nodes); the features are the library's :func:`rfsym.derf.derf_features_np`. All
    ``(n_nodes^d)^M`` tuples of the M i.i.d. draws are enumerated, so the mean and the variance of
    :math:`\\widehat K = M^{-1}\\sum_m f_1(\\omega_m, x) f_2(\\omega_m, y)` are computed without the
    identity Var = Var(f1 f2)/M (which this route checks).

    Parameters
    ----------
    params : dict of float64 arrays ``A, B1, B2, C1, C2`` and ``D`` (a DERF; Thm 4.1 for K^(0))
    x, y : arrays of shape (d,) (d = 1 or 2)
    M : int
        Number of features (1 to 4).
    n_nodes : int

    Returns
    -------
    dict with ``mean``, ``var`` (of the M-sample estimator), ``m1``, ``m2`` (E f1 f2 and
    E (f1 f2)^2 under the rule) and ``tuples`` (number enumerated).

    Examples
    --------
    >>> p = {"A": np.zeros((1, 1)), "B1": np.eye(1), "B2": np.eye(1), "C1": -np.eye(1) / 2,
    ...      "C2": -np.eye(1) / 2, "D": 1.0}                     # PosRF, d = 1
    >>> r = estimator_moments_enumerated(p, np.array([0.5]), np.array([0.2]), 2)
    >>> round(r["mean"], 12) == round(math.exp(0.1), 12), round(r["var"] * 2 / (r["m2"] - r["m1"] ** 2), 12)
    (True, 1.0)
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    d = x.size
    if d not in (1, 2) or y.size != d:
        raise ValueError(f"x and y must have the same dimension d in (1, 2), got {x.size} and {y.size}")
    if not (isinstance(M, int) and 1 <= M <= 4):
        raise ValueError(f"M must be an integer in 1..4, got M={M!r}")
    t, w = np.polynomial.hermite_e.hermegauss(n_nodes)
    w = w / math.sqrt(2 * math.pi)
    if d == 1:
        nodes, weights = t[:, None], w
    else:
        nodes = np.stack(np.meshgrid(t, t, indexing="ij"), -1).reshape(-1, 2)
        weights = np.outer(w, w).ravel()
    f1 = derf.derf_features_np(nodes, x[None], params["A"], params["B1"], params["C1"], params["D"])[0]
    f2 = derf.derf_features_np(nodes, y[None], params["A"], params["B2"], params["C2"], params["D"])[0]
    p = f1 * f2
    m1, m2 = math.fsum(weights * p), math.fsum(weights * p * p)
    # enumerate all M-tuples: K_hat = mean of the M products, weight = product of the M weights
    Khat, W = p.copy(), weights.copy()
    for _ in range(M - 1):
        Khat = (Khat[:, None] + p[None, :]).ravel()
        W = (W[:, None] * weights[None, :]).ravel()
    Khat = Khat / M
    mean = math.fsum(W * Khat)
    var = math.fsum(W * (Khat - mean) ** 2)
    return {"mean": mean, "var": var, "m1": m1, "m2": m2, "tuples": int(Khat.size)}


def gerf_sderf_gap(X, Y):
    """Mean over all pairs of log(Var_GERF/K^2) - log(Var_SDERF/K^2), each family at its optimum.

    An implementation separate from :func:`rfsym.derf.log_relative_variance_np` and the
    ``*_optimum_np`` functions: the GERF optimum from Sec. 3.1 (Lemma A.1 with
    :math:`\\phi = L^{-2}\\sum\\|x_i+y_j\\|^2/d`) and the GERF variance (7); the SDERF optimum of
    Thm 4.3 (:math:`N = Q\\Lambda Q^\\top`, :math:`A_{ll} = A^*(\\Lambda_{ll})`, Lemma A.1 (15)) and
    its second moment written in the eigenbasis of N,
    :math:`\\log E(f_1f_2)^2 = \\sum_l[\\log(1-4a_l) - \\tfrac12\\log(1-8a_l)] - \\|x\\|^2 - \\|y\\|^2
    + 2\\sum_l g_l(u_l + v_l)^2`, :math:`g_l = (1-4a_l)/(1-8a_l)`, :math:`u = Q^\\top x`,
    :math:`v = Q^\\top y` (Thm 4.1 with :math:`B = (I-4A)^{1/2}Q^\\top`, :math:`C = -I/2`).

    Parameters
    ----------
    X, Y : arrays of shape (L, d)

    Returns
    -------
    float (nats).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X, Y = rng.normal(size=(20, 3)) * 0.5, rng.normal(size=(20, 3)) * 0.5 + 0.5
    >>> bool(gerf_sderf_gap(X, Y) > 0)
    True
    """
    X, Y = np.asarray(X, float), np.asarray(Y, float)
    L1, d = X.shape
    a_star = lambda phi: (1 - 2 * phi - np.sqrt((2 * phi + 1) ** 2 + 8 * phi)) / 16      # Lemma A.1, (15)
    nx, ny = (X ** 2).sum(1), (Y ** 2).sum(1)
    xy = X @ Y.T
    # GERF: phi = L^-2 sum |x_i + y_j|^2 / d, log second moment (7)
    a = float(a_star(((nx[:, None] + ny[None, :] + 2 * xy).mean()) / d))
    logm2_g = (d * (math.log(1 - 4 * a) - 0.5 * math.log(1 - 8 * a))
               + 2 * (1 - 4 * a) / (1 - 8 * a) * (nx[:, None] + ny[None, :] + 2 * xy) - nx[:, None] - ny[None, :])
    # SDERF: N = L^-2 sum_ij (x_i + y_j)(x_i + y_j)^T, computed pair by pair in blocks of x_i
    N = np.zeros((d, d))
    for i in range(L1):
        Z = X[i][None, :] + Y
        N += Z.T @ Z
    N /= L1 * Y.shape[0]
    lam, Q = np.linalg.eigh((N + N.T) / 2)
    al = a_star(np.clip(lam, 0, None))
    g = (1 - 4 * al) / (1 - 8 * al)
    U, V = X @ Q, Y @ Q
    logm2_s = (np.sum(np.log(1 - 4 * al) - 0.5 * np.log(1 - 8 * al)) - nx[:, None] - ny[None, :]
               + 2 * (((U ** 2) @ g)[:, None] + ((V ** 2) @ g)[None, :] + 2 * (U * g) @ V.T))
    lrv = lambda lm2: (lm2 - 2 * xy) + np.log(-np.expm1(-(lm2 - 2 * xy)))   # log(E(f1f2)^2/K^2 - 1), no overflow
    return float((lrv(logm2_g) - lrv(logm2_s)).mean())


def general_derf_slope(A, B1, X, Y, dA, dB, *, dps: int = 40):
    r"""Directional derivative of the direct objective (8) along a path of general DERFs.

    Path: :math:`\mathbf A(t) = \mathbf A + t\,dA` (dA symmetric), :math:`B^{(1)}(t) = B^{(1)}(I + t\,dB)`,
    :math:`B^{(2)}(t) = (I-4\mathbf A(t))B^{(1)}(t)^{-\top}`, C's and D from Thm 4.1: valid DERFs for
    every small t. Started at an SDERF or ADERF optimum with a non-scalar dA or a dB that makes
    :math:`B^{(1)} \ne B^{(2)}`, the path leaves that family. Central difference with step 1e-15 at
    ``dps + 30`` digits of :func:`direct_objective`.

    Parameters
    ----------
    A, B1 : mp matrices or nested sequences (d x d), the starting DERF (B2, C's, D follow from Thm 4.1)
    X, Y : exact data sets
    dA, dB : nested sequences (d x d) of exact reals, the direction
    dps : int

    Returns
    -------
    mpf, d/dt of (8) at t = 0.

    Examples
    --------
    >>> X, Y = [["0.5", "0.1"], ["-0.2", "0.3"]], [["0.3", "0.4"], ["0.4", "-0.6"]]
    >>> o = derf.sderf_optimum(X, Y, dps=40)
    >>> Z = [[0, 0], [0, 0]]
    >>> abs(general_derf_slope(o["A"], o["B"], X, Y, Z, Z)) < mpmath.mpf(10) ** -30
    True
    """
    with mp.workdps(dps + 30):
        A0, B0 = mp.matrix(A), mp.matrix(B1)
        d = A0.rows
        dAm, dBm = _mpm(dA), _mpm(dB)
        if mpmath.mnorm(dAm - dAm.T, 1) != 0:
            raise ValueError("dA must be symmetric")
        I = mp.eye(d)
        Xm, Ym = _mpm(X), _mpm(Y)

        def val(t):
            At = A0 + t * dAm
            Bt = B0 * (I + t * dBm)
            return direct_objective(_complete(At, Bt, (I - 4 * At) * mp.inverse(Bt).T), Xm, Ym)

        h = mpmath.mpf(10) ** -15
        slope = (val(h) - val(-h)) / (2 * h)
    return +slope
