"""Assertions for testing your own random-feature code, with a false-alarm rate that is *guaranteed*.

See :mod:`rfsym.testing` for the overview. This module holds the tests and their result objects.
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass

import numpy as np

from .. import couplings as _couplings
from .. import estimators as _est
from .. import kernels as _kernels
from .. import tailbounds as _tb
from ..montecarlo import DEFAULT_Z_THRESHOLD
from .law import law_of

__all__ = ["DEFAULT_ALPHA", "TestResult", "CheckResult", "BatchResult", "Report", "unbiased_test", "mse_test",
           "assert_unbiased", "assert_mse", "feature_map_estimator", "sample_estimates", "false_alarm_rate", "as_numpy"]

#: The default false-alarm rate, ``P(|Z| > 5)`` of a standard normal (the project's z threshold).
DEFAULT_ALPHA = math.erfc(DEFAULT_Z_THRESHOLD / math.sqrt(2))


def false_alarm_rate(threshold: float = DEFAULT_Z_THRESHOLD, n_checks: int = 1) -> float:
    """``n_checks * P(|Z| > threshold)`` (capped at 1): the nominal rate of a normal z-test.

    This is the rate of the *asymptotic* path only (no exact variance known); the tests with an
    exact law guarantee their ``alpha`` without any normal approximation.

    Examples
    --------
    >>> f"{false_alarm_rate(5.0):.2g}"
    '5.7e-07'
    """
    return min(1.0, n_checks * math.erfc(float(threshold) / math.sqrt(2)))


def as_numpy(a, dtype=float):
    """An array-like (NumPy, torch or JAX tensor, on any device; list; scalar) as a NumPy array.

    torch tensors are detached and moved to the CPU; JAX arrays are copied to the host through
    ``__array__``; neither package is imported.

    Examples
    --------
    >>> as_numpy([1, 2]).tolist()
    [1.0, 2.0]
    """
    if hasattr(a, "detach") and hasattr(a, "cpu"):          # torch.Tensor (CUDA included)
        a = a.detach().cpu().numpy()
    elif type(a).__module__.startswith(("jax", "jaxlib")) and hasattr(a, "__array__"):
        a = np.asarray(a)
    if dtype is None:
        return np.asarray(a)
    try:
        return np.asarray(a, dtype=dtype)
    except TypeError:
        return np.asarray(np.asarray(a), dtype=dtype)


def _fmt(v):
    return f"{v:#.4g}" if abs(v) >= 1e-3 or v == 0 else f"{v:.3e}"


def _low(v):
    v = -abs(v)
    return "never" if not math.isfinite(v) or v <= -1 else _pct(v)


def _high(v):
    return "never" if not math.isfinite(v) else "+" + _pct(v)


def _pct(v):
    return "never" if not math.isfinite(v) else f"{100 * v:.3g} %"


@dataclass(frozen=True)
class TestResult:
    """The outcome of one test, in the manner of :mod:`scipy.stats` results (returned, never raised).

    Attributes
    ----------
    what : str
        The quantity tested (``"E[K_hat] at (x, y)"``).
    exact : float
        Its exact value under the null hypothesis.
    estimate : float
        The sampled mean of the quantity.
    stderr : float
        Standard error of ``estimate``: from the exact variance when ``guaranteed``, else the sample's.
    sample_stderr : float
        The sample standard error (shown for comparison; it understates heavy tails).
    n : int
        Independent replicates.
    seed : int or None
    alpha : float
        The false-alarm rate: a proven bound when ``guaranteed``, else the normal approximation's.
    guaranteed : bool
    method : str
        How the test decides (which statistic and bound on each side).
    z : float
        ``(estimate - exact) / stderr``.
    detect80, detect95 : tuple of float
        The smallest (negative, positive) relative error detected with probability >= 80 % and
        >= 95 % (absolute errors when ``exact == 0``) for a *shift* of the mean at the exact variance;
        ``inf`` when the budget cannot detect it.
    scale80, scale95 : tuple of float
        The same for a *scaling* of the estimate by :math:`1+b` (its variance scaled by :math:`(1+b)^2`,
        as a normalisation slip does; guaranteed tests only).
    passed : bool
    diagnostics : str
        Heavy-tail diagnostics (asymptotic path) or where the exact law came from.
    relative : bool
        Errors are relative (``exact != 0``).
    """

    __test__ = False       # not a pytest test class

    what: str
    exact: float
    estimate: float
    stderr: float
    sample_stderr: float
    n: int
    seed: int | None
    alpha: float
    guaranteed: bool
    method: str
    z: float
    detect80: tuple
    detect95: tuple
    passed: bool
    diagnostics: str = ""
    relative: bool = True
    scale80: tuple = (math.inf, math.inf)
    scale95: tuple = (math.inf, math.inf)

    # -- names of the earlier CheckResult -------------------------------------------------------
    @property
    def false_alarm(self) -> float:
        """Same as ``alpha``."""
        return self.alpha

    @property
    def detectable(self) -> float:
        """The larger of the two errors detected with power >= 80 %."""
        return max(abs(v) for v in self.detect80)

    def __str__(self) -> str:
        if self.relative:
            off = (self.estimate - self.exact) / abs(self.exact)
            dev = f"{'off' if self.what.startswith('E[(K_hat') else 'biased'} by {100 * off:+.3g} %"
            d80 = f"{_low(self.detect80[0])} / {_high(self.detect80[1])}"
            d95 = f"{_low(self.detect95[0])} / {_high(self.detect95[1])}"
            unit = "relative errors"
        else:
            dev = f"off by {self.estimate - self.exact:+.3g}"
            d80 = f"{self.detect80[0]:.2g} / {self.detect80[1]:.2g}"
            d95 = f"{self.detect95[0]:.2g} / {self.detect95[1]:.2g}"
            unit = "absolute errors"
        se = "exact s.e." if self.guaranteed else "sample s.e."
        rate = (f"false-alarm rate <= {self.alpha:.2g}, guaranteed (exact variance, non-asymptotic)" if self.guaranteed
                else f"false-alarm rate {self.alpha:.2g} ASYMPTOTIC only (normal approximation, sample s.e.)")
        power = f"detects {unit} {d80} with power >= 80 %, {d95} with >= 95 %"
        if self.guaranteed and self.relative:
            power = (f"detects a shift of the mean (exact variance) by {d80} with power >= 80 %, {d95} with >= 95 %, "
                     f"a scaling by {_low(self.scale80[0])} / {_high(self.scale80[1])} with >= 80 %")
        out = (f"{self.what}: mean {_fmt(self.estimate)} ± {self.stderr:.2g} ({se}), exact {_fmt(self.exact)}: {dev}, "
               f"z = {self.z:+.3g} ({self.method}; {rate}; {power}; n = {self.n}, seed = {self.seed})")
        if self.diagnostics:
            out += f" [{self.diagnostics}]"
        return out


#: The earlier name of :class:`TestResult`.
CheckResult = TestResult


@dataclass(frozen=True)
class BatchResult:
    """Tests of a batch of pairs: one :class:`TestResult` per pair, rate split by a union bound."""

    __test__ = False

    results: tuple
    alpha: float

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.results)

    def __iter__(self):
        return iter(self.results)

    def __len__(self):
        return len(self.results)

    def __str__(self) -> str:
        bad = [i for i, r in enumerate(self.results) if not r.passed]
        head = (f"{len(self.results)} pairs, false-alarm rate of the batch <= {self.alpha:.2g} (union bound): "
                + ("all pass" if not bad else f"{len(bad)} FAIL"))
        return "\n".join([head] + [f"  pair {i}: {self.results[i]}" for i in (bad or range(min(3, len(self.results))))])


@dataclass(frozen=True)
class Report:
    """A group of checks (from :func:`assert_haar`, :func:`check_estimator`): all must pass."""

    name: str
    checks: tuple      # of TestResult
    notes: tuple = ()  # deterministic checks, checks run and skipped, as text

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks) and not any(n.startswith("FAIL") for n in self.notes)

    def __str__(self) -> str:
        lines = [f"{self.name}: {'pass' if self.passed else 'FAIL'}"]
        lines += [f"  {'ok  ' if c.passed else 'FAIL'} {c}" for c in self.checks]
        lines += [f"  {n}" for n in self.notes]
        return "\n".join(lines)


# ------------------------------------------------------------------------------------------------
# the two decision rules: guaranteed (exact law) and asymptotic (sample only)
# ------------------------------------------------------------------------------------------------


def _rel(v, exact):
    return v / abs(exact) if exact != 0 else v


def _guaranteed(what, samples, exact, sigma2, *, alpha, lower=None, upper=None, seed=None, source=""):
    """A :class:`TestResult` from :func:`rfsym.tailbounds.mean_test` (exact variance, proven rate)."""
    s = np.asarray(samples, float)
    t = _tb.mean_test(s, exact, sigma2, alpha=alpha, lower=lower, upper=upper)
    n = s.size
    se = math.sqrt(sigma2 / n)
    sse = float(s.std(ddof=1) / math.sqrt(n))
    methods = []
    for sd in t.sides:
        word = "low" if sd.direction < 0 else "high"
        units = sd.threshold / se if se > 0 else math.inf
        methods.append(f"{word}: {'mean' if sd.k == 1 else f'median of {sd.k} block means'} beyond "
                       f"{units:.3g} s.e.")
    method = "fails " + ", ".join(methods)
    return TestResult(what, float(exact), t.mean, se, sse, n, seed, float(alpha), True, method, t.z,
                      (-_rel(t.detect80[0], exact), _rel(t.detect80[1], exact)),
                      (-_rel(t.detect95[0], exact), _rel(t.detect95[1], exact)), t.passed, source, exact != 0,
                      (-t.scale80[0], t.scale80[1]), (-t.scale95[0], t.scale95[1]))


def _tail_diagnostics(s):
    dev = s - s.mean()
    ss = float((dev ** 2).sum())
    share = float((dev ** 2).max() / ss) if ss > 0 else 0.0
    var = ss / s.size
    kurt = float((dev ** 4).mean() / var ** 2) - 3.0 if var > 0 else 0.0
    heavy = share > 0.01 or kurt > 50
    txt = (f"tail diagnostics: the largest term carries {100 * share:.2g} % of the sample variance, sample excess "
           f"kurtosis {kurt:.3g}")
    if heavy:
        txt += ("; HEAVY TAILS: the sample s.e. understates the spread and the real false-alarm rate can be far "
                "above the nominal one; pass mechanism= for a guaranteed test")
    return txt, heavy


def _asymptotic(what, samples, exact, *, alpha, seed=None):
    """A z-test with the sample standard error (no exact variance known): nominal, asymptotic rate."""
    s = np.asarray(samples, float)
    n = s.size
    mean = float(s.mean())
    se = float(s.std(ddof=1) / math.sqrt(n))
    zt = _normal_quantile(alpha / 2)
    z = (mean - exact) / se if se > 0 else (0.0 if mean == exact else math.copysign(math.inf, mean - exact))
    d80 = (zt + _normal_quantile(0.2)) * se
    d95 = (zt + _normal_quantile(0.05)) * se
    diag, _ = _tail_diagnostics(s)
    return TestResult(what, float(exact), mean, se, se, n, seed, float(alpha), False, f"fails when |z| > {zt:.3g}",
                      z, (-_rel(d80, exact), _rel(d80, exact)), (-_rel(d95, exact), _rel(d95, exact)),
                      bool(abs(z) <= zt), diag, exact != 0)


def _normal_quantile(p):
    """Upper quantile z with P(Z > z) = p (bisection on erfc; no scipy)."""
    lo, hi = 0.0, 40.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if 0.5 * math.erfc(mid / math.sqrt(2)) > p:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)




# ------------------------------------------------------------------------------------------------
# turning user code into replicates
# ------------------------------------------------------------------------------------------------


def feature_map_estimator(draw, query, key=None):
    """Wrap a feature map into an estimate callable ``f(x, y, rng) -> float``.

    Parameters
    ----------
    draw : callable
        ``draw(rng)`` returns the random parameters of one draw (e.g. a projection matrix).
    query : callable
        ``query(X, params)`` maps points of shape ``(n, d)`` to features of shape ``(n, M)``.
    key : callable, optional
        Key-side map (default: ``query``).

    Returns
    -------
    callable
        ``f(x, y, rng) = Re(query(x[None], P) @ key(y[None], P).T)`` with ``P = draw(rng)``.

    Examples
    --------
    >>> m = 16
    >>> draw = lambda rng: rng.standard_normal((m, 3))
    >>> phi = lambda X, W: np.exp(X @ W.T - (X ** 2).sum(1, keepdims=True)) / np.sqrt(m)
    >>> f = feature_map_estimator(draw, phi)
    >>> r = assert_unbiased(f, [0.1, 0.2, 0.0], [0.0, 0.3, -0.1], kernel="gaussian", n=4000)
    >>> r.passed
    True
    """
    key = query if key is None else key

    def f(x, y, rng):
        P = draw(rng)
        fq = as_numpy(query(np.asarray(x)[None, :], P), None)
        fk = as_numpy(key(np.asarray(y)[None, :], P), None)
        return float(np.real(fq @ fk.T)[0, 0])

    return f


def _as_estimator(f, params=None):
    if isinstance(f, str):
        return _est.get(f, **(params or {}))
    return f


def _fit_for_pair(est, x, y, seed):
    """Fit data-dependent parameters on a small set around the pair (nonsingular second moments)."""
    if not est.needs_fit or est.fitted:
        return est
    rng = np.random.default_rng(seed + 7919)
    d = x.size
    s = max(float(np.linalg.norm(x)), float(np.linalg.norm(y)), 1e-3) / math.sqrt(d)
    X = np.vstack([x, rng.standard_normal((2 * d, d)) * s])
    Y = np.vstack([y, rng.standard_normal((2 * d, d)) * s])
    return est.fit(X, Y)


def sample_estimates(f, x, y, n, rng, *, m=None, coupling=None, vectorized=False, batch=10_000):
    """``n`` independent replicates of an estimate of the kernel at ``(x, y)``.

    Parameters
    ----------
    f : rfsym estimator, mechanism name, or callable
        An estimator (its :meth:`~rfsym.estimators.RandomFeatures.sample` with ``m`` projections) or
        ``f(x, y, rng)`` returning one estimate (array-like, real part taken), or with
        ``vectorized=True`` ``f(x, y, rng, k)`` returning ``k`` independent estimates.
    x, y : array_like, shape (d,)
    n : int
    rng : numpy.random.Generator
    m : int, optional
        Projections (estimators only; default ``d``).

    Returns
    -------
    ndarray, shape (n,)
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    f = _as_estimator(f)
    if isinstance(f, _est.RandomFeatures):
        return f.sample(x, y, x.size if m is None else m, n, rng, coupling)
    if not callable(f):
        raise TypeError(f"f must be an rfsym estimator, a mechanism name or a callable, got {type(f).__name__}")
    if vectorized:
        parts, done = [], 0
        while done < n:
            k = min(batch, n - done)
            v = np.real(as_numpy(f(x, y, rng, k), complex)).astype(float).ravel()
            if v.shape != (k,):
                raise ValueError(f"f(x, y, rng, {k}) must return {k} estimates, got shape {v.shape}")
            parts.append(v)
            done += k
        return np.concatenate(parts)
    out = np.empty(n)
    for i in range(n):
        v = as_numpy(f(x, y, rng), None)
        if v.size != 1:
            raise ValueError(f"f(x, y, rng) must return one estimate, got shape {v.shape} (use vectorized=True)")
        out[i] = float(np.real(v.reshape(())))
    return out


