"""DERF's experiments on real data: image regimes (Sec. 5.1, Fig. 1-2, App. B.2), UCI classification (Fig. 3).

Computation (feature maps, the image regimes, the cached parts ``images-derf``, ``derf``, ``derf-std`` and
their run functions) and judging (the gap and deficit tables behind DERF-Fig2, DERF-Sec5.1 and
DERF-Sec5.1-cifar, and the evidence texts of DERF-Sec5.1-mnist and DERF-Fig3).  Seeds, data, scoring, the classification driver and the cache are
the toolbox's (:mod:`rfsym.realdata`).

Variance comparison on images
    Pairs of sets of L images (:func:`rfsym.realdata.image_sets`); the mean over all L^2 pairs of the log
    relative variance (softmax kernel, M = 1; :func:`rfsym.derf.log_relative_variance_np`, Eq. (9)) with the
    optima of :mod:`rfsym.derf` fitted on each pair.

Kernel classification
    :data:`FAMILY`: softmax features times exp(-||x||^2/2), i.e. :math:`K^{(-1/2)}`, the Gaussian kernel
    (:func:`log_features`).

Readings
    "About e^k times better" / "up to ~e^k" (Fig. 1 caption): the largest gap in mean log relative variance
    over the plotted range 0.1 <= sigma <= 1 lies in ``[k/2, 3k/2]`` (:func:`rfsym.realdata.about`).  The
    gaps grow monotonically with sigma in every regime, so this is the value at sigma = 1.  A claim whose
    outcome differs between the reasonable preprocessings (resize area / bilinear / triangle, grayscale
    BT.601 / mean, pixels in [0, 1] or [-1, 1]) hinges on what the paper does not state and stays
    unverifiable; one that fails under all of them is an erratum.

References
----------
* DERF: Likhosherstov et al., Dense-Exponential Random Features, ICLR 2024, Sec. 5, App. B.
"""

from __future__ import annotations

import math
import time

import numpy as np

from .. import couplings, derf
from .. import datasets as ds
from .. import realdata as rd
from ..claims import Outcome

__all__ = ["METHODS", "FAMILY", "log_features", "family_params", "family_mean", "image_regime", "run_images", "run", "run_std", "PROTOCOL_IMAGES",
           "PROTOCOL", "PROTOCOL_STD", "IMAGES", "CLASSIFICATION", "CLASSIFICATION_STD", "PARTS", "gap_table",
           "cached_curves", "image_sets_of", "aderf_singular_sets", "evidence_mnist", "check_image_claims",
           "sderf_deficits", "fig3_summary", "evidence_fig3"]

METHODS = ("trig", "pos", "gerf", "aderf", "sderf")


# ------------------------------------------------------------------------------ images (Sec. 5.1, Fig. 1-2)

_FAMILIES = ("trig", "pos", "gerf", "aderf", "sderf", "saderf")
_OPTIMA = {"gerf": derf.gerf_optimum_np, "aderf": derf.aderf_optimum_np, "sderf": derf.sderf_optimum_np,
           "saderf": derf.saderf_optimum_np}


def family_params(family: str, X, Y):
    """DERF parameters of ``family`` optimised on the pair of sets ``(X, Y)`` (``None`` for trig and pos, which have
    none), as :func:`rfsym.derf.as_derf_params_np` takes them.

    Raises
    ------
    ValueError
        The optimum does not exist on these sets (ADERF needs nonsingular second-moment matrices; SADERF every
        coordinate nonzero somewhere).

    Examples
    --------
    >>> X = np.array([[0.1, 0.2], [0.3, -0.1], [0.0, 0.4]])
    >>> family_params("pos", X, X) is None, sorted(family_params("sderf", X, X))
    (True, ['A', 'B1', 'B2', 'C1', 'C2', 'D'])
    """
    if family not in _OPTIMA:
        return None
    return derf.as_derf_params_np(family, _OPTIMA[family](X, Y), d=X.shape[1])


