"""The papers' experiments on the real data: image regimes (MNIST, CIFAR-10) and UCI kernel classification.

Computation only (the claim checks that judge the results are in :mod:`rfsym.realdata_claims`, the
runner that writes the cached results is ``python -m rfsym.realdata_run``).  Every experiment draws its
randomness from a :class:`numpy.random.SeedSequence` keyed by the experiment's coordinates (paper,
data set, method, number of features, sigma index, seed index, phase), so any single cell of a run
can be recomputed on its own and compared with the cache bit for bit.

Variance comparison on images (CRT Sec. 5.1 / App. 9.10.1, DERF Sec. 5.1 / App. B.2)
    Pairs of sets of L images, "resized to 8x8, scaled by sigma and flattened" (d = 64); the mean
    over all L^2 pairs of the log-variance (CRT, Gaussian kernel, real mechanisms divided by 2) or of
    the log relative variance (DERF, softmax kernel, M = 1), parameters fitted on each pair of sets.
    The variances are the library's: :func:`rfsym.crt_experiments.fit_parameters` /
    :func:`rfsym.crt_experiments.log_variances` (Eqs. (6), (11), (13)) and
    :func:`rfsym.derf.log_relative_variance_np` (Eq. (9)) with the optima of :mod:`rfsym.derf`.

Kernel classification (CRT Sec. 5.2 / App. 9.10.2, DERF Sec. 5.2 / App. B.3, SimRF Sec. 5.3 / App. B.1)
    Predicted class ``argmax_l sum_i K(sigma u*, sigma u_i) r_i`` with the Gaussian kernel
    (:math:`K^{(-1/2)}` for DERF; the normalising denominator of CRT and SimRF does not change the
    argmax) and K replaced by a random-feature estimate.  Scores are computed in log space with
    per-feature and per-query shifts that do not change the argmax, so no feature overflows even
    at sigma = 100 on raw UCI units.

References
----------
.. [CRT] Likhosherstov et al., Chefs' Random Tables, NeurIPS 2022, Sec. 5, App. 9.10.
.. [DERF] Likhosherstov et al., Dense-Exponential Random Features, ICLR 2024, Sec. 5, App. B.
.. [SimRF] Reid et al., Simplex Random Features, ICML 2023, Sec. 5.3, App. B.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import special

from . import couplings, crt, derf
from .crt import experiments as cx
from . import datasets as ds

__all__ = ["SEED", "IMAGE_REGIMES", "IMAGE_VARIANTS", "variant_kwargs", "rng_for", "image_sets",
           "crt_image_regime", "derf_image_regime", "split_indices", "SIGMA_GRID", "CRT_METHODS",
           "DERF_METHODS", "SIMRF_METHODS", "log_features", "class_scores", "exact_scores",
           "accuracy_counts", "prepare"]

#: base of every seed of this module
SEED = 20251125

IMAGE_REGIMES = ("mnist", "cifar10", "mnist/cifar10")
#: preprocessing variants of the image regimes: resize method / CIFAR-10 grayscale weights / pixel scaling
IMAGE_VARIANTS = tuple(f"{r}/{g}/{s}" for s in ("unit", "sym", "raw") for g in ("bt601", "mean")
                       for r in ds.RESIZE_METHODS)
#: sigma grid of the classification experiments: 10 log-uniform values on [1e-2, 1e2] (CRT App. 9.10.2)
SIGMA_GRID = tuple(float(v) for v in np.logspace(-2, 2, 10))

CRT_METHODS = ("TrigRF", "PosRF", "GERF", "PoisRF", "GeomRF", "OPRF", "PoisRF+", "GeomRF+")
DERF_METHODS = ("trig", "pos", "gerf", "aderf", "sderf")
SIMRF_METHODS = ("iid", "orthogonal", "simplex", "simplex+")
_PAPER_ID = {"CRT": 1, "DERF": 2, "SimRF": 3, "images-CRT": 4, "images-DERF": 5}


def rng_for(*key) -> np.random.Generator:
    """Generator for one cell of an experiment, keyed by non-negative integers (and paper names).

    Examples
    --------
    >>> float(rng_for("CRT", 0, 1).random()) == float(rng_for("CRT", 0, 1).random())
    True
    """
    ints = [SEED] + [_PAPER_ID[k] if isinstance(k, str) else int(k) for k in key]
    return np.random.default_rng(np.random.SeedSequence(ints))


def variant_kwargs(variant: str) -> dict:
    """``"area/bt601/unit"`` -> keyword arguments of :func:`rfsym.datasets.load_images`.

    Examples
    --------
    >>> variant_kwargs("bilinear/mean/sym")
    {'resize': 'bilinear', 'gray': 'mean', 'scale': 'sym'}
    """
    if variant not in IMAGE_VARIANTS:
        raise ValueError(f"variant must be one of {IMAGE_VARIANTS}, got variant={variant!r}")
    r, g, s = variant.split("/")
    return {"resize": r, "gray": g, "scale": s}


def image_sets(regime: str, L: int, sigma: float, rng: np.random.Generator, *, variant: str = "area/bt601/unit"):
    """Two sets ``X, Y`` of ``L`` flattened 8x8 images (preprocessing ``variant``) times ``sigma``.

    ``mnist``: 2L distinct MNIST test images; ``cifar10``: 2L distinct CIFAR-10 images (only 1,017
    are available, so L <= 508); ``mnist/cifar10``: X from MNIST, Y from CIFAR-10 (L <= 1017).

    Examples
    --------
    >>> X, Y = image_sets("mnist/cifar10", 3, 0.5, np.random.default_rng(0))
    >>> X.shape, Y.shape, bool(X.max() <= 0.5)
    ((3, 64), (3, 64), True)
    """
    if regime not in IMAGE_REGIMES:
        raise ValueError(f"regime must be one of {IMAGE_REGIMES}, got regime={regime!r}")
    if not sigma > 0:
        raise ValueError(f"sigma must satisfy sigma > 0, got sigma={sigma}")
    kw = variant_kwargs(variant)
    mn = ds.load_images("mnist", resize=kw["resize"], scale=kw["scale"])[0]
    cf = ds.load_images("cifar10", **kw)[0]
    if regime == "mnist":
        ix = rng.choice(len(mn), size=2 * L, replace=False)
        return sigma * mn[ix[:L]], sigma * mn[ix[L:]]
    if regime == "cifar10":
        if 2 * L > len(cf):
            raise ValueError(f"cifar10 has {len(cf)} images: L must satisfy 2L <= {len(cf)}, got L={L}")
        ix = rng.choice(len(cf), size=2 * L, replace=False)
        return sigma * cf[ix[:L]], sigma * cf[ix[L:]]
    if L > len(cf):
        raise ValueError(f"cifar10 has {len(cf)} images: L must satisfy L <= {len(cf)}, got L={L}")
    return (sigma * mn[rng.choice(len(mn), size=L, replace=False)],
            sigma * cf[rng.choice(len(cf), size=L, replace=False)])


def crt_image_regime(sigma: float, *, variant: str = "area/bt601/unit", L: int = 1024, repeats: int = 5,
                     key=(0,)) -> dict:
    """CRT Fig. 2 ``mnist`` regime: mean and std of the log-variance of the eight mechanisms.

    Protocol of CRT App. 9.10.1: ``repeats`` pairs of sets of ``L`` images; parameters of every
    mechanism fitted on each pair (:func:`rfsym.crt_experiments.fit_parameters`); log-variances of
    all L^2 pairs (:func:`rfsym.crt_experiments.log_variances`, real mechanisms divided by 2).

    Returns
    -------
    dict method -> [mean, std] over all pairs of all repeats.

    Examples
    --------
    >>> r = crt_image_regime(1.0, L=8, repeats=1)
    >>> bool(r["OPRF"][0] < r["PosRF"][0])
    True
    """
    s1 = {m: 0.0 for m in cx.METHODS}
    s2 = {m: 0.0 for m in cx.METHODS}
    cnt = 0
    for rep in range(repeats):
        X, Y = image_sets("mnist", L, sigma, rng_for("images-CRT", *key, rep), variant=variant)
        params = cx.fit_parameters(X, Y)
        for i0 in range(0, L, 128):
            lv = cx.log_variances(X[i0:i0 + 128], Y, params)
            for m in cx.METHODS:
                s1[m] += float(np.sum(lv[m]))
                s2[m] += float(np.sum(lv[m] ** 2))
            cnt += lv[cx.METHODS[0]].size
    out = {}
    for m in cx.METHODS:
        mean = s1[m] / cnt
        out[m] = [mean, math.sqrt(max(s2[m] / cnt - mean * mean, 0.0))]
    return out


_DERF_FAMILIES = ("trig", "pos", "gerf", "aderf", "sderf", "saderf")
_OPTIMA = {"gerf": derf.gerf_optimum_np, "aderf": derf.aderf_optimum_np, "sderf": derf.sderf_optimum_np,
           "saderf": derf.saderf_optimum_np}


def derf_image_regime(regime: str, sigma: float, *, variant: str = "area/bt601/unit", L: int = 1024, n_sets: int = 5,
                      key=(0,)) -> dict:
    """DERF Fig. 1-2 image regimes: mean over pairs and sets of log(Var/K^2) (M = 1) per family.

    Protocol of DERF App. B.2: ``n_sets`` pairs of sets of ``L`` images; GERF, ADERF, SDERF (and
    SADERF) optimised on each pair (:func:`rfsym.derf.gerf_optimum_np` etc.); relative variance (9)
    of every pair (:func:`rfsym.derf.log_relative_variance_np`).  A family whose optimum does not
    exist on a pair of sets (ADERF needs nonsingular second-moment matrices; SADERF every coordinate
    nonzero somewhere) is reported as ``None`` with the reason under ``"undefined"``.

    Examples
    --------
    >>> r = derf_image_regime("cifar10", 0.5, L=80, n_sets=1)
    >>> bool(r["sderf"] <= r["gerf"] + 1e-9), sorted(r["undefined"])
    (True, [])
    """
    tot = {f: 0.0 for f in _DERF_FAMILIES}
    undefined = {}
    for k in range(n_sets):
        X, Y = image_sets(regime, L, sigma, rng_for("images-DERF", *key, k), variant=variant)
        for f in _DERF_FAMILIES:
            if f in undefined:
                continue
            params = None
            if f in _OPTIMA:
                try:
                    params = derf.as_derf_params_np(f, _OPTIMA[f](X, Y), d=X.shape[1])
                except ValueError as exc:
                    undefined[f] = f"set {k}: {exc}"
                    continue
            s = 0.0
            for i0 in range(0, L, 128):
                s += float(derf.log_relative_variance_np(f, X[i0:i0 + 128], Y, params).sum())
            tot[f] += s / (L * L) / n_sets
    out = {f: (None if f in undefined else tot[f]) for f in _DERF_FAMILIES}
    out["undefined"] = undefined
    return out


# ------------------------------------------------------------------------------ classification

def split_indices(n: int, key) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Shuffle ``0..n-1`` and cut 90 % / 5 % / 5 % (train / validation / test), CRT App. 9.10.2.

    Sizes ``int(0.9 n)``, ``int(0.05 n)`` and the rest.  The split is fixed per data set (``key``)
    for all methods.

    Examples
    --------
    >>> [len(s) for s in split_indices(1372, 1)]
    [1234, 68, 70]
    """
    perm = rng_for(*((key,) if not isinstance(key, tuple) else key), 999).permutation(n)
    n_tr, n_va = int(0.9 * n), int(0.05 * n)
    return perm[:n_tr], perm[n_tr:n_tr + n_va], perm[n_tr + n_va:]