def _exact_kernel(kernel, x, y):
    if kernel not in _est.KERNELS:
        raise ValueError(f"kernel must be one of {_est.KERNELS} (or pass exact=), got kernel={kernel!r}")
    g = _kernels.gaussian_kernel if kernel == "gaussian" else _kernels.softmax_kernel
    return float(g(np.asarray(x, float).tolist(), np.asarray(y, float).tolist(), dps=20))


def _pair(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim != 1 or x.shape != y.shape:
        raise ValueError(f"x and y must be 1-D of the same length d, got shapes {x.shape} and {y.shape}")
    return x, y




def _call_sampler(sampler, d, rng):
    try:
        nparams = len([p for p in inspect.signature(sampler).parameters.values()
                       if p.default is inspect.Parameter.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)])
    except (TypeError, ValueError):
        nparams = 2
    W = sampler(d, d, rng) if nparams >= 3 else sampler(d, rng)
    W = as_numpy(W)
    if W.shape != (d, d):
        raise ValueError(f"the sampler must return one (d, d) block of rows, got shape {W.shape} for d = {d}")
    return W




def _setting_pair(d, nx, ny, angle):
    x = np.zeros(d)
    y = np.zeros(d)
    x[0] = nx
    y[0], y[1] = ny * math.cos(angle), ny * math.sin(angle)
    R = _couplings.haar_orthogonal(d, 1, np.random.default_rng(d))[0]   # a fixed generic rotation
    return R @ x, R @ y




