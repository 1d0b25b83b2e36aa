"""Non-asymptotic tests of a mean with a guaranteed false-alarm rate, from exact moments only.

The z-test of :mod:`rfsym.montecarlo` standardises with the *sample* standard error and reads the
rate off the normal law. For heavy-tailed estimates (positive random features at the norms attention
uses) both steps fail: the sample misses the rare large terms, its standard error shrinks with them,
and a correct implementation fails far more often than the normal tail says. This module builds
tests whose false-alarm rate is a *proven* bound, given the exact variance (and, where known, the
support) of one replicate under the null hypothesis:

* a side the law is bounded on (estimates :math:`\\ge L` or :math:`\\le U`) is tested on the sample
  mean, with the smaller of Maurer's bound for non-negative variables,
  :math:`P(\\mu-\\bar X\\ge t)\\le e^{-nt^2/(2E[(X-L)^2])}` [1], and Bernstein's,
  :math:`P(\\mu-\\bar X\\ge t)\\le e^{-nt^2/(2\\sigma^2+2bt/3)}` with :math:`b=\\mu-L` [2] (the same
  mirrored for an upper bound :math:`U`);
* an unbounded side is tested on the **median of** :math:`k` **block means** (:math:`k` odd): the
  block mean exceeds the threshold with probability :math:`\\le p` by Cantelli's inequality, and the
  median does so only if :math:`(k+1)/2` blocks do, a binomial tail [3]. :func:`mom_design` picks
  :math:`k` and :math:`p` to minimise the threshold at the rate asked.

The power is bounded the same way (Cantelli again), for two kinds of alternative: *any* law with the
null's variance and a shifted mean (:func:`side_power_shift`), and the null's law scaled by
:math:`1+b`, whose variance scales by :math:`(1+b)^2` (:func:`side_power_scale`: a normalisation slip).
Nothing here is asymptotic.

References
----------
.. [1] A. Maurer, "A bound on the deviation probability for sums of non-negative random variables",
   JIPAM 4(1), 2003.
.. [2] S. Boucheron, G. Lugosi, P. Massart, *Concentration Inequalities*, OUP 2013, Thm 2.10.
.. [3] A. Nemirovski, D. Yudin, *Problem Complexity and Method Efficiency in Optimization*, 1983 (the
   median-of-means device); P.-L. Loh, "Median-of-means", lecture notes.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

__all__ = ["binom_tail", "mom_design", "MoMDesign", "bounded_side_threshold", "Side", "MeanTest",
           "mean_test", "side_power_shift", "side_power_scale", "median_of_means"]


@functools.lru_cache(maxsize=1024)
def _log_binom(k: int) -> tuple:
    """:math:`\\log\\binom{k}{i}` for ``i = 0..k``, as ``lgamma(k+1) - lgamma(i+1) - lgamma(k-i+1)`` (the same
    floating-point operations :func:`binom_tail` adds its two other terms to, computed once per ``k``)."""
    return tuple(math.lgamma(k + 1) - math.lgamma(i + 1) - math.lgamma(k - i + 1) for i in range(k + 1))


def binom_tail(k: int, p: float, j: int) -> float:
    """:math:`P(\\mathrm{Bin}(k, p) \\ge j)`, summed exactly in floating point.

    Examples
    --------
    >>> round(binom_tail(3, 0.5, 2), 12)
    0.5
    >>> binom_tail(5, 0.0, 1), binom_tail(5, 1.0, 5)
    (0.0, 1.0)
    """
    if p <= 0:
        return 0.0 if j > 0 else 1.0
    if p >= 1:
        return 1.0
    lp, lq = math.log(p), math.log1p(-p)
    lc = _log_binom(k)
    terms = [lc[i] + i * lp + (k - i) * lq for i in range(max(j, 0), k + 1)]
    if not terms:
        return 0.0
    mx = max(terms)
    return min(1.0, math.exp(mx) * sum(math.exp(t - mx) for t in terms))


@dataclass(frozen=True)
class MoMDesign:
    """Median-of-means design: ``k`` blocks (odd), per-block exceedance probability ``p``.

    ``t_units`` is the threshold in units of :math:`\\sigma/\\sqrt n` (per side).
    """

    k: int
    p: float
    t_units: float


@functools.lru_cache(maxsize=4096)
def _p_for(k: int, alpha: float) -> float:
    """Largest p with P(Bin(k, p) >= (k+1)/2) <= alpha (bisection on a monotone function).

    At most 80 halvings; it stops early once a step leaves ``(lo, hi)`` unchanged: every later step would
    then repeat it, so the result is the 80-step one bit for bit (about 55 steps reach adjacent floats).
    """
    j = (k + 1) // 2
    lo, hi = 0.0, 0.5
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        if binom_tail(k, mid, j) <= alpha:
            if mid == lo:
                break
            lo = mid
        else:
            if mid == hi:
                break
            hi = mid
    return lo


@functools.lru_cache(maxsize=256)
def mom_design(alpha: float, n: int) -> MoMDesign:
    """Blocks and per-block level minimising the one-sided median-of-means threshold at rate ``alpha``.

    With ``g = n // k`` replicates a block, Cantelli's inequality gives a block mean above
    :math:`\\mu + t` with probability :math:`\\le \\sigma^2/(\\sigma^2+g t^2) = p`, so
    :math:`t = (\\sigma/\\sqrt g)\\sqrt{1/p-1}`; the median exceeds it with probability
    :math:`\\le P(\\mathrm{Bin}(k,p)\\ge (k+1)/2) \\le \\alpha`.

    Examples
    --------
    >>> d = mom_design(2.85e-7, 20000)
    >>> d.k % 2, 10 < d.t_units < 25
    (1, True)
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}")
    best = None
    for k in range(3, min(401, n // 2 + 1), 2):
        # p <= 1/2 and n / (n // k) >= k give t >= sqrt(k): from k >= t_best^2 on, no k improves the
        # threshold (the loop keeps the first, smallest k at a tie), so stopping changes nothing
        if best is not None and math.sqrt(k) >= best.t_units:
            break
        p = _p_for(k, alpha)
        if p <= 0:
            continue
        g = n // k
        t = math.sqrt(n / g) * math.sqrt(1.0 / p - 1.0)
        if best is None or t < best.t_units:
            best = MoMDesign(k, p, t)
    if best is None:
        raise ValueError(f"n = {n} replicates are too few for a median-of-means test at rate {alpha:g}")
    return best


def bounded_side_threshold(sigma2: float, gap: float, n: int, alpha: float) -> float:
    """Deviation ``t`` of the sample mean beyond which a bounded side rejects, at rate ``alpha``.

    ``gap`` is the distance from the mean to the bound on that side (``mu - L`` or ``U - mu``). The
    smaller of Maurer's threshold :math:`\\sqrt{2(\\sigma^2+\\mathrm{gap}^2)\\ln(1/\\alpha)/n}` and
    Bernstein's (the root of :math:`nt^2 = (2\\sigma^2 + 2\\,\\mathrm{gap}\\,t/3)\\ln(1/\\alpha)`);
    both are valid, so their minimum is.

    Examples
    --------
    >>> t = bounded_side_threshold(1.0, 0.0, 10000, 1e-6)   # a bound at the mean: Bernstein = sub-Gaussian
    >>> round(t * 100, 3) == round(math.sqrt(2 * math.log(1e6)), 3)
    True
    """
    lg = math.log(1.0 / alpha)
    maurer = math.sqrt(2.0 * (sigma2 + gap * gap) * lg / n)
    b = 2.0 * gap * lg / 3.0
    bern = (b + math.sqrt(b * b + 4.0 * n * 2.0 * sigma2 * lg)) / (2.0 * n)
    return min(maurer, bern)


def median_of_means(samples, k: int) -> float:
    """Median of the means of ``k`` consecutive blocks of ``len(samples) // k`` (the rest dropped).

    Examples
    --------
    >>> median_of_means(np.arange(9.0), 3)
    4.0
    """
    s = np.asarray(samples, dtype=float)
    g = s.size // k
    return float(np.median(s[: g * k].reshape(k, g).mean(axis=1)))


def _cantelli_shift(sigma2: float, n: int, beta: float) -> float:
    """Smallest s with sigma^2 / (sigma^2 + n s^2) <= beta."""
    return math.sqrt(sigma2 * (1.0 - beta) / (beta * n))


@dataclass(frozen=True)
class Side:
    """One side of a mean test: how it decides and what it guarantees."""

    direction: int          # -1 lower side (mean too small), +1 upper side (too large)
    method: str             # "mean: Bernstein/Maurer" or "median of k block means (Cantelli)"
    threshold: float        # deviation (absolute) beyond which it rejects
    statistic: float        # the deviation observed (statistic - exact), signed
    alpha: float
    k: int = 1              # blocks (1 for the sample mean)
    p: float = 0.0

    @property
    def rejects(self) -> bool:
        return self.direction * self.statistic > self.threshold


def side_power_shift(side: Side, sigma2: float, n: int, power: float) -> float:
    """Smallest shift of the mean that ``side`` detects with probability >= ``power``, for any law
    with variance ``sigma2`` (Cantelli's inequality; for the median side, per block and a binomial tail).

    Examples
    --------
    >>> s = Side(-1, "mean", 0.05, 0.0, 1e-6)
    >>> round(side_power_shift(s, 1.0, 10000, 0.8), 4)    # t + 2 sigma / sqrt(n)
    0.07
    """
    beta = 1.0 - power
    if side.k == 1:
        return side.threshold + _cantelli_shift(sigma2, n, beta)
    g = n // side.k
    j = (side.k + 1) // 2
    q = _p_for(side.k, beta)            # per-block miss probability allowed
    if q <= 0:
        return math.inf
    # block mean below the threshold although its mean is shifted by delta: Cantelli with s = delta - t
    return side.threshold + _cantelli_shift(sigma2, g, q) if binom_tail(side.k, q, j) <= beta else math.inf


def side_power_scale(side: Side, sigma2: float, n: int, power: float, exact: float) -> float:
    """Smallest relative scaling ``|b|`` of the law, :math:`X \\to (1+b)X`, that ``side`` detects with
    probability >= ``power`` (the variance scales by :math:`(1+b)^2`; Cantelli as in :func:`side_power_shift`).

    A normalisation slip multiplies the estimate: its variance grows with it, so on the upper side the
    detectable factor is larger than the shift of the same mean. Returns ``inf`` when no scaling is
    detected with that power (``exact <= 0``, or the spread outgrows the shift).

    Examples
    --------
    >>> s = Side(+1, "mean", 0.05, 0.0, 1e-6)
    >>> b = side_power_scale(s, 1.0, 10000, 0.8, 1.0)     # (t + c) / (K - c), c = 2 sigma / sqrt(n)
    >>> round(b, 6) == round((0.05 + 0.02) / (1 - 0.02), 6)
    True
    """
    if exact <= 0:
        return math.inf
    beta = 1.0 - power
    if side.k == 1:
        c = _cantelli_shift(sigma2, n, beta)
    else:
        q = _p_for(side.k, beta)
        if q <= 0:
            return math.inf
        c = _cantelli_shift(sigma2, n // side.k, q)
    t = side.threshold
    if side.direction > 0:
        return (t + c) / (exact - c) if exact > c else math.inf
    b = (t + c) / (exact + c)
    return b if b < 1 else math.inf


@dataclass(frozen=True)
class MeanTest:
    """A two-sided test of :math:`E[X] = \\mu` with a guaranteed false-alarm rate."""

    exact: float
    mean: float
    n: int
    sigma2: float
    alpha: float
    sides: tuple            # of Side
    detect80: tuple         # (lower shift, upper shift) detected with power >= 0.8
    detect95: tuple
    scale80: tuple = (math.inf, math.inf)    # (lower, upper) relative scaling detected with power >= 0.8
    scale95: tuple = (math.inf, math.inf)

    @property
    def passed(self) -> bool:
        return not any(s.rejects for s in self.sides)

    @property
    def z(self) -> float:
        """The mean's deviation in units of the exact standard error :math:`\\sigma/\\sqrt n`."""
        return (self.mean - self.exact) / math.sqrt(self.sigma2 / self.n) if self.sigma2 > 0 else (
            0.0 if self.mean == self.exact else math.copysign(math.inf, self.mean - self.exact))

    def describe(self) -> str:
        parts = []
        for s in self.sides:
            word = "low" if s.direction < 0 else "high"
            parts.append(f"{word}: {s.method}, fails beyond {s.threshold / math.sqrt(self.sigma2 / self.n):.3g} s.e."
                         if self.sigma2 > 0 else f"{word}: {s.method}")
        return "; ".join(parts)


def mean_test(samples, exact: float, sigma2: float, *, alpha: float, lower: float | None = None,
              upper: float | None = None) -> MeanTest:
    """Test :math:`E[X] = \\mu` (``exact``) from i.i.d. ``samples`` with exact variance ``sigma2``.

    Parameters
    ----------
    samples : array_like
        i.i.d. replicates.
    exact : float
        The mean under the null hypothesis.
    sigma2 : float
        The exact variance of one replicate under the null (an upper bound is also valid).
    alpha : float
        The false-alarm rate guaranteed (split equally between the two sides).
    lower, upper : float, optional
        Almost-sure bounds of one replicate under the null; a bounded side is tested on the sample
        mean (:func:`bounded_side_threshold`), an unbounded one on the median of block means
        (:func:`mom_design`).

    Returns
    -------
    MeanTest

    Examples
    --------
    A correct law passes; a 25 % shift of an exponential law fails (its upper side is unbounded, so it
    is tested on the median of block means):

    >>> rng = np.random.default_rng(0)
    >>> x = rng.exponential(1.0, 20000)
    >>> mean_test(x, 1.0, 1.0, alpha=1e-6, lower=0.0).passed
    True
    >>> mean_test(x * 1.25, 1.0, 1.0, alpha=1e-6, lower=0.0).passed
    False
    """
    s = np.asarray(samples, dtype=float).ravel()
    n = s.size
    if n < 6:
        raise ValueError(f"need at least 6 replicates, got {n}")
    if not (sigma2 >= 0 and math.isfinite(sigma2)):
        raise ValueError(f"sigma2 must be a finite variance, got {sigma2!r}")
    a_side = alpha / 2.0
    mean = float(s.mean())
    sides = []
    for direction, bound in ((-1, lower), (+1, upper)):
        if bound is not None:
            gap = max(0.0, direction * (bound - exact))
            t = bounded_side_threshold(sigma2, gap, n, a_side)
            sides.append(Side(direction, "sample mean (Bernstein/Maurer bound)", t, mean - exact, a_side))
        else:
            des = mom_design(a_side, n)
            t = des.t_units * math.sqrt(sigma2 / n)
            sides.append(Side(direction, f"median of {des.k} block means (Cantelli + binomial bound)", t,
                              median_of_means(s, des.k) - exact, a_side, des.k, des.p))
    det80 = tuple(side_power_shift(sd, sigma2, n, 0.8) for sd in sides)
    det95 = tuple(side_power_shift(sd, sigma2, n, 0.95) for sd in sides)
    sc80 = tuple(side_power_scale(sd, sigma2, n, 0.8, exact) for sd in sides)
    sc95 = tuple(side_power_scale(sd, sigma2, n, 0.95, exact) for sd in sides)
    return MeanTest(float(exact), mean, n, float(sigma2), float(alpha), tuple(sides), det80, det95, sc80, sc95)