def family_mean(family: str, X, Y, params=None) -> float:
    """Mean over all pairs ``(x_i, y_j)`` of log(Var/K^2) of one feature (M = 1) of ``family`` with ``params``
    (:func:`family_params`), summed in blocks of 128 rows of ``X`` (bounded memory at L = 1024).

    Examples
    --------
    >>> X = np.array([[0.1, 0.2], [0.3, -0.1], [0.0, 0.4]])
    >>> bool(np.isclose(family_mean("pos", X, X), np.mean(derf.log_relative_variance_np("pos", X, X))))
    True
    """
    s = 0.0
    for i0 in range(0, X.shape[0], 128):
        s += float(derf.log_relative_variance_np(family, X[i0:i0 + 128], Y, params).sum())
    return s / (X.shape[0] * Y.shape[0])


def image_regime(regime: str, sigma: float, *, variant: str = "area/bt601/unit", L: int = 1024, n_sets: int = 5,
                 key=(0,)) -> dict:
    """DERF Fig. 1-2 image regimes: mean over pairs and sets of log(Var/K^2) (M = 1) per family.

    Protocol of DERF App. B.2: ``n_sets`` pairs of sets of ``L`` images; GERF, ADERF, SDERF (and
    SADERF) optimised on each pair (:func:`family_params`); relative variance (9) of every pair
    (:func:`family_mean`).  A family whose optimum does not exist on a pair of sets is reported as
    ``None`` with the reason under ``"undefined"``.

    Examples
    --------
    >>> r = image_regime("cifar10", 0.5, L=80, n_sets=1)
    >>> bool(r["sderf"] <= r["gerf"] + 1e-9), sorted(r["undefined"])
    (True, [])
    """
    tot = {f: 0.0 for f in _FAMILIES}
    undefined = {}
    for k in range(n_sets):
        X, Y = rd.image_sets(regime, L, sigma, rd.rng_for("images-DERF", *key, k), variant=variant)
        for f in _FAMILIES:
            if f in undefined:
                continue
            try:
                params = family_params(f, X, Y)
            except ValueError as exc:
                undefined[f] = f"set {k}: {exc}"
                continue
            tot[f] += family_mean(f, X, Y, params) / n_sets
    out = {f: (None if f in undefined else tot[f]) for f in _FAMILIES}
    out["undefined"] = undefined
    return out


_IMG_SIGMAS = (0.1, 0.25, 0.5, 0.75, 1.0)

#: the image part ``images-derf`` (DERF Fig. 1-2)
PROTOCOL_IMAGES = {
    "derf": {"regimes": list(rd.IMAGE_REGIMES),
             "variants": [f"{r}/{g}/{s}" for s in ("unit", "sym") for g in ("bt601", "mean")
                          for r in ds.RESIZE_METHODS],
             "sigmas": list(_IMG_SIGMAS), "L": {"mnist": 1024, "cifar10": 508, "mnist/cifar10": 1017},
             "n_sets": 2},
    "derf_L_check": {"regime": "mnist", "variant": "area/bt601/unit", "sigma": 1.0, "L": [254, 508, 1024],
                     "n_sets": 2},
    "notes": "DERF App. B.2 uses L = 1024 and 5 pairs of sets. Here L = 1024 (mnist), 508 (cifar10: only 1,017 "
             "CIFAR-10 images, 2L distinct), 1017 (mnist/cifar10) and 2 pairs of sets; the L-dependence is "
             "measured (derf_L_check). MNIST's grayscale weights are irrelevant (one channel).",
}