# ------------------------------------------------------------------------------------------------
# inputs: pairs, batches, bandwidth, the reference mechanism
# ------------------------------------------------------------------------------------------------


def _pairs(x, y):
    """x, y as float arrays of shape (B, d) (B = 1 for single pairs) and whether they were batched."""
    x = as_numpy(x)
    y = as_numpy(y)
    batched = x.ndim == 2 or y.ndim == 2
    if x.ndim == 1:
        x = x[None, :]
    if y.ndim == 1:
        y = y[None, :]
    if x.ndim != 2 or y.ndim != 2 or x.shape[1] != y.shape[1]:
        raise ValueError(f"x and y must be points of the same dimension d, shape (d,) or (B, d); got shapes "
                         f"{x.shape} and {y.shape}")
    if x.shape[0] != y.shape[0]:
        if x.shape[0] == 1:
            x = np.repeat(x, y.shape[0], 0)
        elif y.shape[0] == 1:
            y = np.repeat(y, x.shape[0], 0)
        else:
            raise ValueError(f"batches of x and y must have the same length (or one point), got {x.shape[0]} "
                             f"and {y.shape[0]}")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("x and y must be finite")
    return x, y, batched


def _bandwidth(bandwidth):
    try:
        b = float(bandwidth)
    except (TypeError, ValueError) as e:
        raise TypeError(f"bandwidth must be a positive number, got {bandwidth!r}") from e
    if not (b > 0 and math.isfinite(b)):
        raise ValueError(f"bandwidth must be a positive number, got {bandwidth!r}")
    return b