def _gerf_log(X, W, A, s, which):
    """log of :func:`rfsym.crt.gerf_features` (same principal branches), shape (n, m), complex."""
    A = complex(A)
    d = X.shape[1]
    B = np.sqrt(complex(s * (1 - 4 * A)))
    C = -(s + 1) / 2
    logD = d / 4 * np.log(complex(1 - 4 * A))
    lin = B * (X @ W.T) * (1 if which == 1 else s)
    return logD + A * (W * W).sum(1)[None, :] + lin + C * (X * X).sum(1)[:, None]


def log_features(paper: str, method: str, Xq, Xt, m: int, rng: np.random.Generator, *, params=None):
    """Log random features of the query set ``Xq`` and the training set ``Xt`` (already times sigma).

    Returns ``(lq, pq, lt, pt)``: real log-magnitudes and unit phases (complex, or real signs) of
    shape ``(n, m_eff)``, so that the kernel estimate is ``Re sum_k pq e^lq pt e^lt``.

    * CRT (Gaussian kernel, Sec. 3): TrigRF, PosRF, GERF, OPRF from :func:`rfsym.crt.gerf_features`
      (complex ones with ``m/2`` features, App. 9.10.2), orthogonal Gaussian projections
      (:func:`rfsym.crt.sample_omega`); PoisRF, GeomRF (+) from :func:`rfsym.crt.dirf_features`
      with the shift ``c`` of Sec. 3.2.3 inferred from the training set and query features clamped
      at 1e-8 (App. 9.10.2).  Parameters: :func:`rfsym.crt_experiments.fit_parameters` on
      (queries, training set).
    * DERF (softmax features times exp(-||x||^2/2), i.e. :math:`K^{(-1/2)}`): trig
      (:func:`rfsym.derf.trig_features_np`), pos/gerf/aderf/sderf (:func:`rfsym.derf.derf_log_features_np`
      with the optima of :mod:`rfsym.derf` on (queries, training set)); orthogonal omega
      (:func:`rfsym.couplings.sample`).
    * SimRF (Gaussian kernel, PRFs exp(w^T x - ||x||^2)): coupling ``method`` of
      :func:`rfsym.couplings.sample`.

    Examples
    --------
    >>> X = np.random.default_rng(1).standard_normal((4, 3)) * 0.3
    >>> lq, pq, lt, pt = log_features("SimRF", "simplex", X, X, 3, np.random.default_rng(0))
    >>> lq.shape, bool(np.all(pq == 1))
    ((4, 3), True)
    """
    Xq = np.asarray(Xq, float)
    Xt = np.asarray(Xt, float)
    d = Xq.shape[1]
    if paper == "CRT":
        if method not in CRT_METHODS:
            raise ValueError(f"method must be one of {CRT_METHODS}, got method={method!r}")
        P = cx.fit_parameters(Xq, Xt) if params is None else params
        if method in ("TrigRF", "PosRF", "GERF", "OPRF"):
            mm = m // 2 if method in cx.COMPLEX_METHODS else m
            W = crt.sample_omega("gaussian", d, mm, rng, coupling="orthogonal")
            A, s = {"TrigRF": (0.0, -1), "PosRF": (0.0, 1), "OPRF": (P["OPRF"], 1)}.get(method, (None, None))
            if method == "GERF":
                s, A = P["GERF"]
            lq, lt = _gerf_log(Xq, W, A, s, 1), _gerf_log(Xt, W, A, s, 2)
            return lq.real, np.exp(1j * lq.imag), lt.real, np.exp(1j * lt.imag)
        kind = "poisson" if method.startswith("Pois") else "geometric"
        if method.endswith("+"):
            c = Xt.min(0) - 1e-8                      # shift from the training set only (App. 9.10.2)
            Xq, Xt = np.maximum(Xq - c, 1e-8), Xt - c
            val = (math.sqrt(float(crt.poisson_statistic(Xq, Xt)) / d) if kind == "poisson"
                   else crt.geometric_p_star_np(crt.geometric_statistic(Xq, Xt)))
        else:
            val = P[method]
        kw = {"lam": val} if kind == "poisson" else {"p": val}
        Om = crt.sample_omega(kind, d, m, rng, **kw)
        with np.errstate(invalid="ignore", divide="ignore"):     # 0 * log 0 is masked inside dirf_features
            lq, sq = crt.dirf_features(Xq, Om, kind, **kw)
            lt, st = crt.dirf_features(Xt, Om, kind, **kw)
        return lq, sq, lt, st
    if paper == "DERF":
        if method not in DERF_METHODS:
            raise ValueError(f"method must be one of {DERF_METHODS}, got method={method!r}")
        W = couplings.sample("orthogonal", d, m, rng)
        if method == "trig":
            theta = rng.uniform(0, 2 * np.pi, m)
            # derf.trig_features_np = sqrt2 exp(||x||^2/2) cos(w x + theta); times exp(-||x||^2/2) the
            # exponentials cancel exactly (tests/test_realdata.py compares with trig_features_np)
            fq = np.sqrt(2) * np.cos(Xq @ W.T + theta)
            ft = np.sqrt(2) * np.cos(Xt @ W.T + theta)
            with np.errstate(divide="ignore"):
                return np.log(np.abs(fq)), np.sign(fq), np.log(np.abs(ft)), np.sign(ft)
        if method == "pos":
            prm = derf.as_derf_params_np("gerf", {"A": 0.0, "B": 1.0, "C": -0.5, "D": 1.0}, d=d)
        else:
            prm = params if params is not None else derf.as_derf_params_np(method, _OPTIMA[method](Xq, Xt), d=d)
        lq = derf.derf_log_features_np(W, Xq, prm["A"], prm["B1"], prm["C1"], prm["D"]) - 0.5 * (Xq * Xq).sum(1)[:, None]
        lt = derf.derf_log_features_np(W, Xt, prm["A"], prm["B2"], prm["C2"], prm["D"]) - 0.5 * (Xt * Xt).sum(1)[:, None]
        return lq, np.ones_like(lq), lt, np.ones_like(lt)
    if paper == "SimRF":
        if method not in SIMRF_METHODS:
            raise ValueError(f"method must be one of {SIMRF_METHODS}, got method={method!r}")
        W = couplings.sample(method, d, m, rng)
        lq = Xq @ W.T - (Xq * Xq).sum(1)[:, None]
        lt = Xt @ W.T - (Xt * Xt).sum(1)[:, None]
        return lq, np.ones_like(lq), lt, np.ones_like(lt)
    raise ValueError(f"paper must be 'CRT', 'DERF' or 'SimRF', got paper={paper!r}")