def run_images(quiet=False) -> dict:
    """All numbers of :data:`PROTOCOL_IMAGES`."""
    P = PROTOCOL_IMAGES
    out = {"derf": {}, "derf_L_check": {}}
    p = P["derf"]
    for r_i, reg in enumerate(p["regimes"]):
        variants = [v for v in p["variants"] if reg != "mnist" or v.split("/")[1] == "bt601"]
        for k, v in enumerate(variants):
            t = time.time()
            out["derf"][f"{reg}|{v}"] = [image_regime(reg, s, variant=v, L=p["L"][reg], n_sets=p["n_sets"],
                                                      key=(4, r_i, k, j)) for j, s in enumerate(p["sigmas"])]
            rd.progress(f"[images-derf] {reg} {v}: {time.time() - t:.0f} s", quiet)
    p = P["derf_L_check"]
    for L in p["L"]:
        out["derf_L_check"][str(L)] = image_regime(p["regime"], p["sigma"], variant=p["variant"], L=L,
                                                   n_sets=p["n_sets"], key=(5, L))
    rd.progress("[images-derf] L check done", quiet)
    return out


# ------------------------------------------------------------------------------ classification (Sec. 5.2, Fig. 3)

def log_features(method: str, Xq, Xt, m: int, rng: np.random.Generator, *, params=None):
    """Log random features of the query set ``Xq`` and the training set ``Xt`` (already times sigma).

    Returns ``(lq, pq, lt, pt)``: real log-magnitudes and real signs of shape ``(n, m)``, so that the
    kernel estimate is ``sum_k pq e^lq pt e^lt``.  Softmax features times exp(-||x||^2/2), i.e.
    :math:`K^{(-1/2)}`, the Gaussian kernel: trig (:func:`rfsym.derf.trig_features_np`), pos/gerf/aderf/sderf
    (:func:`rfsym.derf.derf_log_features_np` with the optima of :mod:`rfsym.derf` on (queries, training set)
    unless ``params`` are given); orthogonal omega (:func:`rfsym.couplings.sample`).

    Examples
    --------
    >>> X = np.random.default_rng(1).standard_normal((4, 3)) * 0.3
    >>> lq, pq, lt, pt = log_features("sderf", X, X, 3, np.random.default_rng(0))
    >>> lq.shape, bool(np.all(pq == 1))
    ((4, 3), True)
    """
    Xq = np.asarray(Xq, float)
    Xt = np.asarray(Xt, float)
    d = Xq.shape[1]
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got method={method!r}")
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


#: the DERF feature maps for :func:`rfsym.realdata.classification_cell`
FAMILY = rd.FeatureFamily("DERF", METHODS, log_features)

PROTOCOL = {"methods": list(METHODS), "M": [16, 32, 64, 128], "sigmas": list(rd.SIGMA_GRID),
            "val_seeds": 3, "test_seeds": 10, "datasets": list(ds.UCI_SETS),
            "notes": "DERF App. B.3: as CRT (90/5/5, sigma grid, orthogonal omega for every RF type, 50 "
                     "seeds), M from 2^4 to 2^7, kernel K^(-1/2). Here 3 validation and 10 test seeds; the "
                     "legend of Fig. 3 is not in the text, so trig, pos, GERF, ADERF and SDERF are run."}
PROTOCOL_STD = {"methods": list(METHODS), "M": [16, 32, 64, 128], "sigmas": list(rd.SIGMA_GRID),
                "val_seeds": 3, "test_seeds": 10, "datasets": list(ds.UCI_SETS),
                "standardize": "per feature, mean and std of the training set",
                "notes": "As derf, on standardised features."}


def run(quiet=False) -> dict:
    """Part ``derf``: :data:`PROTOCOL` on the eight UCI sets (raw features)."""
    return rd.run_classification("derf", PROTOCOL, FAMILY, PROTOCOL["M"], quiet)


def run_std(quiet=False) -> dict:
    """Part ``derf-std``: :data:`PROTOCOL_STD` (features standardised with the training set's mean and std)."""
    return rd.run_classification_std("derf-std", PROTOCOL_STD, FAMILY, PROTOCOL_STD["M"], quiet)