def _reference(f, mechanism, kernel, params):
    """The rfsym estimator whose law is the null hypothesis, or None (a callable with no mechanism)."""
    if mechanism is not None:
        ref = _as_estimator(mechanism, params)
        if not isinstance(ref, _est.RandomFeatures):
            raise TypeError(f"mechanism must be an rfsym estimator or a mechanism name, got {type(mechanism).__name__}")
    elif isinstance(f, _est.RandomFeatures):
        ref = f
    else:
        return None
    if kernel is not None and kernel != ref.kernel:
        ref = ref.with_kernel(kernel)
    return ref


def _law(ref, x, y, m, coupling, seed):
    """(fitted reference, EstimateLaw or None, why not)."""
    ref = _fit_for_pair(ref, x, y, seed)
    try:
        return ref, law_of(ref, x, y, m, coupling), ""
    except _est.NoExactValue as e:
        return ref, None, f"no exact variance for {ref.name}: {e}"


def _batch(fn, x, y, alpha, seed, **kw):
    X, Y, batched = _pairs(x, y)
    if not batched:
        return fn(X[0], Y[0], alpha=alpha, seed=seed, **kw)
    B = X.shape[0]
    return BatchResult(tuple(fn(X[i], Y[i], alpha=alpha / B, seed=seed + i, **kw) for i in range(B)), alpha)