def class_scores(lq, pq, lt, pt, R) -> np.ndarray:
    """Class scores ``Re sum_k f(q)_k sum_t f(t)_k R_t`` up to a positive factor per query.

    Parameters
    ----------
    lq, pq : arrays (n_q, m)
        Log-magnitudes and phases/signs of the query features.
    lt, pt : arrays (n_t, m)
        The same for the training set.
    R : array (n_t, n_classes)
        One-hot labels.

    Notes
    -----
    With :math:`c_k=\\max_t \\ell_{tk}` and :math:`s_q=\\max_k(\\ell_{qk}+c_k)` the score is
    :math:`e^{s_q}\\,\\mathrm{Re}\\sum_k p_{qk}e^{\\ell_{qk}+c_k-s_q}\\sum_t p_{tk}e^{\\ell_{tk}-c_k}R_t`;
    the factor :math:`e^{s_q}>0` is dropped (argmax unchanged) and no exponential overflows.

    Examples
    --------
    >>> l = np.log(np.array([[1.0, 2.0]])); one = np.ones((1, 2))      # true scores 5 and 3
    >>> class_scores(l, one, np.log(np.array([[3.0, 1.0], [1.0, 1.0]])), np.ones((2, 2)), np.eye(2)).round(6).tolist()
    [[1.666667, 1.0]]
    """
    c = np.max(lt, axis=0)
    c = np.where(np.isfinite(c), c, 0.0)
    with np.errstate(invalid="ignore"):
        S = (pt * np.exp(lt - c)).T @ R                       # (m, K)
        a = lq + c
        sh = np.max(a, axis=1, keepdims=True)
        sh = np.where(np.isfinite(sh), sh, 0.0)
        out = (pq * np.exp(a - sh)) @ S
    return np.nan_to_num(np.real(out), nan=-np.inf)