#: the cached parts of DERF (``python -m rfsym experiments --only images-derf|derf|derf-std``)
IMAGES = rd.Part("images-derf", PROTOCOL_IMAGES, (_FAMILIES, family_params, family_mean, image_regime, run_images),
                 run_images)
CLASSIFICATION = rd.Part("derf", PROTOCOL, (_OPTIMA, log_features, METHODS, run), run)
CLASSIFICATION_STD = rd.Part("derf-std", PROTOCOL_STD, (_OPTIMA, log_features, METHODS, run_std), run_std)
PARTS = (IMAGES, CLASSIFICATION, CLASSIFICATION_STD)
_PART = {p.name: p for p in PARTS}


# ------------------------------------------------------------------------------ judging: image regimes

def gap_table() -> dict:
    """``{(regime, variant): {"sigmas", "gerf-sderf", "gerf-aderf" (None if undefined), "trig-sderf", ...}}``.

    Examples
    --------
    >>> t = gap_table()
    >>> ("cifar10", "area/bt601/unit") in t
    True
    """
    C = rd.load(IMAGES)
    sig = PROTOCOL_IMAGES["derf"]["sigmas"]
    out = {}
    for key, curve in C["results"]["derf"].items():
        reg, v = key.split("|")
        g = np.array([c["gerf"] for c in curve])
        s = np.array([c["sderf"] for c in curve])
        a = [c["aderf"] for c in curve]
        out[reg, v] = {"sigmas": sig, "gerf-sderf": g - s, "trig-sderf": np.array([c["trig"] for c in curve]) - s,
                       "gerf-aderf": None if any(x is None for x in a) else g - np.array(a, float),
                       "aderf-sderf": None if any(x is None for x in a) else np.array(a, float) - s,
                       "undefined": sorted({k for c in curve for k in c["undefined"]}),
                       "reason": next((c["undefined"].get("aderf") for c in curve if "aderf" in c["undefined"]), None)}
    return out


def cached_curves() -> dict:
    """The cached image curves by preprocessing: ``{(scale, resize, gray): {(regime, sigma): {family: value}}}``.

    ``scale`` is ``"unit"`` or ``"sym"``, the families those of :func:`image_regime` (``None`` where the
    optimum does not exist on a pair of sets).  MNIST has one channel, so its curves (computed with the
    ``bt601`` variants only) are filed under both grayscale weightings.

    Examples
    --------
    >>> c = cached_curves()
    >>> sorted({k[0] for k in c}), len(c), sorted(c["unit", "area", "mean"])[0]
    (['sym', 'unit'], 12, ('cifar10', 0.1))
    """
    C = rd.load(IMAGES)
    sig = PROTOCOL_IMAGES["derf"]["sigmas"]
    out = {}
    for key, curve in C["results"]["derf"].items():
        reg, v = key.split("|")
        r, g, sc = v.split("/")
        for gray in (("bt601", "mean") if reg == "mnist" else (g,)):
            out.setdefault((sc, r, gray), {}).update(
                {(reg, s): {f: c[f] for f in _FAMILIES} for s, c in zip(sig, curve)})
    return out


def image_sets_of(regime: str, variant: str, sigma: float, k: int):
    """The ``k``-th pair of sets ``(X, Y)`` behind the cached cell ``(regime, variant, sigma)`` of ``images-derf``.

    Redraws them with the seeds of :func:`run_images` (no cached number is recomputed).

    Examples
    --------
    >>> X, Y = image_sets_of("mnist", "area/bt601/unit", 0.5, 0)
    >>> X.shape, float(X.max()) <= 0.5
    ((1024, 64), True)
    """
    P = PROTOCOL_IMAGES["derf"]
    variants = [v for v in P["variants"] if regime != "mnist" or v.split("/")[1] == "bt601"]
    key = (4, P["regimes"].index(regime), variants.index(variant), P["sigmas"].index(sigma))
    return rd.image_sets(regime, P["L"][regime], sigma, rd.rng_for("images-DERF", *key, k), variant=variant)