# ------------------------------------------------------------------------------------------------
# unbiasedness
# ------------------------------------------------------------------------------------------------


def unbiased_test(f, x, y, *, mechanism=None, kernel=None, bandwidth=1.0, exact=None, variance=None, n=20_000,
                  m=None, coupling=None, seed=0, alpha=DEFAULT_ALPHA, vectorized=False, params=None):
    """Test that an estimator or feature map is unbiased at ``(x, y)``; returns a :class:`TestResult`.

    Parameters
    ----------
    f : rfsym estimator, mechanism name, or callable
        ``f(x, y, rng)`` returning one estimate (array-like: NumPy, torch or JAX, real part taken), or
        with ``vectorized=True`` ``f(x, y, rng, k)`` returning ``k``; wrap a feature map with
        :func:`feature_map_estimator`.
    x, y : array_like, shape (d,) or (B, d)
        One pair, or a batch of pairs (each tested at ``alpha / B``; a :class:`BatchResult`).
    mechanism : rfsym estimator or name, optional
        The mechanism ``f`` implements (default: ``f`` itself when it is one). Its exact variance (and
        support) make the false-alarm rate a proven bound at every input, heavy tails included. Without
        it the test is the asymptotic z-test and says so.
    kernel : {"gaussian", "softmax"}, optional
        The kernel ``f`` estimates (default: the mechanism's; required for a callable without mechanism).
    bandwidth : float
        :math:`\\sigma` of the kernel ``f`` estimates: :math:`e^{-\\|x-y\\|^2/2\\sigma^2}` or
        :math:`e^{x^\\top y/\\sigma^2}`. ``f`` is called with the raw ``x, y``; the exact law is the
        mechanism's at :math:`(x/\\sigma, y/\\sigma)`.
    exact, variance : float, optional
        Override the exact mean and the exact variance of one estimate.
    n : int
        Independent replicates.
    m : int, optional
        Projections per estimate (default ``d``).
    coupling : str, optional
        Coupling of the mechanism (default: its own).
    seed : int
    alpha : float
        The false-alarm rate (default :data:`DEFAULT_ALPHA` = 5.7e-7).
    vectorized : bool
    params : dict, optional
        Mechanism parameters (e.g. ``{"A": -0.1}``).

    Returns
    -------
    TestResult or BatchResult

    Notes
    -----
    With an exact law the sample mean is compared with the kernel on each side by a proven bound
    (:func:`rfsym.tailbounds.mean_test`): Bernstein/Maurer on a side where the estimate is bounded
    (positive features are :math:`\\ge 0`), the median of block means with Cantelli's inequality on an
    unbounded side. The power is a proven bound too, for any implementation whose estimates have the
    exact variance and a shifted mean.

    Examples
    --------
    >>> r = unbiased_test("FAVOR+", [1.5, 0, 0, 0], [0.75, 1.3, 0, 0])
    >>> r.passed, r.guaranteed
    (True, True)
    """
    f = _as_estimator(f, params)
    bw = _bandwidth(bandwidth)

    def one(x, y, *, alpha, seed):
        xs, ys = x / bw, y / bw
        d = x.size
        mm = d if m is None else _est._int(m, "m", 1)
        ref = _reference(f, mechanism, kernel, params)
        law, why = None, ""
        if ref is not None:
            ref, law, why = _law(ref, xs, ys, mm, coupling, seed)
        g = _fit_for_pair(f, xs, ys, seed) if isinstance(f, _est.RandomFeatures) else f
        if exact is not None:
            ex = float(exact)
        elif law is not None:
            ex = law.mean
        elif ref is not None:
            ex = float(ref.mean(xs, ys))
        elif kernel is not None:
            ex = _exact_kernel(kernel, xs, ys)
        else:
            raise ValueError("kernel must be given ('gaussian' or 'softmax') for a callable, or mechanism=, or exact=")
        rng = np.random.default_rng(seed)
        if isinstance(g, _est.RandomFeatures):
            s = sample_estimates(g, xs, ys, n, rng, m=mm, coupling=coupling, vectorized=vectorized)
        else:
            s = sample_estimates(g, x, y, n, rng, m=mm, coupling=coupling, vectorized=vectorized)
        var = variance if variance is not None else (law.variance if law is not None else None)
        if var is not None:
            lo = law.lower if law is not None else None
            hi = law.upper if law is not None else None
            return _guaranteed("E[K_hat] at (x, y)", s, ex, float(var), alpha=alpha, lower=lo, upper=hi, seed=seed,
                               source=law.source.split(";")[0] if law is not None else "exact variance given")
        r = _asymptotic("E[K_hat] at (x, y)", s, ex, alpha=alpha, seed=seed)
        if why:
            r = _with_diag(r, why)
        return r

    return _batch(one, x, y, alpha, seed)


