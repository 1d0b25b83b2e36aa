"""Closed-form minimisers of the shifted log-variance (8): GERF (Sec. 3.1), ADERF (Thm 4.2), SDERF
(Thm 4.3) and SADERF (Sec. 4.3), at high precision and in float64, and the embedding of each family's
parameters into dense DERF parameters (Sec. 4).

Every optimum reduces to :func:`rfsym.derf.lemma_a1_argmin` (Lemma A.1) with a data statistic
:math:`\\phi`. The high-precision optima verify the invariant quantities (``A``, ``phi``, ``D``,
the objective ...) by recomputation; eigen- and singular vectors are one optimal choice.
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from mpmath import mp

from ..precision import DEFAULT_DPS, check_dps, to_mp, verified
from ._helpers import _check_pair_np, _data_pair, _diag, _dot, _eigsy, _mpmat
from .lemma_a1 import _a1_argmin_mp, _a1_np, _a1_objective_mp


def _stats(Xm, Ym):
    lx, ly, d = Xm.rows, Ym.rows, Xm.cols
    mu4 = [mpmath.fsum(Xm[i, l] for i in range(lx)) / lx for l in range(d)]
    mu5 = [mpmath.fsum(Ym[j, l] for j in range(ly)) / ly for l in range(d)]
    M1 = mp.zeros(d, d)
    M2 = mp.zeros(d, d)
    for a in range(d):
        for b in range(a, d):
            M1[a, b] = M1[b, a] = mpmath.fsum(Xm[i, a] * Xm[i, b] for i in range(lx)) / lx
            M2[a, b] = M2[b, a] = mpmath.fsum(Ym[j, a] * Ym[j, b] for j in range(ly)) / ly
    mx = sum(M1[l, l] for l in range(d))
    my = sum(M2[l, l] for l in range(d))
    return {"mu4": mu4, "mu5": mu5, "M1": M1, "M2": M2, "mx": mx, "my": my, "xy": _dot(mu4, mu5)}


def _check_nonsingular(M, name):
    ev, _ = _eigsy(M)
    top = max(abs(e) for e in ev)
    if top == 0 or min(ev) <= top * mpmath.mpf(10) ** (-(mp.dps - 5)):
        raise ValueError(f"{name} must be nonsingular (Thm 4.2 needs positive definite {name}; "
                         f"it requires L >= d points in general position), got smallest eigenvalue "
                         f"{mpmath.nstr(min(ev), 5)}")


def _gerf_opt_mp(Xm, Ym):
    st = _stats(Xm, Ym)
    d = Xm.cols
    S = st["mx"] + st["my"] + 2 * st["xy"]          # mean over pairs of ||x + y||^2
    phi = S / d
    a = _a1_argmin_mp(phi)
    obj = d * _a1_objective_mp(a, phi) + S - st["mx"] - st["my"]
    return {"A": a, "B": mp.sqrt(1 - 4 * a), "C": -mpmath.mpf(1) / 2, "D": (1 - 4 * a) ** (mpmath.mpf(d) / 4),
            "phi": phi, "objective": obj}


def _aderf_opt_mp(Xm, Ym):
    st = _stats(Xm, Ym)
    d = Xm.cols
    _check_nonsingular(st["M1"], "M1")
    _check_nonsingular(st["M2"], "M2")
    l1, Q1 = _eigsy(st["M1"])
    l2, Q2 = _eigsy(st["M2"])
    W = _diag([mp.sqrt(v) for v in l1]) * Q1.T * Q2 * _diag([mp.sqrt(v) for v in l2])
    U, Sg, Vt = mp.svd_r(W)
    sig = [Sg[i] for i in range(d)]
    mu3 = st["xy"] / d
    phi = 2 * mpmath.fsum(sig) / d + 2 * mu3
    a = _a1_argmin_mp(phi)
    r = mp.sqrt(1 - 4 * a)
    B1 = r * _diag([mp.sqrt(s) for s in sig]) * U.T * _diag([1 / mp.sqrt(v) for v in l1]) * Q1.T
    B2 = r * _diag([1 / mp.sqrt(s) for s in sig]) * U.T * _diag([mp.sqrt(v) for v in l1]) * Q1.T
    C1 = -(B1.T * B1) / (2 * (1 - 4 * a))
    C2 = -(B2.T * B2) / (2 * (1 - 4 * a))
    D = (1 - 4 * a) ** (mpmath.mpf(d) / 4)
    obj = d * (mp.log(1 - 4 * a) - mp.log(1 - 8 * a) / 2 + 2 / (1 - 8 * a) * (mpmath.fsum(sig) / d + mu3) + 2 * mu3)
    return {"A": a, "B1": B1, "B2": B2, "C1": C1, "C2": C2, "D": D, "phi": phi, "objective": obj,
            "Sigma": sig, "mu3": mu3}


def _sderf_opt_mp(Xm, Ym):
    st = _stats(Xm, Ym)
    d = Xm.cols
    mu4, mu5 = st["mu4"], st["mu5"]
    N = st["M1"] + st["M2"]
    for a in range(d):
        for b in range(d):
            N[a, b] += mu4[a] * mu5[b] + mu5[a] * mu4[b]
    ev, Q = _eigsy(N)
    order = sorted(range(d), key=lambda i: -ev[i])          # non-ascending
    lam = [max(ev[i], mpmath.mpf(0)) for i in order]         # N is PSD; clamp round-off
    Q3 = mp.zeros(d, d)
    for c, i in enumerate(order):
        for r in range(d):
            Q3[r, c] = Q[r, i]
    Ad = [_a1_argmin_mp(v) for v in lam]
    A = _diag(Ad)
    B = _diag([mp.sqrt(1 - 4 * a) for a in Ad]) * Q3.T
    C = -mp.eye(d) / 2
    D = mpmath.fprod(1 - 4 * a for a in Ad) ** (mpmath.mpf(1) / 4)
    obj = mpmath.fsum(mp.log(1 - 4 * a) - mp.log(1 - 8 * a) / 2 + (1 + 1 / (1 - 8 * a)) * v
                      for a, v in zip(Ad, lam)) - st["mx"] - st["my"]
    return {"A": A, "B": B, "C": C, "D": D, "objective": obj, "Lambda3": lam, "Q3": Q3}


def _saderf_opt_mp(Xm, Ym):
    lx, ly, d = Xm.rows, Ym.rows, Xm.cols
    psi = []
    for l in range(d):
        sx = mpmath.fsum(Xm[i, l] ** 2 for i in range(lx)) / lx
        sy = mpmath.fsum(Ym[j, l] ** 2 for j in range(ly)) / ly
        if sx == 0 or sy == 0:
            raise ValueError(f"SADERF needs every coordinate to be nonzero somewhere in X and in Y "
                             f"(Psi_ll = (sum_j y_l^2 / sum_i x_l^2)^(1/4) must be finite and nonzero), "
                             f"got coordinate l={l} with sum x_l^2={mpmath.nstr(sx * lx, 5)}, "
                             f"sum y_l^2={mpmath.nstr(sy * ly, 5)}")
        psi.append((sy / sx) ** (mpmath.mpf(1) / 4))
    Xp = mp.matrix(lx, d)
    Yp = mp.matrix(ly, d)
    for l in range(d):
        for i in range(lx):
            Xp[i, l] = Xm[i, l] * psi[l]
        for j in range(ly):
            Yp[j, l] = Ym[j, l] / psi[l]
    g = _gerf_opt_mp(Xp, Yp)
    g["Psi"] = _diag(psi)
    return g


def _optimum(kind, X, Y, dps):
    dps = check_dps(dps)
    _data_pair(X, Y)
    fn = {"gerf": _gerf_opt_mp, "aderf": _aderf_opt_mp, "sderf": _sderf_opt_mp, "saderf": _saderf_opt_mp}[kind]
    # validate once at low precision (raises ValueError for singular / degenerate data)
    with mp.workdps(max(dps, 20) + 10):
        fn(_mpmat(X, "X"), _mpmat(Y, "Y"))

    def run():
        out = fn(_mpmat(X, "X"), _mpmat(Y, "Y"))
        return {k: v for k, v in out.items()}
    # eigenvectors / singular vectors are defined up to sign: verify the invariant quantities only
    def invariant():
        out = fn(_mpmat(X, "X"), _mpmat(Y, "Y"))
        keep = {"objective": out["objective"]}
        for k in ("A", "phi", "D", "Psi", "Sigma", "Lambda3", "B"):
            if k in out and not (kind in ("aderf", "sderf") and k == "B"):
                keep[k] = out[k]
        return keep
    verified(invariant, dps, what=f"{kind}_optimum", absolute=mpmath.mpf(10) ** (-dps - 20))
    with mp.workdps(dps + 15):
        return run()


def gerf_optimum(X, Y, *, dps: int = DEFAULT_DPS):
    """GERF parameters minimising the shifted log-variance (8) on data sets X, Y (Sec. 3.1).

    The average of (7) over all pairs is d f(A) + S - mean||x||^2 - mean||y||^2 with f of Lemma A.1,
    phi = S/d and S = L^{-2} sum_{ij} ||x_i + y_j||^2; hence A* = :func:`lemma_a1_argmin` (S/d) -- the
    homogeneity heuristic of [31].

    Returns
    -------
    dict
        ``"A"``, ``"B"`` (= sqrt(1-4A)), ``"C"`` (= -1/2, the corrected Eq. (6) of [31] that
        :func:`gerf_features_np` evaluates as :math:`C\\|x\\|^2`), ``"D"`` (= (1-4A)^{d/4}),
        ``"phi"`` (= S/d) and ``"objective"`` (value of (8)).

    Examples
    --------
    >>> from mpmath import nstr
    >>> o = gerf_optimum([[1, 0], [0, 1]], [[1, 1], [0, 0]])
    >>> nstr(o["phi"], 10), nstr(o["objective"], 15), nstr(o["C"], 5)
    ('1.5', '2.18531040843933', '-0.5')
    """
    return _optimum("gerf", X, Y, dps)


def aderf_optimum(X, Y, *, dps: int = DEFAULT_DPS):
    """ADERF parameters of Thm 4.2 (closed-form minimiser of (8) over A = A I_d, B1, B2, C1, C2, D).

    M1 = L^{-1} sum x x^T, M2 = L^{-1} sum y y^T must be nonsingular. With M_k = Q_k Lam_k Q_k^T and
    U Sigma V^T = Lam_1^{1/2} Q_1^T Q_2 Lam_2^{1/2}: phi = 2 mean(Sigma) + 2 mu3, A = A*(phi),
    B1 = sqrt(1-4A) Sigma^{1/2} U^T Lam_1^{-1/2} Q_1^T, B2 = sqrt(1-4A) Sigma^{-1/2} U^T Lam_1^{1/2} Q_1^T,
    C_k = -B_k^T B_k / (2(1-4A)), D = (1-4A)^{d/4}; objective Eq. (10).

    Returns
    -------
    dict with ``"A"`` (scalar), ``"B1"``, ``"B2"``, ``"C1"``, ``"C2"`` (mp matrices), ``"D"``,
    ``"phi"``, ``"objective"`` and the intermediate ``"Sigma"`` (singular values), ``"mu3"``.
    ``A``, ``D``, ``phi``, ``Sigma`` and ``objective`` are verified to ``dps`` digits; the matrices are
    *one* optimal solution (eigen- and singular vectors are not unique) computed at ``dps + 15``
    working digits.

    Raises
    ------
    ValueError
        If M1 or M2 is singular (e.g. L < d).

    Examples
    --------
    >>> from mpmath import nstr
    >>> o = aderf_optimum([[1, 0], [0, 2]], [[1, 1], [1, -1]])
    >>> nstr(o["objective"], 15)
    '2.57562667187302'
    >>> aderf_optimum([[1, 0]], [[1, 1]])
    Traceback (most recent call last):
    ...
    ValueError: M1 must be nonsingular (Thm 4.2 needs positive definite M1; it requires L >= d points in general position), got smallest eigenvalue 0.0
    """
    return _optimum("aderf", X, Y, dps)


def sderf_optimum(X, Y, *, dps: int = DEFAULT_DPS):
    """SDERF parameters of Thm 4.3 (closed-form minimiser of (8) over A diagonal, B, C, D).

    N = M1 + mu4 mu5^T + mu5 mu4^T + M2 = Q3 Lam3 Q3^T (non-ascending); A_ll = A*(Lam3_ll),
    B = (I - 4A)^{1/2} Q3^T, C = -I/2, D = det(I - 4A)^{1/4}; objective Eq. (11).

    Returns
    -------
    dict with ``"A"`` (diagonal mp matrix), ``"B"``, ``"C"``, ``"D"``, ``"objective"`` and
    ``"Lambda3"``, ``"Q3"``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> o = sderf_optimum([[1, 0], [0, 2]], [[1, 1], [1, -1]])
    >>> nstr(o["objective"], 15)
    '2.56813415544108'
    """
    return _optimum("sderf", X, Y, dps)


def saderf_optimum(X, Y, *, dps: int = DEFAULT_DPS):
    """SADERF parameters (Sec. 4.3): Psi_ll = (sum_j y_l^2 / sum_i x_l^2)^{1/4}, then the GERF optimum
    on (Psi X, Psi^{-1} Y).

    Returns
    -------
    dict with ``"Psi"`` (diagonal mp matrix), the GERF ``"A"``, ``"B"``, ``"C"``, ``"D"``, ``"phi"`` and
    ``"objective"``.

    Examples
    --------
    >>> from mpmath import nstr
    >>> o = saderf_optimum([[1, 0], [0, 2]], [[1, 1], [1, -1]])
    >>> nstr(o["Psi"][1, 1]**4, 10)
    '0.5'
    """
    return _optimum("saderf", X, Y, dps)


def as_derf_params(family: str, opt: dict):
    """Dense DERF parameters (A, B1, B2, C1, C2, D) of a GERF/ADERF/SDERF/SADERF parameter mapping.

    GERF: A I, B I, B I, C I, C I, D (Sec. 4, with the corrected (6): C = -1/2). SADERF: B Psi,
    B Psi^{-1}, C Psi^2, C Psi^{-2}. Works at the current working precision.

    Examples
    --------
    >>> p = as_derf_params("gerf", {"A": 0, "B": 1, "C": "-1/2", "D": 1, "d": 2})
    >>> p["C1"]
    matrix(
    [['-0.5', '0.0'],
     ['0.0', '-0.5']])
    """
    if family not in ("gerf", "aderf", "sderf", "saderf"):
        raise ValueError(f"family must be one of gerf, aderf, sderf, saderf, got family={family!r}")
    if family == "sderf":
        A, B, C = opt["A"], opt["B"], opt["C"]
        return {"A": A, "B1": B, "B2": B, "C1": C, "C2": C, "D": opt["D"]}
    if family == "aderf":
        d = opt["B1"].rows
        return {"A": mp.eye(d) * opt["A"], "B1": opt["B1"], "B2": opt["B2"], "C1": opt["C1"],
                "C2": opt["C2"], "D": opt["D"]}
    if family == "gerf":
        d = opt["d"] if "d" in opt else None
        if d is None:
            raise ValueError("gerf parameters need the dimension: pass opt['d']")
        I = mp.eye(d)
        A, B, C = to_mp(opt["A"], "A"), to_mp(opt["B"], "B"), to_mp(opt["C"], "C")
        return {"A": A * I, "B1": B * I, "B2": B * I, "C1": C * I, "C2": C * I, "D": to_mp(opt["D"], "D")}
    Psi = opt["Psi"]
    d = Psi.rows
    Pinv = _diag([1 / Psi[l, l] for l in range(d)])
    A, B, C = opt["A"], opt["B"], opt["C"]
    return {"A": A * mp.eye(d), "B1": B * Psi, "B2": B * Pinv, "C1": C * Psi * Psi,
            "C2": C * Pinv * Pinv, "D": opt["D"]}


def gerf_optimum_np(X, Y):
    """float64 version of :func:`gerf_optimum` (dict of floats).

    Examples
    --------
    >>> round(gerf_optimum_np([[1, 0], [0, 1]], [[1, 1], [0, 0]])["objective"], 10)
    2.1853104084
    """
    X, Y = _check_pair_np(X, Y)
    d = X.shape[1]
    mx, my = (X ** 2).sum(1).mean(), (Y ** 2).sum(1).mean()
    S = mx + my + 2 * X.mean(0) @ Y.mean(0)
    phi = S / d
    a = float(_a1_np(phi))
    obj = d * (np.log1p(-4 * a) - np.log1p(-8 * a) / 2 + phi / (1 - 8 * a)) + S - mx - my
    return {"A": a, "B": math.sqrt(1 - 4 * a), "C": -0.5, "D": (1 - 4 * a) ** (d / 4), "phi": phi,
            "objective": float(obj)}


def aderf_optimum_np(X, Y):
    """float64 version of :func:`aderf_optimum`.

    Examples
    --------
    >>> round(aderf_optimum_np([[1, 0], [0, 2]], [[1, 1], [1, -1]])["objective"], 10)
    2.5756266719
    """
    X, Y = _check_pair_np(X, Y)
    L1, L2, d = X.shape[0], Y.shape[0], X.shape[1]
    M1, M2 = X.T @ X / L1, Y.T @ Y / L2
    l1, Q1 = np.linalg.eigh(M1)
    l2, Q2 = np.linalg.eigh(M2)
    for lam, n in ((l1, "M1"), (l2, "M2")):
        if lam.min() <= lam.max() * 1e-12:
            raise ValueError(f"{n} must be nonsingular (Thm 4.2), got smallest eigenvalue {lam.min():.3g}")
    W = (np.sqrt(l1)[:, None] * (Q1.T @ Q2)) * np.sqrt(l2)[None, :]
    U, sig, Vt = np.linalg.svd(W)
    mu3 = X.mean(0) @ Y.mean(0) / d
    phi = 2 * sig.mean() + 2 * mu3
    a = float(_a1_np(phi))
    r = math.sqrt(1 - 4 * a)
    B1 = r * (np.sqrt(sig)[:, None] * U.T) @ (Q1 / np.sqrt(l1)[None, :]).T
    B2 = r * (1 / np.sqrt(sig)[:, None] * U.T) @ (Q1 * np.sqrt(l1)[None, :]).T
    obj = d * (np.log1p(-4 * a) - np.log1p(-8 * a) / 2 + 2 / (1 - 8 * a) * (sig.mean() + mu3) + 2 * mu3)
    return {"A": a, "B1": B1, "B2": B2, "C1": -(B1.T @ B1) / (2 * (1 - 4 * a)),
            "C2": -(B2.T @ B2) / (2 * (1 - 4 * a)), "D": (1 - 4 * a) ** (d / 4), "phi": float(phi),
            "objective": float(obj), "Sigma": sig}


def sderf_optimum_np(X, Y):
    """float64 version of :func:`sderf_optimum`.

    Examples
    --------
    >>> round(sderf_optimum_np([[1, 0], [0, 2]], [[1, 1], [1, -1]])["objective"], 10)
    2.5681341554
    """
    X, Y = _check_pair_np(X, Y)
    mu4, mu5 = X.mean(0), Y.mean(0)
    N = X.T @ X / X.shape[0] + Y.T @ Y / Y.shape[0] + np.outer(mu4, mu5) + np.outer(mu5, mu4)
    lam, Q = np.linalg.eigh(N)
    lam, Q = np.clip(lam[::-1], 0, None), Q[:, ::-1]
    Ad = _a1_np(lam)
    B = np.sqrt(1 - 4 * Ad)[:, None] * Q.T
    obj = (np.sum(np.log1p(-4 * Ad) - np.log1p(-8 * Ad) / 2 + (1 + 1 / (1 - 8 * Ad)) * lam)
           - (X ** 2).sum(1).mean() - (Y ** 2).sum(1).mean())
    return {"A": np.diag(Ad), "B": B, "C": -np.eye(len(lam)) / 2, "D": float(np.prod(1 - 4 * Ad) ** 0.25),
            "objective": float(obj), "Lambda3": lam}


def saderf_optimum_np(X, Y):
    """float64 version of :func:`saderf_optimum`.

    Examples
    --------
    >>> float(round(saderf_optimum_np([[1, 0], [0, 2]], [[1, 1], [1, -1]])["Psi"][1, 1]**4, 10))
    0.5
    """
    X, Y = _check_pair_np(X, Y)
    sx, sy = (X ** 2).mean(0), (Y ** 2).mean(0)
    if np.any(sx == 0) or np.any(sy == 0):
        raise ValueError("SADERF needs every coordinate to be nonzero somewhere in X and in Y")
    psi = (sy / sx) ** 0.25
    g = gerf_optimum_np(X * psi, Y / psi)
    g["Psi"] = np.diag(psi)
    return g


def as_derf_params_np(family, opt, d=None):
    """float64 dense DERF parameters (A, B1, B2, C1, C2, D) of a family's parameter dict.

    Examples
    --------
    >>> as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=1)["C1"]
    array([[-0.5]])
    """
    if family == "sderf":
        return {"A": opt["A"], "B1": opt["B"], "B2": opt["B"], "C1": opt["C"], "C2": opt["C"], "D": opt["D"]}
    if family == "aderf":
        d = opt["B1"].shape[0]
        return {"A": opt["A"] * np.eye(d), "B1": opt["B1"], "B2": opt["B2"], "C1": opt["C1"], "C2": opt["C2"],
                "D": opt["D"]}
    if family == "gerf":
        if d is None:
            raise ValueError("gerf parameters need the dimension d")
        I = np.eye(d)
        return {"A": opt["A"] * I, "B1": opt["B"] * I, "B2": opt["B"] * I, "C1": opt["C"] * I,
                "C2": opt["C"] * I, "D": opt["D"]}
    if family == "saderf":
        P = opt["Psi"]
        Pi = np.diag(1 / np.diag(P))
        d = P.shape[0]
        return {"A": opt["A"] * np.eye(d), "B1": opt["B"] * P, "B2": opt["B"] * Pi, "C1": opt["C"] * P @ P,
                "C2": opt["C"] * Pi @ Pi, "D": opt["D"]}
    raise ValueError(f"family must be one of gerf, aderf, sderf, saderf, got family={family!r}")