def aderf_singular_sets(regime: str) -> list:
    """Why ADERF's optimum does not exist on the cached sets of a regime: one row per (variant, sigma) where it is
    undefined, with the failing set redrawn (:func:`image_sets_of`).

    Each row: ``{"variant", "sigma", "set", "matrix"}`` (``"M1"``: the X set, ``"M2"``: the Y set) and, over
    all ``L`` images of the failing set, ``"zero"`` (pixels that are 0 in every image), ``"constant"`` (pixels
    with the same value in every image), ``"rank"`` of the L x 64 matrix of the set and ``"min_eig"``, the
    smallest eigenvalue of its second-moment matrix over the largest.
    """
    C = rd.load(IMAGES)
    sig = PROTOCOL_IMAGES["derf"]["sigmas"]
    out = []
    for key, curve in C["results"]["derf"].items():
        reg, v = key.split("|")
        if reg != regime:
            continue
        for s, c in zip(sig, curve):
            why = c["undefined"].get("aderf")
            if why is None:
                continue
            head = why.split(":")[0]                       # "set k"
            k = int(head.split()[1])
            which = "M2" if why.split(": ", 1)[1].startswith("M2") else "M1"
            X, Y = image_sets_of(reg, v, s, k)
            Z = X if which == "M1" else Y
            ev = np.linalg.eigvalsh(Z.T @ Z / len(Z))
            out.append({"variant": v, "sigma": s, "set": k, "matrix": which, "zero": int(np.all(Z == 0, axis=0).sum()),
                        "constant": int(np.all(Z == Z[0], axis=0).sum()), "rank": int(np.linalg.matrix_rank(Z)),
                        "min_eig": float(ev[0] / ev[-1])})
    return out


def _status(flags):
    return "holds" if all(flags) else ("fails" if not any(flags) else "mixed")


def _statement(regime, k, which="gerf-sderf"):
    """Per reasonable variant: max gap over sigma and whether it is 'about e^k'."""
    rows, flags = [], []
    for (reg, v), t in gap_table().items():
        if reg != regime or rd.variant_scale(v) not in rd.REASONABLE_SCALES:
            continue
        if t[which] is None:
            rows.append((v, None))
            continue
        m = float(np.max(t[which]))
        rows.append((v, m))
        flags.append(rd.about(m, k))
    return rows, flags


def _fmt_rows(rows):
    return ", ".join(f"{v} {'undefined' if m is None else f'{m:.2f}'}" for v, m in rows)


def evidence_mnist() -> str:
    """Evidence text for DERF-Sec5.1-mnist ("about e^5 times better than GERF in mnist"), from the cache."""
    try:
        rows, flags = _statement("mnist", 5)
    except ds.DataError as exc:
        return f"(result cache unavailable: {exc})"
    unit = [m for v, m in rows if rd.variant_scale(v) == "unit"]
    sym = [m for v, m in rows if rd.variant_scale(v) == "sym"]
    return ("Real MNIST resized to 8x8 (three resize methods), d = 64, L = 1024, sigma = 0.1 ... 1: the gap log GERF - "
            "log SDERF grows with sigma; its value at sigma = 1 is " + _fmt_rows(rows) + " nats. With pixels in "
            f"[0, 1] it is e^{min(unit):.1f} to e^{max(unit):.1f} (about e^5 under the reading [2.5, 7.5]), with "
            f"pixels in [-1, 1] e^{min(sym):.1f} to e^{max(sym):.1f} (not about e^5): the claim hinges on the "
            f"pixel scaling, which the paper does not state (outcome over the reasonable preprocessings: {_status(flags)}). "
            "ADERF's optimum does not exist on some of the MNIST sets (M1 or M2 singular), at sigma = " + "; ".join(
                f"{v}: " + (", ".join(f"{s:g}" for s, c in zip(PROTOCOL_IMAGES["derf"]["sigmas"], curve) if c["aderf"] is None)
                            or "none") for v, curve in _mnist_curves()) + ".")


