"""Monte Carlo estimators and z-score checks (the independent, sampled witness).

Every estimator takes an explicit :class:`numpy.random.Generator` and returns an :class:`MCResult`
(estimate, standard error, number of independent replicates). A check compares an estimate with an
exact value by the z-score :math:`z = (\\hat\\mu - \\mu)/\\mathrm{SE}` and passes when
:math:`|z| \\le` ``threshold`` (default 5: a correct value fails with probability about
:math:`6\\times10^{-7}` under normality, while a wrong value fails once enough samples are drawn).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from .precision import require_int

__all__ = ["TAIL_RECORD", "tail_diagnostics", "ExactZWitness", "exact_z_witness", "ExactMeanCheck", "MCResult", "ZCheck", "DEFAULT_Z_THRESHOLD", "mean_of", "variance_of", "estimate_mean",
           "estimate_variance", "zscore", "z_check", "ZWitness", "z_witness", "detectable_fraction"]

#: Default threshold on the absolute z-score of the Monte Carlo checks.
DEFAULT_Z_THRESHOLD = 5.0


@dataclass(frozen=True)
class MCResult:
    """A Monte Carlo estimate with its standard error and the number of replicates."""

    estimate: float
    stderr: float
    n: int

    def z(self, exact) -> float:
        """z-score of ``exact`` against this estimate (see :func:`zscore`)."""
        return zscore(self, exact)

    def __str__(self) -> str:
        return f"{self.estimate:.6g} ± {self.stderr:.2g} (n={self.n})"


@dataclass(frozen=True)
class ZCheck:
    """Outcome of a z-score test."""

    z: float
    threshold: float
    passed: bool
    result: MCResult
    exact: float

    def __str__(self) -> str:
        verdict = "pass" if self.passed else "FAIL"
        return (f"MC {self.result.estimate:.6g} ± {self.result.stderr:.2g} (n={self.result.n}) vs "
                f"exact {self.exact:.6g}: z = {self.z:+.2f} ({verdict}, |z| <= {self.threshold:g})")


def _samples(x, name="samples") -> np.ndarray:
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of independent replicates, got shape {x.shape}")
    if x.size < 2:
        raise ValueError(f"{name} needs at least 2 replicates, got {x.size}")
    if np.iscomplexobj(x):
        raise TypeError(f"{name} must be real; estimate real and imaginary parts separately")
    x = x.astype(float)
    if not np.all(np.isfinite(x)):
        raise ValueError(f"{name} contains nan or inf")
    return x


#: When a list, :func:`mean_of` and :func:`variance_of` append the tail diagnostics of every sample they
#: summarise (:func:`tail_diagnostics`); the heavy-tail audit of the Monte Carlo witnesses
#: (:mod:`rfsym.claims.tailaudit`) sets it around each check. ``None`` (the default) records nothing.
TAIL_RECORD = None


def tail_diagnostics(samples) -> dict:
    r"""How far a sample's standard error can be trusted: the largest term's share of the sum of squared
    deviations and the sample excess kurtosis.

    For a light-tailed law the largest share is about :math:`2\ln n / n`; a share many times that, or a
    large kurtosis, means a few terms carry the variance, so the sample s.e. is itself noisy and
    usually too small (the sample misses the rarer, larger terms).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> tail_diagnostics(rng.standard_normal(10_000))["heavy"]
    False
    >>> tail_diagnostics(np.exp(3 * rng.standard_normal(10_000)))["heavy"]
    True
    """
    x = np.asarray(samples, float)
    n = x.size
    c = x - x.mean()
    ss = float(np.sum(c * c))
    share = float(np.max(c * c) / ss) if ss > 0 else 0.0
    var = ss / n
    kurt = float(np.mean(c ** 4) / var ** 2 - 3.0) if var > 0 else 0.0
    light = 2.0 * math.log(max(n, 3)) / n
    return {"n": int(n), "max_share": share, "light_share": light, "excess_kurtosis": kurt,
            "heavy": bool(share > max(5 * light, 0.01) or (kurt + 2.0) / n > 0.01)}


def mean_of(samples) -> MCResult:
    """Mean of independent replicates with its standard error ``std(ddof=1)/sqrt(n)``.

    Examples
    --------
    >>> r = mean_of([1.0, 2.0, 3.0, 4.0])
    >>> (r.estimate, round(r.stderr, 6), r.n)
    (2.5, 0.645497, 4)
    """
    x = _samples(samples)
    if TAIL_RECORD is not None:
        TAIL_RECORD.append(("mean", tail_diagnostics(x)))
    return MCResult(float(np.mean(x)), float(np.std(x, ddof=1) / math.sqrt(x.size)), int(x.size))


def variance_of(samples) -> MCResult:
    """Unbiased sample variance of independent replicates with its standard error.

    Notes
    -----
    :math:`\\mathrm{SE}^2 \\approx (\\hat\\mu_4 - \\hat\\sigma^4 (n-3)/(n-1))/n` with the central
    sample moments; accurate for large ``n`` (use ``n`` in the thousands at least). Heavy-tailed
    replicates (e.g. exponentials of Gaussians with large arguments) make the SE unreliable: keep the
    fourth moment finite and moderate in MC checks.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> r = variance_of(rng.standard_normal(200_000))
    >>> abs(r.z(1.0)) < 5
    True
    """
    x = _samples(samples)
    if TAIL_RECORD is not None:
        TAIL_RECORD.append(("variance", tail_diagnostics((x - x.mean()) ** 2)))
    n = x.size
    c = x - np.mean(x)
    s2 = float(np.sum(c * c) / (n - 1))
    m4 = float(np.mean(c ** 4))
    var_s2 = max((m4 - s2 * s2 * (n - 3) / (n - 1)) / n, 0.0)
    return MCResult(s2, math.sqrt(var_s2), int(n))


def _draw_all(draw: Callable, n: int, rng: np.random.Generator, batch: int) -> np.ndarray:
    n = require_int(n, "n", minimum=2)
    batch = require_int(batch, "batch", minimum=1)
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got rng={rng!r}")
    parts = []
    done = 0
    while done < n:
        k = min(batch, n - done)
        v = np.asarray(draw(rng, k))
        if v.shape != (k,):
            raise ValueError(f"draw(rng, {k}) must return shape ({k},), got {v.shape}")
        parts.append(v)
        done += k
    return np.concatenate(parts)


def estimate_mean(draw: Callable, n: int, rng: np.random.Generator, *, batch: int = 10_000) -> MCResult:
    """Estimate :math:`E[X]` from ``n`` replicates produced by ``draw(rng, k)`` (shape ``(k,)``).

    Parameters
    ----------
    draw : callable
        ``draw(rng, k)`` returns ``k`` independent replicates of the estimator.
    n : int
        Number of replicates.
    rng : numpy.random.Generator
    batch : int
        Replicates per call of ``draw``.

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> r = estimate_mean(lambda g, k: np.exp(g.standard_normal(k)), 100_000, rng)
    >>> z_check(r, math.exp(0.5)).passed, z_check(r, 1.1 * math.exp(0.5)).passed
    (True, False)
    """
    return mean_of(_draw_all(draw, n, rng, batch))


def estimate_variance(draw: Callable, n: int, rng: np.random.Generator, *, batch: int = 10_000) -> MCResult:
    """Estimate :math:`\\mathrm{Var}[X]` from ``n`` replicates produced by ``draw(rng, k)``.

    Examples
    --------
    >>> rng = np.random.default_rng(2)
    >>> r = estimate_variance(lambda g, k: g.standard_normal(k) * 2, 100_000, rng)
    >>> z_check(r, 4.0).passed
    True
    """
    return variance_of(_draw_all(draw, n, rng, batch))


def zscore(result: MCResult, exact) -> float:
    """z-score :math:`(\\hat\\mu - \\mu)/\\mathrm{SE}` (``inf`` if SE is zero and they differ).

    Examples
    --------
    >>> zscore(MCResult(1.1, 0.05, 100), 1.0)  # doctest: +ELLIPSIS
    2.0000...
    """
    if not isinstance(result, MCResult):
        raise TypeError(f"result must be an MCResult, got {type(result).__name__}")
    exact = float(exact)
    if not math.isfinite(exact):
        raise ValueError(f"exact must be finite, got exact={exact}")
    diff = result.estimate - exact
    if result.stderr == 0:
        return 0.0 if diff == 0 else math.copysign(math.inf, diff)
    return diff / result.stderr


def z_check(result: MCResult, exact, threshold: float = DEFAULT_Z_THRESHOLD) -> ZCheck:
    """z-score test: pass when ``|z| <= threshold``.

    Parameters
    ----------
    result : MCResult
    exact : float or mpf
        The exact value under test.
    threshold : float
        Positive threshold (default 5).

    Examples
    --------
    >>> print(z_check(MCResult(1.0, 0.1, 1000), 1.2))
    MC 1 ± 0.1 (n=1000) vs exact 1.2: z = -2.00 (pass, |z| <= 5)
    """
    threshold = float(threshold)
    if not threshold > 0:
        raise ValueError(f"threshold must be positive, got threshold={threshold}")
    z = zscore(result, exact)
    return ZCheck(z, threshold, abs(z) <= threshold, result, float(exact))


@dataclass(frozen=True)
class ZWitness:
    """A Monte Carlo witness: the exact value passes the z-test and every control is rejected."""

    check: ZCheck
    controls: tuple

    @property
    def passed(self) -> bool:
        """The exact value passes (``|z| <= threshold``)."""
        return self.check.passed

    @property
    def controls_rejected(self) -> bool:
        """Every control value fails the z-test."""
        return all(not c.passed for _, c in self.controls)

    @property
    def agreement(self) -> str:
        return f"z = {self.check.z:+.2f}"

    @property
    def control_detail(self) -> str:
        return "; ".join(f"{name} {'rejected' if not c.passed else 'NOT rejected'} at z = {c.z:+.1f}"
                         for name, c in self.controls)

    def __str__(self) -> str:
        return f"{self.check}; controls: {self.control_detail}"


def z_witness(result: MCResult, exact, controls, threshold: float = DEFAULT_Z_THRESHOLD) -> ZWitness:
    """z-test of ``exact`` plus the z-tests of plausible wrong values that must be rejected.

    Parameters
    ----------
    result : MCResult
        The sampled estimate.
    exact : float or mpf
        The value under test (must pass).
    controls : mapping or sequence of (name, value)
        Wrong variants (must each fail), e.g. ``{"x1.02": 1.02 * exact}``.
    threshold : float
        The threshold on ``|z|`` (default 5).

    Examples
    --------
    >>> w = z_witness(MCResult(1.0, 0.001, 10**6), 1.0005, {"x1.02": 1.02})
    >>> w.passed, w.controls_rejected, w.agreement
    (True, True, 'z = -0.50')
    """
    items = tuple(controls.items()) if hasattr(controls, "items") else tuple(controls)
    if not items:
        raise ValueError("z_witness needs at least one control (a wrong value the test must reject)")
    return ZWitness(z_check(result, exact, threshold),
                    tuple((str(n), z_check(result, v, threshold)) for n, v in items))


def detectable_fraction(result: MCResult, exact, threshold: float = DEFAULT_Z_THRESHOLD) -> float:
    """Smallest relative error of ``exact`` that the z-test would reject: ``threshold SE / |exact|``.

    Examples
    --------
    >>> detectable_fraction(MCResult(2.0, 0.004, 1000), 2.0)
    0.01
    """
    exact = float(exact)
    if exact == 0:
        raise ValueError("detectable_fraction needs a non-zero exact value")
    return threshold * result.stderr / abs(exact)


@dataclass(frozen=True)
class ExactZWitness:
    """A Monte Carlo witness standardised with an **exact** variance and decided by a proven-rate test.

    ``z`` is the deviation in units of the exact standard error :math:`\\sigma/\\sqrt n`; ``passed`` and
    each control's rejection come from :func:`rfsym.tailbounds.mean_test` (rate ``alpha`` guaranteed at
    every ``n``, heavy tails included), not from the normal approximation.
    """

    test: object                # tailbounds.MeanTest of the exact value
    controls: tuple             # (name, MeanTest) of each control value
    sample_z: float             # the z the sample standard error would have given (for the audit)

    @property
    def passed(self) -> bool:
        return self.test.passed

    @property
    def controls_rejected(self) -> bool:
        return all(not t.passed for _, t in self.controls)

    @property
    def z(self) -> float:
        return self.test.z

    @property
    def agreement(self) -> str:
        return f"z = {self.test.z:+.2f} (exact s.e.)"

    @property
    def control_detail(self) -> str:
        return "; ".join(f"{name} {'rejected' if not t.passed else 'NOT rejected'} at z = {t.z:+.1f} (exact s.e., "
                         f"rate <= {t.alpha:.2g} guaranteed)" for name, t in self.controls)

    def __str__(self) -> str:
        return (f"MC {self.test.mean:.6g} ± {math.sqrt(self.test.sigma2 / self.test.n):.2g} (exact s.e., n={self.test.n}) "
                f"vs exact {self.test.exact:.6g}: z = {self.test.z:+.2f} ({'pass' if self.passed else 'FAIL'}, "
                f"guaranteed rate <= {self.test.alpha:.2g}); controls: {self.control_detail}")


def exact_z_witness(samples, exact, variance, controls, *, alpha: float | None = None, lower=None,
                    upper=None) -> ExactZWitness:
    """A witness whose z uses the exact variance and whose decisions have a proven false-alarm rate.

    Parameters
    ----------
    samples : array_like
        i.i.d. replicates.
    exact : float
        The value under test (must pass).
    variance : float
        The exact variance of one replicate (from the library's verified formulas), or an upper bound.
    controls : mapping or sequence of (name, value)
        Wrong values that must be rejected (each tested with the same variance).
    alpha : float, optional
        The false-alarm rate (default ``P(|Z| > 5)`` = 5.7e-7, the project's threshold).
    lower, upper : float, optional
        Almost-sure bounds of one replicate (positive features: ``lower=0``).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> s = np.exp(2.5 * rng.standard_normal(50_000) - 3.125)       # mean 1, variance e^6.25 - 1
    >>> w = exact_z_witness(s, 1.0, math.exp(6.25) - 1, {"x3": 3.0}, lower=0.0)
    >>> w.passed, w.controls_rejected
    (True, True)
    """
    from . import tailbounds as _tb
    x = _samples(samples)
    a = math.erfc(DEFAULT_Z_THRESHOLD / math.sqrt(2)) if alpha is None else float(alpha)
    items = tuple(controls.items()) if hasattr(controls, "items") else tuple(controls)
    if not items:
        raise ValueError("exact_z_witness needs at least one control (a wrong value the test must reject)")
    t = _tb.mean_test(x, float(exact), float(variance), alpha=a, lower=lower, upper=upper)
    cs = tuple((str(nm), _tb.mean_test(x, float(v), float(variance), alpha=a, lower=lower, upper=upper))
               for nm, v in items)
    return ExactZWitness(t, cs, mean_of(x).z(exact))


class ExactMeanCheck:
    """A claim check's view of :func:`exact_z_witness`: the decision, the exact-s.e. z, each named control's
    rejection and z, and a one-line report that also shows the z the sample s.e. would have given.

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> c = ExactMeanCheck(rng.exponential(1.0, 20_000), 1.0, 1.0, {"x1.2": 1.2})
    >>> c.passed, c.rejects("x1.2")
    (True, True)
    """

    def __init__(self, samples, exact, variance, controls=None, lower=0.0, upper=None):
        w = exact_z_witness(samples, float(exact), float(variance), controls or {"(none)": float(exact)},
                            lower=lower, upper=upper)
        self.w, self.t, self.exact = w, w.test, float(exact)
        self.named = dict(w.controls) if controls else {}

    passed = property(lambda self: self.w.passed)
    z = property(lambda self: self.w.z)
    sample_z = property(lambda self: self.w.sample_z)

    def rejects(self, name) -> bool:
        """Whether the named control is rejected (at the guaranteed rate)."""
        return not self.named[name].passed

    def cz(self, name) -> float:
        """The named control's z, in exact-s.e. units."""
        return self.named[name].z

    def __str__(self) -> str:
        t = self.t
        return (f"MC {t.mean:.6g} ± {math.sqrt(t.sigma2 / t.n):.2g} (exact s.e., n={t.n}) vs exact {self.exact:.6g}: "
                f"z = {t.z:+.2f} ({'pass' if t.passed else 'FAIL'}, guaranteed rate <= {t.alpha:.2g}; sample-s.e. z "
                f"{self.sample_z:+.2f})")
