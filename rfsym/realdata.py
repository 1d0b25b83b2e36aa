"""Toolbox of the papers' experiments on real data: seeds, data, scoring, a classification driver, the result cache.

Nothing here knows a paper: the papers' feature maps, image regimes, protocols and judging live in
:mod:`rfsym.crt.realdata`, :mod:`rfsym.derf.realdata` and :mod:`rfsym.simrf.realdata`, which import this
module (never the other way round).  ``python -m rfsym experiments`` (``make experiments``) runs their
:class:`Part` s and writes the cache.

Seeds
    Every experiment draws its randomness from a :class:`numpy.random.SeedSequence` keyed by the
    experiment's coordinates (paper, data set, method, number of features, sigma index, seed index,
    phase; :func:`rng_for`), so any single cell of a run can be recomputed on its own and compared with
    the cache bit for bit.

Images (CRT Sec. 5.1 / App. 9.10.1, DERF Sec. 5.1 / App. B.2)
    Pairs of sets of L MNIST / CIFAR-10 images, "resized to 8x8, scaled by sigma and flattened" (d = 64),
    under an explicit preprocessing variant (:func:`image_sets`).

Kernel classification (CRT Sec. 5.2 / App. 9.10.2, DERF Sec. 5.2 / App. B.3, SimRF Sec. 5.3 / App. B.1)
    Predicted class ``argmax_l sum_i K(sigma u*, sigma u_i) r_i`` with the Gaussian kernel and K replaced
    by a random-feature estimate of a :class:`FeatureFamily`.  Scores are computed in log space with
    per-feature and per-query shifts that do not change the argmax (:func:`class_scores`), so no feature
    overflows even at sigma = 100 on raw UCI units.  A random 90/5/5 split fixed per data set
    (:func:`split_indices`), sigma tuned on validation over :data:`SIGMA_GRID` (:func:`tune_and_test`,
    :func:`run_classification`).

The cache
    ``rfsym/data/results/<part>.json`` holds a part's ``protocol``, its ``protocol_hash`` (SHA-256 of the
    protocol and of the syntax trees, docstrings removed, of the code that computes it: this module's
    computing functions and the part's own), the results and the run time.  :func:`load` refuses a stale
    file; ``tests/test_realdata.py`` recomputes single cells from scratch and compares them with the cache.

Judging
    :data:`Z_MAX`, :func:`about` ("about e^k"), :func:`z_score` and :func:`classification_summary`, shared by
    the papers' checks.

References
----------
* CRT: Likhosherstov et al., Chefs' Random Tables, NeurIPS 2022, Sec. 5, App. 9.10.
* DERF: Likhosherstov et al., Dense-Exponential Random Features, ICLR 2024, Sec. 5, App. B.
* SimRF: Reid et al., Simplex Random Features, ICML 2023, Sec. 5.3, App. B.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import inspect
import json
import math
import sys
import textwrap
import time
from pathlib import Path
from typing import Callable

import numpy as np

from . import datasets as ds

__all__ = ["SEED", "IMAGE_REGIMES", "IMAGE_VARIANTS", "REASONABLE_SCALES", "variant_kwargs", "variant_scale",
           "rng_for", "image_sets", "split_indices", "SIGMA_GRID", "class_scores", "exact_scores",
           "accuracy_counts", "prepare", "FeatureFamily", "classification_cell", "classification_cell_std",
           "tune_and_test", "run_classification", "run_classification_std", "Part", "results_dir",
           "protocol_hash", "load", "write", "Z_MAX", "about", "z_score", "classification_summary"]

#: base of every seed of the real-data experiments
SEED = 20251125

IMAGE_REGIMES = ("mnist", "cifar10", "mnist/cifar10")
#: preprocessing variants of the image regimes: resize method / CIFAR-10 grayscale weights / pixel scaling
IMAGE_VARIANTS = tuple(f"{r}/{g}/{s}" for s in ("unit", "sym", "raw") for g in ("bt601", "mean")
                       for r in ds.RESIZE_METHODS)
#: pixel scalings counted as reasonable readings of the papers (raw 0..255 pixels are shown, not counted)
REASONABLE_SCALES = ("unit", "sym")
#: sigma grid of the classification experiments: 10 log-uniform values on [1e-2, 1e2] (CRT App. 9.10.2)
SIGMA_GRID = tuple(float(v) for v in np.logspace(-2, 2, 10))

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


# ------------------------------------------------------------------------------ the classification driver

@dataclasses.dataclass(frozen=True)
class FeatureFamily:
    """A paper's random-feature maps for kernel classification.

    Attributes
    ----------
    paper : str
        Key of :func:`rng_for` (``"CRT"``, ``"DERF"``, ``"SimRF"``).
    methods : tuple of str
        The methods; a method's index in this tuple is part of its seed.
    log_features : callable
        ``log_features(method, Xq, Xt, m, rng, *, params=None) -> (lq, pq, lt, pt)``: log-magnitudes and
        phases of the features of the query and training sets, as :func:`class_scores` takes them.
    fit : callable or None
        ``fit(Xq, Xt) -> params`` fitted once per (data set, sigma, phase) and passed to ``log_features``.
    """

    paper: str
    methods: tuple
    log_features: Callable
    fit: Callable | None = None


@functools.lru_cache(maxsize=64)
def scaled_sets(fam, name, sigma_i, phase, cap=None):
    """Scaled query/training sets, query labels, one-hot training labels (and fitted parameters) of one
    (data set, sigma, phase); phase 0 is validation, 1 the test; ``cap`` = (training, query) size limits."""
    X, y, (tr, va, te), R = prepare(name)
    q = va if phase == 0 else te
    if cap is not None:
        tr, q = tr[:cap[0]], q[:cap[1]]
        R = R[:cap[0]]
    s = SIGMA_GRID[sigma_i]
    Xq, Xt = s * X[q], s * X[tr]
    params = fam.fit(Xq, Xt) if fam.fit is not None else None
    return Xq, Xt, y[q], R, params


def classification_cell(fam: FeatureFamily, name: str, method: str, m: int, sigma_i: int, seed_i: int, phase: int,
                        cap=None) -> int:
    """Correct predictions of one (data set, method, m, sigma, seed, phase) cell (phase 0: validation, 1: test).

    ``method="exact"`` is the exact Gaussian kernel (no randomness).  The papers' families are
    ``rfsym.crt.realdata.FAMILY`` etc.
    """
    Xq, Xt, yq, R, params = scaled_sets(fam, name, sigma_i, phase, cap)
    if method == "exact":
        return accuracy_counts(exact_scores(Xq, Xt, R), yq)
    rng = rng_for(fam.paper, ds.UCI_SETS.index(name), fam.methods.index(method), m, sigma_i, seed_i, phase)
    f = fam.log_features(method, Xq, Xt, m, rng, params=params)
    return accuracy_counts(class_scores(*f, R), yq)


def tune_and_test(fam, name, method, m, val_seeds, test_seeds, sigmas_i, cap=None):
    """Validation counts ``val[j][s]`` over ``sigmas_i`` and seeds, and the sigma index of the best mean (ties: smallest)."""
    val = [[classification_cell(fam, name, method, m, j, s, 0, cap) for s in range(val_seeds)] for j in sigmas_i]
    best = int(sigmas_i[int(np.argmax([np.mean(v) for v in val]))])      # ties: smallest sigma
    return val, best


def run_classification(part: str, P: dict, fam: FeatureFamily, Ms, quiet=False) -> dict:
    """The CRT / DERF kernel-classification protocol (CRT App. 9.10.2, DERF App. B.3) on the UCI sets of ``P``.

    Per data set: the exact kernel tuned and tested; per method of ``P["methods"]`` and number of features in
    ``Ms``: sigma tuned over ``P["val_seeds"]`` validation seeds, then ``P["test_seeds"]`` test cells.
    A method whose parameters do not exist on a data set is recorded with its ``"error"``.
    """
    out = {}
    grid = list(range(len(SIGMA_GRID)))
    for name in P["datasets"]:
        t0 = time.time()
        X, y, (tr, va, te), R = prepare(name)
        d = X.shape[1]
        res = {"n": [len(tr), len(va), len(te)], "d": d}
        val, best = tune_and_test(fam, name, "exact", 0, 1, 0, grid)
        res["exact"] = {"val": val, "sigma_i": best, "test": classification_cell(fam, name, "exact", 0, best, 0, 1)}
        for method in P["methods"]:
            for M in Ms:
                try:
                    val, best = tune_and_test(fam, name, method, M, P["val_seeds"], 0, grid)
                    test = [classification_cell(fam, name, method, M, best, s, 1) for s in range(P["test_seeds"])]
                except ValueError as exc:          # e.g. an optimum that does not exist on these data
                    res[f"{method}|{M}"] = {"error": str(exc)}
                    continue
                res[f"{method}|{M}"] = {"val": val, "sigma_i": best, "test": test}
        out[name] = res
        scaled_sets.cache_clear()
        progress(f"[{part}] {name}: {time.time() - t0:.0f} s", quiet)
    return out


@functools.lru_cache(maxsize=64)
def scaled_sets_std(fam, name, sigma_i, phase):
    """:func:`scaled_sets` on standardised features (training mean and std), no cap."""
    X, y, (tr, va, te), R = prepare(name)
    mu, sd = X[tr].mean(0), X[tr].std(0)
    Z = (X - mu) / np.where(sd > 0, sd, 1.0)
    q = va if phase == 0 else te
    s = SIGMA_GRID[sigma_i]
    Xq, Xt = s * Z[q], s * Z[tr]
    return Xq, Xt, y[q], R, (fam.fit(Xq, Xt) if fam.fit is not None else None)


def classification_cell_std(fam: FeatureFamily, name: str, method: str, m: int, sigma_i: int, seed_i: int,
                            phase: int) -> int:
    """:func:`classification_cell` on standardised features (:func:`scaled_sets_std`)."""
    Xq, Xt, yq, R, params = scaled_sets_std(fam, name, sigma_i, phase)
    if method == "exact":
        return accuracy_counts(exact_scores(Xq, Xt, R), yq)
    rng = rng_for(fam.paper, ds.UCI_SETS.index(name), fam.methods.index(method), m, sigma_i, seed_i, phase)
    return accuracy_counts(class_scores(*fam.log_features(method, Xq, Xt, m, rng, params=params), R), yq)


def run_classification_std(part: str, P: dict, fam: FeatureFamily, Ms, quiet=False) -> dict:
    """:func:`run_classification` on standardised features (:func:`classification_cell_std`)."""
    grid = list(range(len(SIGMA_GRID)))
    out = {}
    for name in P["datasets"]:
        t0 = time.time()
        X, y, (tr, va, te), R = prepare(name)
        res = {"n": [len(tr), len(va), len(te)], "d": X.shape[1]}
        val = [[classification_cell_std(fam, name, "exact", 0, j, 0, 0)] for j in grid]
        best = int(np.argmax([v[0] for v in val]))
        res["exact"] = {"val": val, "sigma_i": best, "test": classification_cell_std(fam, name, "exact", 0, best, 0, 1)}
        for method in P["methods"]:
            for M in Ms:
                try:
                    val = [[classification_cell_std(fam, name, method, M, j, s, 0) for s in range(P["val_seeds"])]
                           for j in grid]
                    best = int(np.argmax([np.mean(v) for v in val]))
                    test = [classification_cell_std(fam, name, method, M, best, s, 1) for s in range(P["test_seeds"])]
                except ValueError as exc:
                    res[f"{method}|{M}"] = {"error": str(exc)}
                    continue
                res[f"{method}|{M}"] = {"val": val, "sigma_i": best, "test": test}
        out[name] = res
        scaled_sets_std.cache_clear()
        progress(f"[{part}] {name}: {time.time() - t0:.0f} s", quiet)
    return out


def progress(msg: str, quiet: bool) -> None:
    """A progress line on stderr (unless ``quiet``)."""
    if not quiet:
        print(msg, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ the result cache

@dataclasses.dataclass(frozen=True, eq=False)
class Part:
    """One cached experiment: ``rfsym/data/results/<name>.json``.

    Attributes
    ----------
    name : str
        File stem and ``--only`` value of ``python -m rfsym experiments``.
    protocol : dict
        Every parameter that shapes the numbers (JSON), with ``notes`` on the budget cuts.
    code : tuple
        The part's own code objects (functions) and constants that compute its numbers; hashed with the
        toolbox's computing functions (:data:`COMPUTE`).
    run : callable
        ``run(quiet) -> results`` (JSON).
    """

    name: str
    protocol: dict
    code: tuple
    run: Callable

    def load(self) -> dict:
        """:func:`load` of this part."""
        return load(self)


def results_dir() -> Path:
    """``rfsym/data/results`` (package data)."""
    return ds.data_dir() / "results"


def _code_fingerprint(obj) -> str:
    """``ast.dump`` of an object's source with docstrings removed (comments and docstrings may change)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(obj)))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _fingerprint(obj) -> str:
    """Syntax tree of a function or class (:func:`_code_fingerprint`); ``repr`` of a constant, in which a
    function is named by its module and qualified name (as a reference to it in the source would be)."""
    if inspect.isfunction(obj) or inspect.isclass(obj) or inspect.ismodule(obj):
        return _code_fingerprint(obj)

    def named(v):
        if isinstance(v, dict):
            return {k: named(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return type(v)(named(x) for x in v)
        if callable(v):
            return f"{v.__module__}.{v.__qualname__}"
        return v
    return repr(named(obj))


def protocol_hash(part: Part) -> str:
    """SHA-256 of a part's protocol and of the code that computes it (staleness key).

    The code is :data:`COMPUTE` (this module's computing functions and constants) and ``part.code``,
    compared as syntax trees without docstrings (so editing documentation does not invalidate the
    cache).  Changes in the library functions they call are caught by ``tests/test_realdata.py``,
    which recomputes cells and compares them with the cache.
    """
    h = hashlib.sha256(json.dumps(part.protocol, sort_keys=True).encode())
    for obj in COMPUTE + tuple(part.code):
        h.update(_fingerprint(obj).encode())
    return h.hexdigest()


@functools.lru_cache(maxsize=None)
def load(part: Part) -> dict:
    """The cached results of ``part``, checked for staleness.

    Raises
    ------
    rfsym.datasets.DataError
        Missing file, or a protocol hash that differs from the current code (rerun the part).
    """
    path = results_dir() / f"{part.name}.json"
    if not path.is_file():
        raise ds.DataError(f"missing result cache {path}; run `python -m rfsym experiments --only {part.name}`")
    data = json.loads(path.read_text())
    if data.get("protocol_hash") != protocol_hash(part):
        raise ds.DataError(f"stale result cache {path}: the protocol or the code computing it changed since it was "
                           f"written; run `python -m rfsym experiments --only {part.name}` (make experiments)")
    return data


def write(part: Part, results: dict, seconds: float, phash: str, outdir: Path | None = None) -> Path:
    """Write ``<outdir>/<part.name>.json`` (default :func:`results_dir`) with the hash taken before the run."""
    outdir = results_dir() if outdir is None else Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    data = {"part": part.name, "protocol": part.protocol, "protocol_hash": phash, "seconds": round(seconds, 1),
            "results": results}
    path = outdir / f"{part.name}.json"
    path.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
    load.cache_clear()
    return path


# ------------------------------------------------------------------------------ judging helpers

#: a z-score of absolute value up to this counts as agreement (z-scores with seed standard errors)
Z_MAX = 5.0


def about(value: float, k: float) -> bool:
    """The reading of "about e^k": ``k/2 <= value <= 3k/2``.

    Examples
    --------
    >>> about(7.3, 5), about(7.6, 5), about(2.4, 5)
    (True, False, False)
    """
    return k / 2 <= value <= 1.5 * k


def variant_scale(variant: str) -> str:
    """The pixel scaling of a preprocessing variant: ``"area/bt601/unit"`` -> ``"unit"``."""
    return variant.split("/")[2]


def z_score(mean, std, n, printed, se_printed) -> float:
    """``(mean - printed) / sqrt((std/sqrt(n))^2 + se_printed^2)``; +-inf (0 if equal) when both errors vanish.

    Examples
    --------
    >>> round(z_score(0.5, 0.1, 4, 0.4, 0.0), 6)
    2.0
    """
    se = math.hypot(std / math.sqrt(n), se_printed)
    return (mean - printed) / se if se > 0 else (0.0 if mean == printed else math.copysign(math.inf, mean - printed))


def _acc(part, name, key):
    C = load(part)["results"][name]
    r = C[key]
    n_te = C["n"][2]
    if "error" in r:
        return None
    a = np.asarray(r["test"], float) / n_te
    return float(a.mean()), float(a.std(ddof=1)) if len(a) > 1 else 0.0, len(a)


def classification_summary(part: Part) -> dict:
    """``{dataset: {key: (mean, std, n) or None}}`` of test accuracies; ``exact`` included as ``(acc, 0, 1)``."""
    C = load(part)["results"]
    out = {}
    for name, r in C.items():
        row = {k: _acc(part, name, k) for k in r if "|" in k}
        row["exact"] = (r["exact"]["test"] / r["n"][2], 0.0, 1)
        out[name] = row
    return out


#: the toolbox code every part's numbers depend on (hashed into every part's protocol hash)
COMPUTE = (rng_for, variant_kwargs, image_sets, split_indices, class_scores, exact_scores, accuracy_counts, prepare,
           scaled_sets.__wrapped__, classification_cell, tune_and_test, run_classification,
           scaled_sets_std.__wrapped__, classification_cell_std, run_classification_std,
           {"SEED": SEED, "PAPER_ID": _PAPER_ID, "IMAGE_REGIMES": IMAGE_REGIMES, "IMAGE_VARIANTS": IMAGE_VARIANTS,
            "SIGMA_GRID": SIGMA_GRID})