def _mnist_curves():
    return [(k.split("|")[1], c) for k, c in rd.load(IMAGES)["results"]["derf"].items() if k.startswith("mnist|")]


def check_image_claims():
    """DERF Sec. 5.1 / Fig. 1 caption on cifar10 and mnist/cifar10 (SDERF ~e^10, ~e^5; ADERF ~e^3).

    Supports the erratum when "about e^5 in mnist/cifar10" fails under every reasonable
    preprocessing and no single preprocessing makes the cifar10 and mnist/cifar10 statements hold
    together.  Control: "about e^k" with the measured value itself as k is accepted for every row
    (the reading can accept).
    """
    c_rows, c_flags = _statement("cifar10", 10)
    m_rows, m_flags = _statement("mnist/cifar10", 5)
    a_rows, a_flags = _statement("mnist/cifar10", 3, "gerf-aderf")
    joint = [rd.about(cm, 10) and rd.about(mm, 5) for (cv, cm), (mv, mm) in
             zip(sorted(c_rows), sorted(m_rows)) if cv == mv]
    ok = not any(m_flags) and not any(joint)
    ctl = all(rd.about(m, m) for _, m in c_rows + m_rows if m is not None)
    und = [v for v, m in a_rows if m is None]
    reason = gap_table()["mnist/cifar10", und[0]]["reason"] if und else ""
    ev = ("max over sigma in [0.1, 1] of log GERF - log SDERF (nats; 'about e^k' = [k/2, 3k/2]): cifar10 (printed e^10): "
          + _fmt_rows(c_rows) + f" -> {_status(c_flags)}; mnist/cifar10 (printed e^5): " + _fmt_rows(m_rows)
          + f" -> {_status(m_flags)}; both together under one preprocessing: {sum(joint)} of {len(joint)}. "
          "log GERF - log ADERF in mnist/cifar10 (printed about e^3): " + _fmt_rows(a_rows)
          + f" -> {_status(a_flags) if a_flags else 'undefined everywhere'}"
          + (f"; ADERF undefined under {len(und)} variants ({reason})" if und else ""))
    return Outcome(ok, ev, agreement="mnist/cifar10 gain outside [2.5, 7.5] in every setting",
                   control_rejected=ctl, control_detail="the band accepts each measured value as its own exponent")


def sderf_deficits(on_par: float = 0.5) -> dict:
    """Per image regime and reasonable preprocessing: SDERF's worst deficit over sigma to the best other family.

    ``log SDERF - min(log of every other defined family: TrigRF, PosRF, GERF, ADERF, SADERF)`` at each
    sigma of the DERF image protocol (the cached curves); returns ``{(regime, variant): (max deficit,
    sigma at the max, family that wins there)}``. A positive deficit is a lead of another method over
    SDERF, in nats.
    """
    C = rd.load(IMAGES)
    sig = PROTOCOL_IMAGES["derf"]["sigmas"]
    out = {}
    for key, curve in C["results"]["derf"].items():
        reg, v = key.split("|")
        if rd.variant_scale(v) not in rd.REASONABLE_SCALES:
            continue
        best = (-math.inf, None, None)
        for s_, c in zip(sig, curve):
            others = {f: c[f] for f in ("trig", "pos", "gerf", "aderf", "saderf") if c.get(f) is not None}
            f_min = min(others, key=others.get)
            dfc = c["sderf"] - others[f_min]
            if dfc > best[0]:
                best = (dfc, s_, f_min)
        out[reg, v] = best
    return out


# ------------------------------------------------------------------------------ judging: Fig. 3