def _with_diag(r, text):
    from dataclasses import replace
    return replace(r, diagnostics=(text + "; " + r.diagnostics) if r.diagnostics else text)


def assert_unbiased(f, x, y, **kwargs):
    """Assert that an estimator or feature map is unbiased; :func:`unbiased_test` that raises on failure.

    Parameters
    ----------
    f, x, y, **kwargs
        As in :func:`unbiased_test`.

    Returns
    -------
    TestResult or BatchResult

    Raises
    ------
    AssertionError
        With the exact value, the sampled mean ± s.e., the bias, z, the guaranteed (or, without an
        exact law, the asymptotic) false-alarm rate, and the errors detected with 80 % and 95 % power.

    Examples
    --------
    >>> r = assert_unbiased("FAVOR+", [0.2, 0.1, 0.0, 0.3], [0.1, -0.2, 0.2, 0.0], n=4000)
    >>> r.passed, r.guaranteed
    (True, True)
    >>> slip = lambda x, y, rng: 2 * np.mean(np.cos(rng.standard_normal((8, 2)) @ (np.asarray(x) - y)))
    >>> assert_unbiased(slip, [0.3, 0.0], [0.0, 0.4], mechanism="RFF", m=8, n=2000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: E[K_hat] at (x, y): mean 1.764 ± 0.0012 (exact s.e.), exact 0.8825: biased by +99.9 %, z = +713 ...
    """
    r = unbiased_test(f, x, y, **kwargs)
    if not r.passed:
        raise AssertionError(str(r))
    return r