def exact_scores(Xq, Xt, R) -> np.ndarray:
    """Exact Gaussian-kernel class scores ``sum_t exp(-||q - t||^2/2) R_t`` up to a positive factor per query.

    Examples
    --------
    >>> exact_scores(np.zeros((1, 1)), np.array([[0.0], [1.0]]), np.eye(2)).round(4).tolist()
    [[1.0, 0.6065]]
    """
    D2 = (Xq * Xq).sum(1)[:, None] + (Xt * Xt).sum(1)[None, :] - 2 * Xq @ Xt.T
    lk = -0.5 * np.maximum(D2, 0.0)
    lk -= lk.max(1, keepdims=True)
    return np.exp(lk) @ R


def accuracy_counts(scores, y) -> int:
    """Number of correct predictions ``argmax`` (ties: lowest class index).

    Examples
    --------
    >>> accuracy_counts(np.array([[0.1, 0.9], [0.5, 0.5]]), np.array([1, 1]))
    1
    """
    return int(np.sum(np.argmax(scores, axis=1) == np.asarray(y)))


def prepare(name: str):
    """``(X, y, (train, val, test) indices, one-hot R of the training set)`` of a UCI set, split fixed.

    Examples
    --------
    >>> X, y, (tr, va, te), R = prepare("banknote")
    >>> R.shape, len(va), len(te)
    ((1234, 2), 68, 70)
    """
    X, y = ds.load_uci(name)
    tr, va, te = split_indices(len(y), ds.UCI_SETS.index(name) + 1)
    R = np.eye(len(ds.UCI_CLASSES[name]))[y[tr]]
    return X, y, (tr, va, te), R
