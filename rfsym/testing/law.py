"""The exact law of one estimate under the null hypothesis "this code implements mechanism X".

:func:`law_of` collects, for an :mod:`rfsym.estimators` mechanism at a pair :math:`(x, y)` with ``m``
projections, what the guaranteed tests of :mod:`rfsym.testing` need:

* the exact mean (the kernel) and the exact variance (the mechanism's MSE, from the library's verified
  formulas: CRT Thm 3.2, SimRF Thm 3.2, DERF Thm 4.1, HRF Lemmas 2.2-2.4 ...);
* the almost-sure support of the estimate where the feature map bounds it: positive features give
  :math:`\\widehat K \\ge 0`; random Fourier features give :math:`|\\widehat K| \\le 1` (times the
  softmax factor);
* the fourth central moment of the estimate, exact or an upper bound, where the library can give it
  (needed by the MSE test):

  - positive features with real :math:`A` (PosRF, FAVOR+, SimRF, OPRF, FAVOR++: CRT Eqs. (4)-(5) with
    :math:`s=+1`): one projection contributes
    :math:`Z = D^2 e^{2A\\|\\omega\\|^2 + B\\omega^\\top(x+y) - \\|x\\|^2-\\|y\\|^2}`,
    :math:`B=\\sqrt{1-4A}`, :math:`D=(1-4A)^{d/4}`, whose raw moments are Gaussian integrals,
    :math:`E Z^k = D^{2k}e^{-k(\\|x\\|^2+\\|y\\|^2)}(1-4kA)^{-d/2}\\exp\\frac{k^2B^2\\|x+y\\|^2}{2(1-4kA)}`
    (finite for :math:`1-4kA>0`). With i.i.d. rows the fourth central moment of the mean of ``m``
    terms is exact, :math:`(\\mu_4(Z) + 3(m-1)\\sigma_Z^4)/m^3`. With orthogonal or simplex rows
    (each row exactly :math:`\\mathcal N(0, I_d)`: Haar directions, :math:`\\chi_d` norms) Jensen's
    inequality :math:`(\\frac1m\\sum_i (Z_i-K))^4 \\le \\frac1m\\sum_i (Z_i-K)^4` gives the bound
    :math:`\\mu_4(\\widehat K) \\le \\mu_4(Z)`;
  - bounded estimates, :math:`L \\le \\widehat K \\le U`: :math:`\\mu_4 \\le b^2\\sigma^2` with
    :math:`b = \\max(U-K, K-L)`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import mpmath
import numpy as np

from .. import estimators as _est
from ..estimators import mechanisms as _mech

__all__ = ["EstimateLaw", "law_of", "gerf_row_moment"]


@dataclass(frozen=True)
class EstimateLaw:
    """What is known exactly about one estimate under the null hypothesis.

    Attributes
    ----------
    mechanism : str
    mean, variance : float
        Exact mean (the kernel) and variance (the MSE) of one estimate.
    lower, upper : float or None
        Almost-sure bounds of one estimate (None: unbounded on that side).
    central4 : float or None
        Fourth central moment of one estimate: exact when ``central4_exact``, else an upper bound.
    central4_exact : bool
    source : str
        Where the values come from (for messages).
    """

    mechanism: str
    mean: float
    variance: float
    lower: float | None
    upper: float | None
    central4: float | None
    central4_exact: bool
    source: str


def gerf_row_moment(k: int, A: float, x, y) -> float:
    """:math:`E[Z^k]` of one positive GERF term (:math:`s=+1`, real :math:`A`), see the module notes.

    Examples
    --------
    >>> x, y = np.array([0.3, 0.1]), np.array([-0.2, 0.4])
    >>> round(gerf_row_moment(1, 0.0, x, y), 12) == round(math.exp(-0.5 * float(((x - y) ** 2).sum())), 12)
    True
    """
    x = np.asarray(x, float)
    y = np.asarray(y, float)
    d = x.size
    c = 1.0 - 4.0 * k * A
    if c <= 0:
        return math.inf
    u2 = float((x + y) @ (x + y))
    r2 = float(x @ x + y @ y)
    logv = (k * d / 2.0) * math.log1p(-4.0 * A) - k * r2 - (d / 2.0) * math.log(c) + k * k * (1 - 4 * A) * u2 / (2 * c)
    return math.exp(logv) if logv < 700 else math.inf


def _gerf_row_moment_mp(k, A, x, y):
    d = len(x)
    A = mpmath.mpf(A)
    c = 1 - 4 * k * A
    u2 = mpmath.fsum((mpmath.mpf(float(a)) + mpmath.mpf(float(b))) ** 2 for a, b in zip(x, y))
    r2 = mpmath.fsum(mpmath.mpf(float(a)) ** 2 for a in x) + mpmath.fsum(mpmath.mpf(float(b)) ** 2 for b in y)
    return mpmath.exp(mpmath.mpf(k * d) / 2 * mpmath.log(1 - 4 * A) - k * r2 - mpmath.mpf(d) / 2 * mpmath.log(c)
                      + k * k * (1 - 4 * A) * u2 / (2 * c))


def _positive_A(est):
    """The real A of a positive GERF-type mechanism, or None."""
    if isinstance(est, _mech._PosRF):
        return 0.0
    if isinstance(est, _mech._OPRF):
        return float(est.params["A"])
    if isinstance(est, _mech._GERF):
        A = complex(est.params["A"])
        if A.imag == 0 and est.params["s"] == 1:
            return A.real
    return None


#: Mechanisms whose estimate is the average over projections of one term each (features per row).
_ROW_AVERAGES = (_mech._TrigRF, _mech._TrigPhase, _mech._PosRF, _mech._Antithetic, _mech._GERF, _mech._OPRF,
                 _mech._DERF)


def _is_positive(est):
    return (_positive_A(est) is not None or isinstance(est, (_mech._Antithetic, _mech._DERF)))


def _trig_bound(est, x, y):
    """|estimate| bound of the random Fourier mechanisms, in the native kernel, or None."""
    if isinstance(est, _mech._TrigRF):
        return 1.0
    if isinstance(est, _mech._TrigPhase):
        return 2.0 * math.exp(0.5 * float(x @ x + y @ y))
    return None


def law_of(est, x, y, m: int, coupling: str | None = None) -> EstimateLaw:
    """The exact law summary of ``est``'s ``m``-projection estimate at ``(x, y)``.

    Parameters
    ----------
    est : rfsym estimator (fitted if it needs a fit)
    x, y : ndarray, shape (d,)
    m : int
    coupling : str, optional

    Returns
    -------
    EstimateLaw

    Raises
    ------
    rfsym.estimators.NoExactValue
        When the library has no exact variance for this mechanism and coupling, and no bound: a row
        average with orthogonal or simplex rows (each exactly :math:`\\mathcal N(0, I_d)`) is given the
        variance of one projection's term, :math:`m` times the i.i.d. MSE, a valid upper bound.

    Examples
    --------
    >>> from rfsym import estimators
    >>> law = law_of(estimators.get("PosRF"), np.array([0.5, 0.0]), np.array([0.0, 0.5]), 4)
    >>> law.lower, law.upper, law.central4_exact
    (0.0, None, True)
    """
    coupling = est.default_coupling if coupling is None else coupling
    K = float(est.mean(x, y))
    var_bound = False
    try:
        var = float(est.mse(x, y, m, coupling))
    except _est.NoExactValue:
        # a row average whose rows are each exactly N(0, I_d) (Haar directions or a rotated simplex, chi_d
        # norms): Var(mean of m coupled terms) <= Var(one term) = m * (i.i.d. MSE with m rows), by Jensen
        if not (coupling in ("orthogonal", "simplex") and isinstance(est, _ROW_AVERAGES)):
            raise
        var = float(m * est.mse(x, y, m, "iid"))
        var_bound = True
    a = _est._alpha(est.native_kernel, est.kernel)
    scale = math.exp(a * float(x @ x + y @ y)) if a else 1.0
    lower = upper = None
    c4, exact4 = None, False
    src = (f"{est.name}: exact MSE ({coupling} coupling, m = {m}) from rfsym's verified formulas" if not var_bound else
           f"{est.name}: variance bounded by one projection's (no exact MSE for the {coupling} coupling; rows are "
           f"exactly N(0, I), Jensen): a valid, conservative test")
    if _is_positive(est):
        lower = 0.0
    tb = _trig_bound(est, x, y)
    if tb is not None:
        lower, upper = -tb * scale, tb * scale
    A = _positive_A(est)
    if A is not None and coupling in ("iid", "orthogonal", "simplex") and not var_bound:
        if 1 - 16 * A > 0:
            with mpmath.workdps(40):      # central from raw moments cancels: 40 digits, then float
                mom = [_gerf_row_moment_mp(k, A, x, y) for k in (1, 2, 3, 4)]
                k1 = mom[0]
                s2 = mom[1] - k1 ** 2
                mu4 = mom[3] - 4 * k1 * mom[2] + 6 * k1 ** 2 * mom[1] - 3 * k1 ** 4
                if coupling == "iid":
                    c4, exact4 = float((mu4 + 3 * (m - 1) * s2 ** 2) / m ** 3 * scale ** 4), True
                else:
                    c4 = float(mu4 * scale ** 4)
            src += ("; exact fourth moment (Gaussian integrals of the i.i.d. terms)" if exact4 else
                    "; fourth moment bounded by one term's (Jensen; rows exactly N(0, I))")
    if c4 is None and lower is not None and upper is not None:
        b = max(upper - K, K - lower)
        c4 = b * b * var
        src += "; fourth moment bounded by the support"
    return EstimateLaw(est.name, K, var, lower, upper, c4, exact4, src)