# ------------------------------------------------------------------------------------------------
# MSE
# ------------------------------------------------------------------------------------------------


def mse_test(f, x, y, mechanism=None, m=None, *, coupling=None, exact=None, params=None, bandwidth=1.0,
             n=20_000, seed=0, alpha=DEFAULT_ALPHA, vectorized=False):
    """Test that the sampled MSE of ``f`` at ``(x, y)`` is the exact MSE of a mechanism.

    Parameters
    ----------
    f : rfsym estimator, mechanism name, or callable
        The implementation under test (``m`` projections per estimate).
    x, y : array_like, shape (d,) or (B, d)
    mechanism : rfsym estimator or name, optional
        The mechanism whose MSE ``f`` should have (default: ``f`` itself when it is one).
    m : int, optional
        Projections per estimate (default ``d``).
    coupling : str, optional
    exact : float, optional
        The exact MSE (overrides the mechanism's; the guarantee then needs the mechanism's law still).
    params : dict, optional
    bandwidth, n, seed, alpha, vectorized
        As in :func:`unbiased_test`.

    Returns
    -------
    TestResult or BatchResult

    Notes
    -----
    The statistic is :math:`Y = (\\widehat K - K)^2`, of mean the MSE :math:`\\sigma^2`. Its variance is
    :math:`\\mu_4 - \\sigma^4`, with :math:`\\mu_4` the fourth central moment of one estimate
    (:func:`rfsym.testing.law.law_of`: exact for i.i.d. positive features, a proven bound for coupled
    positive features and for bounded estimates). With it the test is :func:`rfsym.tailbounds.mean_test`
    on :math:`Y \\ge 0`: the rate is guaranteed. Without a fourth moment the test is asymptotic and says so.

    Examples
    --------
    >>> x, y = [0.3, -0.1, 0.2], [0.1, 0.4, 0.0]
    >>> r = mse_test("SimRF", x, y, m=3, n=4000)
    >>> r.passed, r.guaranteed
    (True, True)
    >>> mse_test("PosRF", x, y, "SimRF", m=3, n=100_000).passed   # i.i.d. rows sampled, simplex MSE expected
    False

    The power is honest: with coupled rows only a bound on the fourth moment is known, and at
    ``n = 20000`` this test detects only MSE errors above about +480 % (the message says so).
    """
    f = _as_estimator(f, params)
    bw = _bandwidth(bandwidth)

    def one(x, y, *, alpha, seed):
        xs, ys = x / bw, y / bw
        mm = x.size if m is None else _est._int(m, "m", 1)
        g = _fit_for_pair(f, xs, ys, seed) if isinstance(f, _est.RandomFeatures) else f
        ref = _reference(g, mechanism, None, params)
        if ref is not None and ref is not g and isinstance(g, _est.RandomFeatures) and ref.needs_fit and \
                set(ref.param_names) == set(g.param_names):
            ref = type(ref)(kernel=ref.kernel, coupling=ref.default_coupling, **g.params)   # g's fitted parameters
        if ref is None and exact is None:
            raise ValueError("mechanism must name an rfsym mechanism (or pass exact=) when f is a callable")
        law, why = None, ""
        if ref is not None:
            ref, law, why = _law(ref, xs, ys, mm, coupling, seed)
            if law is None and exact is None:
                raise _est.NoExactValue(why)
            if law is not None and not law.variance_exact and exact is None:
                # a variance *bound* (coupled rows, Jensen) keeps the unbiasedness test valid, but the MSE test
                # needs the MSE itself: testing against the bound would reject correct code
                raise _est.NoExactValue(f"no exact MSE for {ref.name} here, only a bound ({law.source}); the "
                                        "unbiasedness test is valid with it, the MSE test is not (pass exact=)")
        K = law.mean if law is not None else float(ref.mean(xs, ys)) if ref is not None else None
        if K is None:
            raise ValueError("pass mechanism= (for the kernel value) together with exact=")
        ex = float(exact) if exact is not None else law.variance
        rng = np.random.default_rng(seed)
        if isinstance(g, _est.RandomFeatures):
            s = sample_estimates(g, xs, ys, n, rng, m=mm, coupling=coupling, vectorized=vectorized)
        else:
            s = sample_estimates(g, x, y, n, rng, m=mm, coupling=coupling, vectorized=vectorized)
        ysq = (s - K) ** 2
        what = "E[(K_hat - K)^2] at (x, y)"
        if law is not None and law.central4 is not None and exact is None:
            var_y = max(law.central4 - law.variance ** 2, 0.0)
            src = law.source
            upper = None
            if law.lower is not None and law.upper is not None:
                b = max(law.upper - K, K - law.lower)
                upper = b * b
            return _guaranteed(what, ysq, ex, var_y, alpha=alpha, lower=0.0, upper=upper, seed=seed, source=src)
        r = _asymptotic(what, ysq, ex, alpha=alpha, seed=seed)
        return _with_diag(r, why or f"no fourth moment of {ref.name if ref is not None else 'f'} known: the rate "
                          "is asymptotic")

    return _batch(one, x, y, alpha, seed)


def assert_mse(f, x, y, mechanism=None, m=None, **kwargs):
    """Assert that the sampled MSE of ``f`` is the exact MSE of a mechanism (:func:`mse_test` that raises).

    Examples
    --------
    >>> x, y = [0.3, -0.1, 0.2], [0.1, 0.4, 0.0]
    >>> assert_mse("SimRF", x, y, m=3, n=4000).passed
    True
    >>> assert_mse("PosRF", x, y, "SimRF", m=3, n=100_000)   # i.i.d. rows sampled, simplex MSE  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: E[(K_hat - K)^2] at (x, y): ... z = ...
    """
    r = mse_test(f, x, y, mechanism, m, **kwargs)
    if not r.passed:
        raise AssertionError(str(r))
    return r