def fig3_summary(part: str = "derf", methods: tuple = METHODS) -> dict:
    """Per M: number of data sets where each of ``methods`` is best among them (ties shared) and average accuracies
    (``None`` for a method whose optimum does not exist on some data set)."""
    S = rd.classification_summary(_PART[part])
    out = {}
    for M in _PART[part].protocol["M"]:
        wins = {m: 0 for m in methods}
        for n in ds.UCI_SETS:
            vals = {m: S[n][f"{m}|{M}"][0] for m in methods if S[n][f"{m}|{M}"] is not None}
            top = max(vals.values())
            for m, v in vals.items():
                wins[m] += v >= top - 1e-12
        avg = {m: float(np.mean([S[n][f"{m}|{M}"][0] for n in ds.UCI_SETS])) if all(
            S[n][f"{m}|{M}"] is not None for n in ds.UCI_SETS) else None for m in methods}
        out[M] = {"wins": wins, "average": avg}
    return out


def evidence_fig3() -> str:
    """Evidence text for DERF-Fig3, generated from the cache (the claim stays unverifiable: see the text)."""
    def std_text():
        try:
            F2 = fig3_summary("derf-std")
        except ds.DataError:
            return ""
        w2 = {m: sum(F2[M]["wins"][m] for M in F2) for m in METHODS}
        b2 = {M: max((v, m) for m, v in F2[M]["average"].items() if v is not None)[1] for M in F2}
        return ("; standardised features: best in " + ", ".join(f"{m} {w}" for m, w in w2.items())
                + " pairs, best average " + ", ".join(f"M = {M}: {m}" for M, m in b2.items()))
    try:
        F = fig3_summary()
        C = rd.load(CLASSIFICATION)["results"]
    except ds.DataError as exc:
        return f"(result cache unavailable: {exc})"
    pairs = 8 * len(F)
    wins = {m: sum(F[M]["wins"][m] for M in F) for m in METHODS}
    best_avg = {M: max((v, m) for m, v in F[M]["average"].items() if v is not None)[1] for M in F}
    pos = {m: 0 for m in ("pos", "gerf", "aderf", "sderf")}
    for M in F:
        for n in ds.UCI_SETS:
            vals = {m: C[n][f"{m}|{M}"] for m in pos if "error" not in C[n][f"{m}|{M}"]}
            acc = {m: np.mean(v["test"]) for m, v in vals.items()}
            top = max(acc.values())
            for m, a in acc.items():
                pos[m] += a >= top
    err = sorted({n for n in ds.UCI_SETS for k, v in C[n].items() if isinstance(v, dict) and "error" in v})
    return ("The legend of Fig. 3 is not in the text and the split is not published. Rerun with the protocol of "
            "App. B.3 on the 8 UCI sets " + ", ".join(ds.UCI_SETS) + " (our 90/5/5 split, raw features, orthogonal omega, "
            "sigma tuned on the 10-point logarithmic grid of App. B.3, M = 16, 32, 64, 128, with 3 validation and 10 test seeds "
            "where the paper uses 50): best accuracy (ties shared) in "
            f"{pairs} (benchmark, M) pairs: " + ", ".join(f"{m} {w}" for m, w in wins.items())
            + "; best average at every M: " + ", ".join(f"M = {M}: {m}" for M, m in best_avg.items())
            + ". Among the positive maps only (PosRF, GERF, ADERF, SDERF): " + ", ".join(f"{m} {w}" for m, w in pos.items())
            + "; best average of PosRF, GERF, SDERF (ADERF lacks yeast): " + ", ".join(
                f"M = {M}: " + max((F[M]['average'][m], m) for m in ('pos', 'gerf', 'sderf'))[1] for M in F)
            + (f". ADERF's optimum does not exist on {', '.join(err)} (singular second-moment matrix)" if err else "")
            + std_text() + ". Whether SDERF leads depends on which maps the figure compares and on the unstated preprocessing.")
