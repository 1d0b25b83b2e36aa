"""Numerical searches and proof-step helpers for the optimality claims (Secs. 3.1, 4.1-4.3, App. A.4).

* :func:`example_data` -- small exact (decimal-string) data sets;
* :func:`closed_vs_direct` -- closed-form optimum of (8) against the direct L^2 average, in digits;
* :func:`family_minimum_np` -- unrestricted numerical minimisation of (8) over a whole family
  (smooth unconstrained parametrisations of the feasible sets, several BFGS starts);
* :func:`perturbation_minimum_np` -- random feasible perturbations of the closed-form optimum;
* :func:`random_derf_params_np` -- a random valid dense DERF;
* :func:`lemma_a4_bound`, :func:`max_trace_orthogonal_np`, :func:`sderf_G_np` -- Lemmas A.3/A.4 and
  Eqs. (51)-(60) of the proof of Thm 4.3.
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import scipy.linalg as sla
import scipy.optimize as sopt
from mpmath import mp

from ..couplings import sample
from ._helpers import _single_thread
from .objective import shifted_log_variance, shifted_log_variance_np
from .optima import (aderf_optimum, aderf_optimum_np, as_derf_params, as_derf_params_np, gerf_optimum,
                     gerf_optimum_np, saderf_optimum, saderf_optimum_np, sderf_optimum, sderf_optimum_np)


OPTIMA = {"gerf": gerf_optimum, "aderf": aderf_optimum, "sderf": sderf_optimum,
          "saderf": saderf_optimum}


_OPTIMA_NP = {"gerf": gerf_optimum_np, "aderf": aderf_optimum_np, "sderf": sderf_optimum_np,
              "saderf": saderf_optimum_np}


def example_data(seed: int, L: int = 6, d: int = 3, *, scale=0.5, shift=0.3, digits: int = 2):
    """Exact small data sets (nested lists of decimal strings) X ~ N(0, s^2), Y ~ N(shift, s^2) rounded.

    Examples
    --------
    >>> X, Y = example_data(0, L=2, d=2)
    >>> X
    [['0.06', '-0.07'], ['0.32', '0.05']]
    """
    rng = np.random.default_rng(seed)
    X = np.round(scale * rng.standard_normal((L, d)), digits)
    Y = np.round(shift + scale * rng.standard_normal((L, d)), digits)
    fmt = f"{{:.{digits}f}}"
    return ([[fmt.format(v) for v in row] for row in X], [[fmt.format(v) for v in row] for row in Y])


def _np(X):
    return np.array([[float(v) for v in row] for row in X])


def closed_vs_direct(family: str, X, Y, *, dps: int = 35):
    """Closed-form objective of a family's optimum vs the direct average of log(Var + K^2) over pairs.

    Returns
    -------
    (closed, direct, digits) : the two mpf values and their number of agreeing significant digits.

    Examples
    --------
    >>> X, Y = example_data(1, L=3, d=2)
    >>> c, dct, dig = closed_vs_direct("gerf", X, Y)
    >>> dig >= 30
    True
    """
    opt = OPTIMA[family](X, Y, dps=dps)
    d = len(X[0])
    with mp.workdps(dps + 15):
        params = as_derf_params(family, dict(opt, d=d))
    direct = shifted_log_variance(params, X, Y, dps=dps)
    with mp.workdps(dps + 15):
        diff = abs(opt["objective"] - direct)
        digits = math.inf if diff == 0 else float(-mpmath.log10(diff / abs(direct)))
    return opt["objective"], direct, digits


def _sym_from(v, d):
    S = np.zeros((d, d))
    S[np.triu_indices(d)] = v
    return S + S.T - np.diag(np.diag(S))


def _skew_from(v, d):
    K = np.zeros((d, d))
    K[np.triu_indices(d, 1)] = v
    return K - K.T


def _sym_expm(S):
    w, V = np.linalg.eigh(S)
    return (V * np.exp(w)) @ V.T


def _spd_sqrt(P):
    w, V = np.linalg.eigh(P)
    return (V * np.sqrt(w)) @ V.T


def _params_from_vector(family, v, d):
    """Map an unconstrained vector to feasible dense DERF parameters of the family (Thm 4.1 holds)."""
    I = np.eye(d)
    if family == "gerf":
        a = (1 - math.exp(v[0])) / 8
        B = math.sqrt(1 - 4 * a)
        return as_derf_params_np("gerf", {"A": a, "B": B, "C": -0.5, "D": (1 - 4 * a) ** (d / 4)}, d=d)
    if family == "saderf":
        a = (1 - math.exp(v[0])) / 8
        psi = np.exp(v[1:1 + d])
        g = {"A": a, "B": math.sqrt(1 - 4 * a), "C": -0.5, "D": (1 - 4 * a) ** (d / 4), "Psi": np.diag(psi)}
        return as_derf_params_np("saderf", g)
    if family == "aderf":
        a = (1 - math.exp(v[0])) / 8
        B1 = v[1:1 + d * d].reshape(d, d)
        B2 = (1 - 4 * a) * np.linalg.inv(B1).T
        A = a * I
    elif family in ("sderf", "derf"):
        S = _sym_from(v[:d * (d + 1) // 2], d)
        A = (I - _sym_expm(S)) / 8                     # I - 8A = expm(S) > 0: all of 8A < I
        P = I - 4 * A
        if family == "sderf":
            Q = sla.expm(_skew_from(v[d * (d + 1) // 2:], d))
            B1 = B2 = _spd_sqrt(P) @ Q                # B^T P^{-1} B = Q^T Q = I
        else:
            B1 = v[d * (d + 1) // 2:].reshape(d, d)
            B2 = P @ np.linalg.inv(B1).T              # B1^T P^{-1} B2 = I
    else:
        raise ValueError(f"unknown family {family!r}")
    Pi = np.linalg.inv(I - 4 * A)
    return {"A": A, "B1": B1, "B2": B2, "C1": -0.5 * B1.T @ Pi @ B1, "C2": -0.5 * B2.T @ Pi @ B2,
            "D": float(np.linalg.det(I - 4 * A)) ** 0.25}


def _nparams(family, d):
    return {"gerf": 1, "saderf": 1 + d, "aderf": 1 + d * d, "sderf": d * (d + 1) // 2 + d * (d - 1) // 2,
            "derf": d * (d + 1) // 2 + d * d}[family]


def family_objective_np(family, v, X, Y):
    """Objective (8) (direct float64 average over pairs) at the parameter vector ``v`` of a family."""
    X, Y = np.asarray(X, float), np.asarray(Y, float)
    try:
        p = _params_from_vector(family, np.asarray(v, float), X.shape[1])
        val = shifted_log_variance_np(p, X, Y)
    except (np.linalg.LinAlgError, ValueError, OverflowError):
        return 1e300
    return val if np.isfinite(val) else 1e300


@_single_thread
def family_minimum_np(family, X, Y, *, starts: int = 6, rng: np.random.Generator):
    """Best value of (8) found by BFGS over the whole family from ``starts`` random starting points.

    Families: gerf (A), saderf (A, Psi), aderf (A, B1 free invertible), sderf (A dense symmetric,
    Q in SO(d)), derf (A dense symmetric, B1 free; the general DERF of Thm 4.1 with B2 and the C's
    fixed by its conditions).

    Examples
    --------
    >>> X, Y = np.array([[0.5, 0.1], [-0.2, 0.3], [0.1, -0.4]]), np.array([[0.3, 0.3], [0.6, -0.1], [0.2, 0.5]])
    >>> best = family_minimum_np("gerf", X, Y, starts=2, rng=np.random.default_rng(0))
    >>> bool(best >= gerf_optimum_np(X, Y)["objective"] - 1e-9)
    True
    """
    X, Y = np.asarray(X, float), np.asarray(Y, float)
    d = X.shape[1]
    n = _nparams(family, d)
    best = math.inf
    for _ in range(starts):
        v0 = rng.normal(scale=0.5, size=n)
        if family in ("aderf", "derf"):
            B0 = np.eye(d) + 0.3 * rng.normal(size=(d, d))
            v0[-d * d:] = B0.ravel()
        res = sopt.minimize(lambda v: family_objective_np(family, v, X, Y), v0, method="BFGS",
                            options={"gtol": 1e-10, "maxiter": 4000})
        best = min(best, float(res.fun))
    return best


@_single_thread
def perturbation_minimum_np(family, X, Y, *, n: int = 200, scale: float = 1e-2, rng: np.random.Generator):
    """Smallest objective (8) over random feasible perturbations of the closed-form optimum.

    Perturbs the optimum's parameters inside the family (A by a relative amount, B-matrices by a
    random matrix, Psi by a random factor), re-imposes the Thm 4.1 conditions, and returns
    (min over perturbations, closed-form objective).
    """
    X, Y = np.asarray(X, float), np.asarray(Y, float)
    d = X.shape[1]
    opt = _OPTIMA_NP[family](X, Y)
    I = np.eye(d)
    vals = []
    for _ in range(n):
        e = scale * rng.normal()
        if family == "gerf":
            a = opt["A"] + e
            p = as_derf_params_np("gerf", {"A": a, "B": math.sqrt(1 - 4 * a), "C": -0.5,
                                                "D": (1 - 4 * a) ** (d / 4)}, d=d)
        elif family == "saderf":
            a = opt["A"] + e
            psi = np.diag(opt["Psi"]) * np.exp(scale * rng.normal(size=d))
            p = as_derf_params_np("saderf", {"A": a, "B": math.sqrt(1 - 4 * a), "C": -0.5,
                                                  "D": (1 - 4 * a) ** (d / 4), "Psi": np.diag(psi)})
        elif family == "aderf":
            a = opt["A"] + e
            B1 = opt["B1"] + scale * rng.normal(size=(d, d))
            B2 = (1 - 4 * a) * np.linalg.inv(B1).T
            p = {"A": a * I, "B1": B1, "B2": B2, "C1": -B1.T @ B1 / (2 * (1 - 4 * a)),
                 "C2": -B2.T @ B2 / (2 * (1 - 4 * a)), "D": (1 - 4 * a) ** (d / 4)}
        else:  # sderf: dense symmetric perturbation of A, orthogonal perturbation of Q
            A = opt["A"] + scale * _sym_from(rng.normal(size=d * (d + 1) // 2), d)
            Q = sla.expm(scale * _skew_from(rng.normal(size=d * (d - 1) // 2), d)) @ \
                (np.diag(1 / np.sqrt(1 - 4 * np.diag(opt["A"]))) @ opt["B"])
            P = I - 4 * A
            B = _spd_sqrt(P) @ Q
            Pi = np.linalg.inv(P)
            p = {"A": A, "B1": B, "B2": B, "C1": -0.5 * B.T @ Pi @ B, "C2": -0.5 * B.T @ Pi @ B,
                 "D": float(np.linalg.det(P)) ** 0.25}
        vals.append(shifted_log_variance_np(p, X, Y))
    return float(min(vals)), float(opt["objective"])


def random_derf_params_np(d, rng, *, scale=0.3):
    """A random valid dense DERF (Thm 4.1 conditions hold): symmetric A with 8A < I, B1 random."""
    S = rng.normal(scale=scale, size=(d, d))
    S = (S + S.T) / 2
    I = np.eye(d)
    A = (I - _sym_expm(S)) / 8
    A = (A + A.T) / 2                                  # exactly symmetric binary values
    B1 = I + scale * rng.normal(size=(d, d))
    P = I - 4 * A
    B2 = P @ np.linalg.inv(B1).T
    Pi = np.linalg.inv(P)
    return {"A": A, "B1": B1, "B2": B2, "C1": -0.5 * B1.T @ Pi @ B1, "C2": -0.5 * B2.T @ Pi @ B2,
            "D": float(np.linalg.det(P)) ** 0.25}


def lemma_a4_bound(E_diag, lam):
    """sum_l E_{pi_l} Lambda_l with E sorted non-ascending and Lambda non-ascending (Eq. (43))."""
    return float(np.sum(np.sort(E_diag)[::-1] * np.sort(lam)[::-1]))


@_single_thread
def max_trace_orthogonal_np(E_diag, N, *, rng, starts=5, samples=2000):
    """Largest Trace(E Q N Q^T) found over O(d): Haar samples and BFGS over SO(d) (and a reflection)."""
    d = len(E_diag)
    E = np.diag(E_diag)
    best = -math.inf
    Qs = sample("orthogonal", d, d * samples, rng).reshape(samples, d, d)
    Qs /= np.linalg.norm(Qs, axis=2, keepdims=True)
    vals = np.einsum("ii,nij,jk,nik->n", E, Qs, N, Qs)
    best = max(best, float(vals.max()))
    R = np.diag([-1.0] + [1.0] * (d - 1))
    for _ in range(starts):
        for refl in (np.eye(d), R):
            f = lambda v: -np.trace(E @ (sla.expm(_skew_from(v, d)) @ refl) @ N @ (sla.expm(_skew_from(v, d)) @ refl).T)
            res = sopt.minimize(f, rng.normal(size=d * (d - 1) // 2), method="BFGS")
            best = max(best, -float(res.fun))
    return best


def sderf_G_np(A_diag, lam, mx, my):
    """G(A) of Eq. (51)/(52): optimal (8) over B for a fixed diagonal A (Lemma A.4 pairing)."""
    A_diag = np.asarray(A_diag, float)
    E = -0.5 - 0.5 / (1 - 8 * A_diag)
    return (np.sum(np.log1p(-4 * A_diag) - 0.5 * np.log1p(-8 * A_diag)) - mx - my
            - 2 * lemma_a4_bound(E, lam))
