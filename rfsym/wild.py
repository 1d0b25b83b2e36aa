"""Random features in the wild: :mod:`rfsym.testing` applied to the packages people install.

The book page ``notebooks/wild.md`` shows one table row per package function: what it estimates,
the setting, the exact value, the sampled mean ± s.e., z and the verdict, and, where a package is
biased, the measured cause. Each package is used as installed; no code of theirs is copied.

Backends (each a set of rows):

=========  ==========================================================================  ===========
backend    package functions                                                           page
=========  ==========================================================================  ===========
numpy      ``numpy.linalg.qr`` recipe, with and without the sign fix                   live
scipy      ``scipy.stats.ortho_group``                                                 live
sklearn    ``sklearn.kernel_approximation.RBFSampler`` (mean and MSE)                  live
rfflearn   ``rfflearn.cpu`` RFF / ORF / QRF matrices (``pip install "rfsym[wild]"``)   live
jax        ``jax.random.orthogonal``, ``jnp.linalg.qr`` recipe with and without fix    cache
torch      ``torch.nn.init.orthogonal_``, ``torch.linalg.qr`` recipe, performer        cache
cupy       ``cupy.linalg.qr`` recipe with and without the sign fix (GPU only)          cache
=========  ==========================================================================  ===========

(performer: ``performer_pytorch``'s ``gaussian_orthogonal_random_matrix`` + ``softmax_kernel``.)

Usage::

    python -m rfsym.wild [--backend numpy|scipy|sklearn|rfflearn|jax|torch|cupy] [--device cpu|cuda]
                         [--out rfsym/data/results/wild-<backend>-<device>.json]

Without ``--backend`` every installed backend is run (``make wild``) and a missing one is skipped
with a one-line reason. Each cache file holds the rows, the package versions, the exact command,
the device name and ``code_hash``: the SHA-256 of the settings and of the code that produced the
rows (their source text without docstrings, the same on every Python version). :func:`load`
refuses a stale file.

This module imports no optional package at import time (and not python-flint): each backend
imports its package when it runs.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import importlib.metadata
import inspect
import json
import platform
import shlex
import sys
import textwrap
import time
from pathlib import Path

import numpy as np

from . import couplings as _couplings
from . import estimators as _est
from . import kernels as _kernels
from . import testing as _testing
from .montecarlo import DEFAULT_Z_THRESHOLD, mean_of, z_check

__all__ = ["BACKENDS", "LIVE", "SETTINGS", "available", "run", "table_md", "code_hash", "load", "cache_path",
           "cache_files", "results_dir", "StaleCache", "main"]

#: All backends, in table order.
BACKENDS = ("numpy", "scipy", "sklearn", "rfflearn", "jax", "torch", "cupy")
#: Backends that run on a CUDA device (cupy runs nowhere else).
GPU_BACKENDS = ("jax", "torch", "cupy")
#: Backends light enough to run live on the book page (the rest are read from the cache).
LIVE = ("numpy", "scipy", "sklearn", "rfflearn")
#: The Python modules each backend needs (all must import).
REQUIRES = {"numpy": ("numpy",), "scipy": ("scipy",), "sklearn": ("sklearn",), "rfflearn": ("rfflearn",),
            "jax": ("jax",), "torch": ("torch",), "cupy": ("cupy",)}
#: Distributions whose versions are recorded per backend (when installed).
DISTRIBUTIONS = {"numpy": ("numpy",), "scipy": ("numpy", "scipy"), "sklearn": ("numpy", "scikit-learn"),
                 "rfflearn": ("numpy", "scipy", "rfflearn"), "jax": ("numpy", "jax", "jaxlib"),
                 "torch": ("numpy", "torch", "performer-pytorch", "einops", "local-attention",
                           "axial-positional-embedding", "hyper-connections", "torch-einops-utils"),
                 "cupy": ("numpy", "cupy", "cupy-cuda12x", "cupy-cuda13x", "cupy-cuda11x")}

#: Every parameter that shapes the numbers (part of the code hash).
SETTINGS = {
    "seed": 20,
    "d": 4,
    "threshold": DEFAULT_Z_THRESHOLD,
    # one-sided positive features (FAVOR+): x + y has a large e_1 component, where plain QR is biased
    "exp_pair": [[0.5, 0.2, -0.1, 0.0], [0.4, -0.1, 0.2, 0.1]],
    # shift-invariant cos features: x - y = (0.6, 0.6, 0.6, 0.6), along the diagonal (not along an axis)
    "trig_pair": [[0.4, 0.3, 0.1, -0.2], [-0.2, -0.3, -0.5, -0.8]],
    "n": 20_000,          # replicates of a kernel estimate (one block of d rows each)
    "n_fit": 4_000,       # replicates where each needs a fitted estimator object (sklearn, rfflearn)
    "m_trig": 8,          # features of the cos estimators (two blocks for ORF)
    "haar_blocks": 2_000,  # blocks for rfsym.testing.assert_haar
}


class StaleCache(RuntimeError):
    """A cache file written by different code (hash mismatch), or not a wild cache at all."""


# ------------------------------------------------------------------------------------------------
# shared machinery: rows, exact values, FAVOR+ estimates from a package's orthogonal blocks
# ------------------------------------------------------------------------------------------------


def _version(dist):
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _pair(key):
    x, y = SETTINGS[key]
    return np.array(x, dtype=float), np.array(y, dtype=float)


def _fmt_vec(v):
    return "(" + ", ".join(f"{float(t):g}" for t in v) + ")"


def _gaussian(x, y):
    return float(_kernels.gaussian_kernel(x.tolist(), y.tolist(), dps=20))


def _row(package, function, estimates, setting, samples, exact, *, cause=None, detail=None,
         ok="no bias detected", bad="biased"):
    """One table row: the z-test of :mod:`rfsym.testing` (same threshold) on the sampled estimates."""
    mc = mean_of(samples)
    chk = z_check(mc, exact, SETTINGS["threshold"])
    rel = (mc.estimate - exact) / abs(exact)
    return {
        "package": package, "version": _version(package), "function": function, "estimates": estimates,
        "setting": setting, "exact": float(exact), "mean": mc.estimate, "stderr": mc.stderr, "n": mc.n,
        "z": float(chk.z), "relative_error": float(rel), "passed": bool(chk.passed),
        "detects": float(SETTINGS["threshold"] * mc.stderr / abs(exact)),
        "verdict": ok if chk.passed else f"{bad} {100 * rel:+.1f} %",
        "cause": None if chk.passed else cause, "detail": detail,
    }


def _favor_estimates(blocks, x, y):
    """FAVOR+ estimates of the Gaussian kernel, one per block of ``d`` rows (rfsym's feature map)."""
    blocks = np.asarray(blocks, dtype=float)
    k, m, d = blocks.shape
    est = _est.get("FAVOR+")
    draw = _est.Draw(d, k * m, "orthogonal", {"W": blocks.reshape(k * m, d)})
    # features are divided by sqrt(k m); block b's own estimate (m rows) is k times its share
    prod = est.query_features(x[None], draw)[0] * est.key_features(y[None], draw)[0]
    return k * prod.reshape(k, m).sum(axis=1)


def _chi_scaled(units, rng):
    """Give unit rows independent chi_d norms (``rfsym.couplings.chi_norms``)."""
    k, m, d = units.shape
    return units * _couplings.chi_norms(d, (k, m), rng)[:, :, None]


def _sampler_rows(package, function, draw_blocks, *, unit=True, sign_fixed, gram_tol=1e-8, note=""):
    """Rows for an orthogonal sampler ``draw_blocks(d, k, rng) -> (k, d, d)`` (rows = directions).

    The FAVOR+ estimate with the package's blocks (given chi_d norms when its rows are unit) against
    the exact Gaussian kernel, and :func:`rfsym.testing.assert_haar` on single blocks as detail.
    """
    d, n = SETTINGS["d"], SETTINGS["n"]
    x, y = _pair("exp_pair")
    rng = np.random.default_rng(SETTINGS["seed"])
    B = np.asarray(draw_blocks(d, n, rng), dtype=float)
    W = _chi_scaled(B / np.linalg.norm(B, axis=2, keepdims=True), rng) if unit else B
    p_neg = float(np.mean(B[:, 0, 0] < 0))
    haar = _haar_summary(lambda dd, r: np.asarray(draw_blocks(dd, 1, r), dtype=float)[0], gram_tol)
    detail = f"{haar}; w_11 < 0 in {100 * p_neg:.1f} % of blocks"
    if sign_fixed:
        cause = f"w_11 < 0 in {100 * p_neg:.1f} % of blocks"
    else:
        cause = (f"QR without the sign fix{note}: w_11 < 0 in {100 * p_neg:.1f} % of blocks (LAPACK's "
                 "Householder convention), so the first direction stays in a half-space")
    setting = (f"d = {d}, m = {d} (one block{'' if unit else ', its own norms'}{', chi_d norms' if unit else ''}), "
               f"x = {_fmt_vec(x)}, y = {_fmt_vec(y)}")
    return _row(package, function, "Gaussian kernel, FAVOR+ (one-sided exp) features", setting,
                _favor_estimates(W, x, y), _gaussian(x, y), cause=cause, detail=detail)


def _haar_summary(sampler, gram_tol):
    """``rfsym.testing.assert_haar`` on single blocks, as one line (pass, or the failing check)."""
    try:
        rep = _testing.assert_haar(sampler, SETTINGS["d"], n_blocks=SETTINGS["haar_blocks"],
                                   seed=SETTINGS["seed"], gram_tol=gram_tol)
        worst = max(rep.checks, key=lambda c: abs(c.z))
        return f"assert_haar: pass (largest |z| = {abs(worst.z):.2g}, {worst.what.split(' (')[0]})"
    except AssertionError as e:
        bad = [ln.strip()[5:] for ln in str(e).splitlines() if ln.strip().startswith("FAIL ")]
        first = bad[0] if bad else str(e).splitlines()[0]
        return f"assert_haar: FAIL ({len(bad)} check(s)); {first.split(' (fails when')[0]}"


def _per_block(single):
    """``draw_blocks`` from a function returning one block: ``single(d, rng)``."""
    def draw_blocks(d, k, rng):
        return np.stack([np.asarray(single(d, rng), dtype=float) for _ in range(k)])
    return draw_blocks


# ------------------------------------------------------------------------------------------------
# backends
# ------------------------------------------------------------------------------------------------


def _numpy_rows(device):
    def qr_plain(d, rng):
        q, _ = np.linalg.qr(rng.standard_normal((d, d)))
        return q

    def qr_sign_fixed(d, rng):
        q, r = np.linalg.qr(rng.standard_normal((d, d)))
        return q * np.sign(np.diag(r))

    return [_sampler_rows("numpy", "numpy.linalg.qr recipe, no sign fix", _per_block(qr_plain), sign_fixed=False),
            _sampler_rows("numpy", "numpy.linalg.qr recipe + sign fix", _per_block(qr_sign_fixed), sign_fixed=True)]


def _scipy_rows(device):
    from scipy.stats import ortho_group

    def draw_blocks(d, k, rng):
        return ortho_group.rvs(d, size=k, random_state=rng).reshape(k, d, d)

    return [_sampler_rows("scipy", "scipy.stats.ortho_group.rvs", draw_blocks, sign_fixed=True)]


def _sklearn_rows(device):
    from sklearn.kernel_approximation import RBFSampler

    m, n = SETTINGS["m_trig"], SETTINGS["n_fit"]
    x, y = _pair("trig_pair")
    d = x.size

    def rbf(x, y, rng):
        s = RBFSampler(gamma=0.5, n_components=m, random_state=int(rng.integers(2 ** 31))).fit(x[None])
        return (s.transform(x[None]) @ s.transform(y[None]).T)[0, 0]

    setting = f"d = {d}, m = {m}, gamma = 0.5, x = {_fmt_vec(x)}, y = {_fmt_vec(y)}"
    s = _testing.sample_estimates(rbf, x, y, n, np.random.default_rng(SETTINGS["seed"]))
    ref = _est.get("RFF-phase", kernel="gaussian")
    rows = [_row("scikit-learn", "RBFSampler", "Gaussian kernel exp(-gamma |x - y|^2), random-phase cos features",
                 setting, s, _gaussian(x, y)),
            _row("scikit-learn", "RBFSampler (MSE)", "MSE of the random-phase TrigRF estimate (rfsym RFF-phase)",
                 setting, (s - _gaussian(x, y)) ** 2, ref.mse(x, y, m), ok="MSE as exact", bad="MSE off by")]
    return rows


def _rfflearn_rows(device):
    import rfflearn.cpu as rc

    m, n = SETTINGS["m_trig"], SETTINGS["n_fit"]
    x, y = _pair("trig_pair")
    d = x.size
    rows = []
    for cls in (rc.RFFRegressor, rc.ORFRegressor, rc.QRFRegressor):
        Ws = []

        def est(x, y, rng, cls=cls, Ws=Ws):
            rc.seed(int(rng.integers(2 ** 31)))        # rfflearn draws from NumPy's global generator
            model = cls(dim_kernel=m, std_kernel=1.0)
            model.set_weight(d)
            Ws.append(model.W)
            F = model.conv(np.vstack([x, y]))          # cos(X W + b), not normalised
            return 2.0 / m * (F[0] @ F[1])

        s = _testing.sample_estimates(est, x, y, n, np.random.default_rng(SETTINGS["seed"]))
        cols = np.concatenate([W.T for W in Ws])        # the frequencies are the columns of W
        q4 = mean_of(np.sum(cols ** 2, axis=1) ** 2)
        fourth = (f"E|w|^4 = {q4.estimate:.2f} ± {q4.stderr:.2g} over the frequencies "
                  f"(Gaussian: d(d+2) = {d * (d + 2)}, z = {q4.z(d * (d + 2)):+.1f})")
        name = f"rfflearn.cpu.{cls.__name__} (rand_type {cls.__name__[:3].lower()!r})"
        setting = f"d = {d}, m = {m}, std_kernel = 1, x = {_fmt_vec(x)}, y = {_fmt_vec(y)}"
        cause = None
        if cls is rc.ORFRegressor:
            cause = ("the chi_d norms scale the rows of Q but the columns of W are the frequencies, which are "
                     f"then neither orthogonal nor Gaussian: {fourth}")
        # each frequency column alone must give E cos(w_j^T (x - y)) = K (worst of the m columns)
        per_col = np.cos(np.stack([W.T for W in Ws]) @ (x - y))          # (n, m)
        j = max(range(m), key=lambda c: abs(mean_of(per_col[:, c]).z(_gaussian(x, y))))
        col_cause = (f"the bias sits in column {j + 1} of the quasi-random matrix; its Box-Muller inputs are "
                     "coordinates of two different scrambled Sobol points, which are not independent uniforms "
                     "(likely cause)" if cls is rc.QRFRegressor else cause)
        rows.append(_row("rfflearn", name, "Gaussian kernel, random-phase cos features cos(x^T W + b), times 2/m",
                         setting, s, _gaussian(x, y), cause=cause, detail=fourth))
        rows.append(_row("rfflearn", f"{name}, one frequency column (worst of {m})",
                         "Gaussian kernel by one frequency: E cos(w_j^T (x - y))", setting, per_col[:, j],
                         _gaussian(x, y), cause=col_cause, detail=f"column {j + 1}; {fourth}"))
    return rows


def _jax_rows(device):
    import jax

    jax.config.update("jax_enable_x64", True)
    import jax.numpy as jnp

    dev = jax.devices("gpu" if device == "cuda" else "cpu")[0]

    def key(rng):
        return jax.random.key(int(rng.integers(2 ** 32)))

    def orthogonal(d, k, rng):
        with jax.default_device(dev):
            return np.asarray(jax.random.orthogonal(key(rng), d, shape=(k,), dtype=jnp.float64))

    def qr(d, k, rng, fix):
        with jax.default_device(dev):
            G = jax.random.normal(key(rng), (k, d, d), dtype=jnp.float64)
            q, r = jnp.linalg.qr(G)
            if fix:
                q = q * jnp.sign(jnp.diagonal(r, axis1=-2, axis2=-1))[..., None, :]
            return np.asarray(q)

    return [_sampler_rows("jax", "jax.random.orthogonal", orthogonal, sign_fixed=True),
            _sampler_rows("jax", "jnp.linalg.qr recipe, no sign fix (batched)",
                          lambda d, k, rng: qr(d, k, rng, False), sign_fixed=False),
            _sampler_rows("jax", "jnp.linalg.qr recipe + sign fix (batched)",
                          lambda d, k, rng: qr(d, k, rng, True), sign_fixed=True)]


def _torch_rows(device):
    import torch

    dev = torch.device(device)
    f64 = torch.float64
    if device == "cpu":
        torch.set_num_threads(1)      # 4 x 4 factorisations: threads only add overhead

    def gen(rng):
        return torch.Generator(device=dev).manual_seed(int(rng.integers(2 ** 63)))

    def orthogonal_(d, k, rng):
        g = gen(rng)
        out = []
        for _ in range(k):
            t = torch.empty(d, d, dtype=f64, device=dev)
            torch.nn.init.orthogonal_(t, generator=g)
            out.append(t)
        return torch.stack(out).cpu().numpy()

    def qr(d, k, rng, fix):
        g = gen(rng)
        out = []
        for _ in range(k):
            q, r = torch.linalg.qr(torch.randn(d, d, generator=g, dtype=f64, device=dev))
            out.append(q * torch.sign(torch.diagonal(r))[None, :] if fix else q)
        return torch.stack(out).cpu().numpy()

    rows = [_sampler_rows("torch", "torch.nn.init.orthogonal_", orthogonal_, sign_fixed=True),
            _sampler_rows("torch", "torch.linalg.qr recipe, no sign fix",
                          lambda d, k, rng: qr(d, k, rng, False), sign_fixed=False),
            _sampler_rows("torch", "torch.linalg.qr recipe + sign fix",
                          lambda d, k, rng: qr(d, k, rng, True), sign_fixed=True)]
    try:
        from performer_pytorch import performer_pytorch as pp
    except ImportError as e:
        return rows, [f"performer-pytorch: not importable ({type(e).__name__}: {e})"]
    return rows + _performer_rows(pp, torch, dev), []


def _performer_rows(pp, torch, dev):
    """performer-pytorch's FAVOR+: its projection sampler and its ``softmax_kernel`` feature map.

    ``softmax_kernel`` multiplies the features by :math:`e^{-\\max_j w_j^\\top x'}` (a numerical
    stabiliser that cancels in attention) and adds ``eps``; with ``eps=0`` the stabilisers are
    undone from the projections (the maxima of :math:`Wx'` and :math:`Wy'`), leaving the estimate of
    the attention kernel :math:`\\exp(x^\\top y/\\sqrt d)` with :math:`x' = d^{-1/4}x`.
    """
    d, n = SETTINGS["d"], SETTINGS["n"]
    x, y = _pair("exp_pair")
    c = d ** -0.25
    exact = float(_kernels.softmax_kernel((c * x).tolist(), (c * y).tolist(), dps=20))
    xt = torch.tensor(x, dtype=torch.float64, device=dev).reshape(1, 1, 1, d)
    yt = torch.tensor(y, dtype=torch.float64, device=dev).reshape(1, 1, 1, d)

    def estimate(W):
        Wt = torch.as_tensor(W, dtype=torch.float64).to(dev)
        fq = pp.softmax_kernel(xt, projection_matrix=Wt, is_query=True, eps=0.0)
        fk = pp.softmax_kernel(yt, projection_matrix=Wt, is_query=False, eps=0.0)
        undo = torch.max(Wt @ (c * xt.reshape(d))) + torch.max(Wt @ (c * yt.reshape(d)))
        return ((fq.reshape(-1) @ fk.reshape(-1)) * torch.exp(undo)).item()

    def gorm(d, rng):
        torch.manual_seed(int(rng.integers(2 ** 63)))   # performer draws from torch's global generator
        return pp.gaussian_orthogonal_random_matrix(d, d, scaling=0, device=dev).cpu().numpy()

    rng = np.random.default_rng(SETTINGS["seed"])
    Ws = [gorm(d, rng) for _ in range(n)]
    p_neg = float(np.mean([W[0, 0] < 0 for W in Ws]))
    haar = _haar_summary(gorm, 1e-5)        # float32 projections
    setting = (f"d = {d}, m = {d} (one block, its own norms), x = {_fmt_vec(x)}, y = {_fmt_vec(y)}, "
               "eps = 0, stabilisers undone")
    what = "attention kernel exp(x^T y / sqrt(d)), FAVOR+ (softmax_kernel features)"
    rows = [_row("performer-pytorch", "gaussian_orthogonal_random_matrix + softmax_kernel (FastAttention default)",
                 what, setting, np.array([estimate(W) for W in Ws]), exact,
                 cause=(f"gaussian_orthogonal_random_matrix takes Q from torch.linalg.qr without the sign fix "
                        f"(rows are the columns of Q): w_11 < 0 in {100 * p_neg:.1f} % of blocks"),
                 detail=f"{haar}; w_11 < 0 in {100 * p_neg:.1f} % of blocks")]
    g = torch.Generator(device=dev).manual_seed(int(rng.integers(2 ** 63)))
    iid = [torch.randn(d, d, generator=g, dtype=torch.float64, device=dev).cpu().numpy() for _ in range(n)]
    rows.append(_row("performer-pytorch", "softmax_kernel with i.i.d. Gaussian projections", what,
                     setting.replace("one block, its own norms", "i.i.d. N(0, I) rows"),
                     np.array([estimate(W) for W in iid]), exact,
                     cause="the feature map itself", detail="isolates the feature map from the sampler"))
    return rows


def _cupy_rows(device):
    """``cupy.linalg.qr`` of a Gaussian matrix on the GPU, without and with the sign fix (CuPy has no
    orthogonal sampler of its own; this is the recipe GPU code written with CuPy uses)."""
    import cupy

    def qr(d, k, rng, fix):
        cupy.random.seed(int(rng.integers(2 ** 32)))
        G = cupy.random.standard_normal((k, d, d), dtype=cupy.float64)
        try:
            q, r = cupy.linalg.qr(G)                  # batched (CuPy >= 11)
        except (ValueError, TypeError, NotImplementedError):
            qs, rs = zip(*(cupy.linalg.qr(g) for g in G))
            q, r = cupy.stack(qs), cupy.stack(rs)
        if fix:
            q = q * cupy.sign(cupy.diagonal(r, axis1=-2, axis2=-1))[..., None, :]
        return cupy.asnumpy(q)

    rows = [_sampler_rows("cupy", "cupy.linalg.qr recipe, no sign fix (batched)",
                          lambda d, k, rng: qr(d, k, rng, False), sign_fixed=False),
            _sampler_rows("cupy", "cupy.linalg.qr recipe + sign fix (batched)",
                          lambda d, k, rng: qr(d, k, rng, True), sign_fixed=True)]
    for r in rows:               # the distribution is cupy-cuda12x / cupy-cuda13x / ..., not "cupy"
        r["version"] = cupy.__version__
    return rows


_BACKEND_FUNCS = {"numpy": (_numpy_rows,), "scipy": (_scipy_rows,), "sklearn": (_sklearn_rows,),
                  "rfflearn": (_rfflearn_rows,), "jax": (_jax_rows,), "torch": (_torch_rows, _performer_rows),
                  "cupy": (_cupy_rows,)}
_SHARED = (_version, _fmt_vec, _pair, _gaussian, _row, _favor_estimates, _chi_scaled, _sampler_rows, _haar_summary, _per_block)


def available(backend) -> tuple[bool, str]:
    """Whether a backend's packages import here, and the reason when not.

    Examples
    --------
    >>> available("numpy")
    (True, '')
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, got backend={backend!r}")
    for mod in REQUIRES[backend]:
        try:
            importlib.import_module(mod)
        except Exception as e:  # noqa: BLE001 - any import failure means not usable here
            return False, f"{mod} is not installed or does not import ({type(e).__name__})"
    return True, ""


def run(backend, device="cpu") -> dict:
    """Run one backend: ``{"rows": [...], "skipped": [...], "versions": {...}, "device_name": ...}``.

    Parameters
    ----------
    backend : str
        One of :data:`BACKENDS`.
    device : {"cpu", "cuda"}
        Where torch and jax compute (cupy needs ``"cuda"``; the others always run on the CPU).
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, got backend={backend!r}")
    if device not in ("cpu", "cuda"):
        raise ValueError(f"device must be 'cpu' or 'cuda', got device={device!r}")
    if device == "cuda" and backend not in GPU_BACKENDS:
        raise ValueError(f"backend {backend!r} runs on the CPU only; use --device cpu")
    if device == "cpu" and backend == "cupy":
        raise ValueError("backend 'cupy' runs on a CUDA device only; use --device cuda")
    ok, why = available(backend)
    if not ok:
        raise ImportError(f"backend {backend!r}: {why}")
    out = getattr(sys.modules[__name__], f"_{backend}_rows")(device)
    rows, skipped = out if isinstance(out, tuple) else (out, [])
    versions = {"python": platform.python_version()}
    versions.update({dist: v for dist in DISTRIBUTIONS[backend] if (v := _version(dist)) is not None})
    return {"rows": rows, "skipped": skipped, "versions": versions, "device_name": _device_name(backend, device)}


def table_md(rows) -> str:
    """A Markdown table of rows: package (version), function, estimates, setting, exact, mean ± s.e., z, verdict.

    The verdict of a biased row carries its cause; a passing row states the power (``detects``).
    """
    out = ["| package | function | estimates | setting | exact | mean ± s.e. | z | verdict |",
           "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        verdict = (f"{r['verdict']} (detects >= {100 * r['detects']:.2g} %)" if r["passed"]
                   else f"**{r['verdict']}**: {r['cause'] or 'cause not identified'}")
        cells = (f"{r['package']} {r['version']}", f"`{r['function']}`", r["estimates"], r["setting"],
                 f"{r['exact']:.4f}", f"{r['mean']:.4f} ± {r['stderr']:.4f}", f"{r['z']:+.1f}", verdict)
        out.append("| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |")
    return "\n".join(out)


def _device_name(backend, device):
    if device == "cuda" and backend == "torch":
        import torch
        return torch.cuda.get_device_name(0)
    if device == "cuda" and backend == "jax":
        import jax
        return str(jax.devices("gpu")[0].device_kind)
    if device == "cuda" and backend == "cupy":
        import cupy
        name = cupy.cuda.runtime.getDeviceProperties(0)["name"]
        return name.decode() if isinstance(name, bytes) else str(name)
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


# ------------------------------------------------------------------------------------------------
# cache
# ------------------------------------------------------------------------------------------------


def _code_fingerprint(obj) -> str:
    """An object's source with its docstrings and blank lines cut out.

    The source text, not ``ast.dump``: the dump differs between Python versions (3.12 adds fields), and
    a cache written on the GPU machine's Python must check here.
    """
    src = textwrap.dedent(inspect.getsource(obj))
    drop = set()
    for node in ast.walk(ast.parse(src)):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            drop.update(range(body[0].lineno - 1, body[0].end_lineno))
    return "\n".join(line.rstrip() for i, line in enumerate(src.splitlines()) if i not in drop and line.strip())


def code_hash(backend) -> str:
    """SHA-256 of :data:`SETTINGS`, the shared row machinery and the backend's own functions.

    Editing one backend does not stale the caches of the others; editing the shared code or the
    settings stales all of them (rerun ``make wild``, and the GPU command for ``*-cuda`` files).

    Examples
    --------
    >>> len(code_hash("torch")), code_hash("torch") == code_hash("numpy")
    (64, False)
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, got backend={backend!r}")
    h = hashlib.sha256(json.dumps(SETTINGS, sort_keys=True).encode())
    for obj in _SHARED + _BACKEND_FUNCS[backend]:
        h.update(_code_fingerprint(obj).encode())
    return h.hexdigest()


def results_dir() -> Path:
    """``rfsym/data/results`` (package data)."""
    return Path(__file__).resolve().parent / "data" / "results"


def cache_path(backend, device="cpu") -> Path:
    """``rfsym/data/results/wild-<backend>-<device>.json``."""
    return results_dir() / f"wild-{backend}-{device}.json"


def cache_files() -> list[Path]:
    """The wild cache files present, in :data:`BACKENDS` order (cpu before cuda)."""
    order = {(b, dev): i for i, (b, dev) in enumerate((b, dev) for b in BACKENDS for dev in ("cpu", "cuda"))}
    files = [p for p in results_dir().glob("wild-*-*.json")
             if tuple(p.stem.split("-", 1)[1].rsplit("-", 1)) in order]
    return sorted(files, key=lambda p: order[tuple(p.stem.split("-", 1)[1].rsplit("-", 1))])


def load(path) -> dict:
    """Read a cache file and check that the code that wrote it is the current code.

    Raises
    ------
    StaleCache
        Unknown backend, or a ``code_hash`` that differs from :func:`code_hash` of its backend.
    """
    path = Path(path)
    data = json.loads(path.read_text())
    backend = data.get("backend")
    if backend not in BACKENDS:
        raise StaleCache(f"{path} is not a wild cache (backend={backend!r})")
    if data.get("code_hash") != code_hash(backend):
        raise StaleCache(f"stale wild cache {path}: rfsym/wild.py (its settings or the {backend} backend) "
                         f"changed since it was written; rerun: {data.get('command', 'make wild')}")
    return data


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    ap = argparse.ArgumentParser(prog="python -m rfsym.wild",
                                 description="Check installed random-feature packages against exact values "
                                             "and write rfsym/data/results/wild-<backend>-<device>.json")
    ap.add_argument("--backend", choices=BACKENDS, action="append",
                    help="backend to run (repeatable; default: every installed one)")
    ap.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    ap.add_argument("--out", default=None, help="output file (one backend only; default the results dir)")
    a = ap.parse_args(argv)
    if a.out and (not a.backend or len(a.backend) != 1):
        ap.error("--out needs exactly one --backend")
    backends = a.backend or [b for b in BACKENDS if (b in GPU_BACKENDS if a.device == "cuda" else b != "cupy")]
    status = 0
    for b in backends:
        ok, why = available(b)
        if not ok:
            print(f"skip {b}: {why}", file=sys.stderr)
            status = status or (2 if a.backend else 0)
            continue
        hsh = code_hash(b)            # hash the code now (it may be edited during a long run)
        t = time.time()
        res = run(b, a.device)
        out = Path(a.out) if a.out else cache_path(b, a.device)
        command = f"python -m rfsym.wild --backend {b} --device {a.device}"
        data = {"backend": b, "device": a.device, "device_name": res["device_name"], "command": command,
                "argv": shlex.join(["python", "-m", "rfsym.wild", *argv]), "code_hash": hsh,
                "settings": SETTINGS, "versions": res["versions"], "seconds": round(time.time() - t, 1),
                "rows": res["rows"], "skipped": res["skipped"]}
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=1) + "\n")
        bad = sum(not r["passed"] for r in res["rows"])
        print(f"wrote {out}: {len(res['rows'])} rows ({bad} biased), {data['seconds']:.0f} s"
              + "".join(f"; skipped {s}" for s in res["skipped"]), file=sys.stderr)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
